import type { IsoWoche } from '@waldkita/domain/kalender/iso-woche';

/** SPEC.md §9: the Admin Center's toasts last 5 s. */
export const TOAST_MS = 5000;

/** SPEC.md §9: a non-admin is sent back to the dashboard after 2 s. */
export const REDIRECT_MS = 2000;

/** Holiday types of SPEC.md §5, in the order they are offered. */
export const FERIENARTEN = [
  'Sommerferien',
  'Herbstferien',
  'Weihnachtsferien',
  'Faschingsferien',
  'Osterferien',
  'Brückentag',
  'Fortbildung',
  'Sonstiges',
] as const;

/** The typed phrase that unlocks the CSV import (SPEC.md §9). */
export const BESTAETIGUNGS_PHRASE = 'DATENBANK LÖSCHEN';

/** Texts of SPEC.md §2, §5, §6 and §8 for the Admin Center. */
export const MELDUNG = {
  zugriffVerweigert: 'Zugriff verweigert',
  keineBerechtigung: 'Sie haben keine Berechtigung für das Admin Dashboard.',
  adminErforderlich: 'Zugriff verweigert. Admin-Berechtigung erforderlich.',
  laden: 'Lade Admin Dashboard...',

  ladeFehlerEltern: 'Fehler beim Laden der Eltern',
  ladeFehlerGruppen: 'Fehler beim Laden der Gruppen',
  ladeFehlerStatus: 'Fehler beim Laden des Ferienstatus',
  ladeFehlerStatusFallback: 'Fehler beim Laden des Status',
  ladeFehlerUebersicht: 'Fehler beim Laden der Ferienübersicht',
  loeschFehler: 'Fehler beim Löschen',
  personendatenFehler: 'Fehler beim Löschen der Personendaten',
  personendatenGeloescht: 'Die Personendaten wurden gelöscht. Die Familie erscheint jetzt als „Gelöschte Familie“.',
  bestaetigFehler: 'Fehler beim Bestätigen',
  erstellFehler: 'Fehler beim Erstellen',
  erstellFehlerZeitraum: 'Fehler beim Erstellen des Ferienzeitraums',
  importFehler: 'Fehler beim Import',
  importFehlgeschlagen: 'CSV Import fehlgeschlagen',
  planFehler: 'Fehler beim Planen',
  ladeFehlerStatistik: 'Fehler beim Laden der Zahlen',
  exportFehler: 'Fehler beim Export',
  passwortFehler: 'Fehler beim Setzen des Passworts',
  passwortGesetzt: 'Passwort wurde zurückgesetzt.',

  keineEltern: 'Keine Eltern gefunden.',
  ohneGruppe: 'Ohne Gruppe',
  felderFehlen: 'Bitte füllen Sie alle Felder aus',
  adminGeschuetzt: 'Admin-Accounts können nicht gelöscht werden.',
  rolleFehler: 'Fehler beim Ändern der Rolle',
  anteilFehler: 'Fehler beim Setzen des Anteils',

  ferienUngueltig: 'Bitte Ferienart und einen gültigen Datumsbereich auswählen',
  ferienUmgekehrt: 'Das Startdatum darf nicht nach dem Enddatum liegen.',
  ferienErstellt: 'Ferienzeitraum erfolgreich erstellt',
  ferientagGeloescht: 'Ferientag gelöscht',
  ferienwocheGeloescht: 'Ferienwoche gelöscht',
  ferienBestaetigt: 'Ferientermine bestätigt! CSV-Import ist jetzt möglich.',
  ferienBestaetigenFrage:
    'Möchten Sie die Ferientermine jetzt bestätigen? Danach ist der CSV-Import möglich. Spätere Korrekturen sind auf der Seite „Schließzeiten & Events“ möglich.',

  dateiFehlt: 'Bitte wählen Sie eine CSV-Datei aus',
  dateiUngueltig: 'Bitte wählen Sie eine gültige CSV-Datei aus',
  ferienNichtBestaetigt: 'Ferientermine müssen zuerst bestätigt werden',
  fristFehlt: 'Bitte wählen Sie ein Fälligkeitsdatum für die Wasserdienst-Zuweisung aus.',
  importErfolgreich: 'CSV erfolgreich importiert! Alle vorherigen Daten wurden ersetzt.',
} as const;

/** SPEC.md §8: a new family is reported as notified by e-mail (the welcome mail with the link to set a password). */
export const elternAngelegt = (nachname: string) => `Familie ${nachname} wurde angelegt und per E-Mail benachrichtigt.`;

export const loeschenFrage = (nachname: string, email: string) =>
  `Möchten Sie Familie ${nachname} (${email}) wirklich löschen? Ihre künftigen Wasserdienste werden wieder frei.`;

/** 'Personendaten löschen' (issue 18): what erasure does, plainly, and that it cannot be undone. */
export const personendatenLoeschenFrage = (nachname: string) =>
  `Die Familie ${nachname} wird aus dem Kindergarten entfernt, falls sie noch angemeldet ist, und ihre Personendaten werden endgültig gelöscht: Name, Name des Kindes, E-Mail-Adresse, Nachrichten und Geräte. Im Verlauf und in den Plänen erscheint sie danach als „Gelöschte Familie“. Das kann nicht rückgängig gemacht werden.`;

/** 'KW 49/2026'. */
export const kwJahr = ({ kalenderwoche, jahr }: IsoWoche) => `KW ${kalenderwoche}/${jahr}`;

/** '{surname} wurde erfolgreich gelöscht', and which weeks are free again. */
export const elternGeloescht = (nachname: string, freigegeben: readonly IsoWoche[] = []) => {
  const text = `${nachname} wurde erfolgreich gelöscht`;
  return freigegeben.length > 0 ? `${text}. Frei gewordene Wochen: ${freigegeben.map(kwJahr).join(', ')}` : text;
};

export const ferienartGeloescht = (art: string) => `${art} Wochen gelöscht`;

export const ferienartLoeschenFrage = (art: string, jahr: number) =>
  `Möchten Sie alle Einträge „${art}“ für ${jahr} löschen (Wochen und einzelne Tage)?`;

/** How 'alle …' reads for each holiday type: 'Herbstferien', 'Brückentage', 'sonstigen Einträge'. */
const ALLE: Record<string, string> = { Brückentag: 'Brückentage', Fortbildung: 'Fortbildungen', Sonstiges: 'sonstigen Einträge' };

/** 'Alle Herbstferien 2027 löschen', 'Alle Brückentage 2027 löschen': the button names the type and the year. */
export const ferienartLoeschenKnopf = (art: string, jahr: number) =>
  `Alle ${art.endsWith('ferien') ? art : (ALLE[art] ?? `Einträge „${art}“`)} ${jahr} löschen`;

export const ferientagLoeschenFrage = (datum: string, art: string) => `Möchten Sie den Ferientag ${datum} (${art}) wirklich löschen?`;

export const ferienwocheLoeschenFrage = (kw: string, art: string) => `Möchten Sie die Ferienwoche ${kw} (${art}) wirklich löschen?`;

/** An account with the auditor role: reads the audit trail ('Verlauf'), writes nothing. */
export const istPrueferEintrag = (eltern: { authorities: { authority: string }[] }) =>
  eltern.authorities.some((a) => a.authority === 'ROLE_AUDITOR');

/** 'Gruppe {Name} wurde angelegt.', as the server says it. */
export const gruppeAngelegt = (name: string) => `Gruppe ${name} wurde angelegt.`;

/** The server says only 'Gruppe wurde gelöscht.'; the toast names the group. */
export const gruppeGeloescht = (name: string) => `Gruppe ${name} wurde gelöscht.`;

export const gruppeLoeschenFrage = (name: string) => `Möchten Sie die Gruppe „${name}“ wirklich löschen?`;

/** '0 Familien', '1 Familie', '12 Familien'. */
export const familienAnzahl = (n: number) => (n === 1 ? '1 Familie' : `${n} Familien`);

export const exportGespeichert = (dateiname: string) => `${dateiname} wurde heruntergeladen.`;
