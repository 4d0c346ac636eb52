import { ARTEN, type Art } from './arten';

/** SPEC.md §9: toasts of the closing-times screen last 5 s. */
export const TOAST_MS = 5000;

/** SPEC.md §8 closing-times toasts, word for word. */
export const MELDUNG = {
  ladeFehler: (art: Art) => `Fehler beim Laden der ${ARTEN[art].plural}`,
  erstellFehler: 'Fehler beim Erstellen',
  aktualisierFehler: 'Fehler beim Aktualisieren',
  loeschFehler: 'Fehler beim Löschen',
  /** '{n} Schließzeiten erfolgreich erstellt' when a range created more than one week. */
  erstellt: (art: Art, anzahl = 1) =>
    anzahl > 1 ? `${anzahl} ${ARTEN[art].plural} erfolgreich erstellt` : `${ARTEN[art].singular} erfolgreich erstellt`,
  aktualisiert: (art: Art) => `${ARTEN[art].singular} erfolgreich aktualisiert`,
  geloescht: (art: Art) => `${ARTEN[art].singular} erfolgreich gelöscht`,
} as const;

/** SPEC.md §5 closing week, day and event; the server answers with the same texts. */
export const PRUEFUNG = {
  felderFehlen: 'Bitte füllen Sie alle Felder aus',
  jahrBereich: 'Jahr muss zwischen 2020 und 2030 liegen',
  bereichWochenFehlen: 'Bitte geben Sie Start- und Endwoche an',
  bereichWochen: 'Kalenderwochen müssen zwischen 1 und 53 liegen',
  startNachEnde: 'Startwoche muss kleiner oder gleich Endwoche sein',
  wocheFehlt: 'Bitte geben Sie eine Kalenderwoche an',
  woche: 'Kalenderwoche muss zwischen 1 und 53 liegen',
  beschreibungLeer: 'Beschreibung darf nicht leer sein',
  beschreibungZuLang: (max: number) => `Die Beschreibung darf höchstens ${max} Zeichen lang sein.`,
  datumFest: 'Das Datum kann nicht geändert werden',
  wocheFest: 'Kalenderwoche und Jahr können nicht geändert werden',
} as const;

export const UNWIDERRUFLICH = 'Diese Aktion kann nicht rückgängig gemacht werden.';

export const JAHR_MIN = 2020;
export const JAHR_MAX = 2030;
