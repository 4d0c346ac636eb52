import type { AbwesenheitEvent } from '../abwesenheit/abwesenheit.js';
import type { AnpassungEvent } from '../dienste/anpassung.js';
import type { DienstartAngaben, DienstartEvent } from '../dienste/dienstart.js';
import type { DiensteEvent } from '../dienste/dienste.js';
import { type Termin, terminText } from '../dienste/termine.js';
import type { EinsatzDaten, EinsatzEvent } from '../einsatz/einsatz.js';
import type { EinsatzVerzeichnisEvent } from '../einsatz/einsatz-verzeichnis.js';
import { type ElternEvent, istAdmin } from '../eltern/eltern.js';
import { istGeloeschteFamilie, type PseudonymEvent, pseudonym } from '../eltern/pseudonyme.js';
import type { GruppeEvent } from '../gruppe/gruppe.js';
import type { Sprache } from '../i18n/sprachen.js';
import type { ImportEvent } from '../import/saison-import.js';
import { datumDeutsch, type IsoWoche } from '../kalender/iso-woche.js';
import type { KalenderEvent } from '../kalender/schliesszeiten.js';
import type { KalenderAboEvent } from '../kalender-abo/kalender-abo.js';
import type { MitteilungEvent } from '../mitteilung/mitteilung.js';
import type { BenachrichtigungEvent } from '../push/benachrichtigungen.js';
import type { SaisonEvent } from '../saison/saison.js';
import { kitajahrName } from '../stunden/rechnen.js';
import type { StundenjahrEvent } from '../stunden/stundenjahr.js';
import type { DienstplanEvent } from '../wasserdienst/dienstplan.js';
import type { AnkerEvent } from './anker.js';
import { rollenName } from './pruefer.js';
import { zeitDeutsch } from './zeit.js';
import { ZUGRIFF_ARTEN, type ZugriffEvent } from './zugriff.js';

/**
 * The audit trail in words: one German sentence per event, for the parents' council and the
 * auditors — never JSON. Pure: the names of families and groups (and the weeks of duties and
 * calendar entries that an event names only by id) come from the caller.
 */

/** The languages as the German audit trail names them. */
const SPRACHE_DEUTSCH: Readonly<Record<Sprache, string>> = {
  de: 'Deutsch',
  en: 'Englisch',
  tr: 'Türkisch',
  uk: 'Ukrainisch',
  ar: 'Arabisch',
  pl: 'Polnisch',
};

/** Every event the domain appends. */
export type DomainEreignis =
  | ElternEvent
  | PseudonymEvent
  | GruppeEvent
  | DienstplanEvent
  | DienstartEvent
  | DiensteEvent
  | EinsatzEvent
  | EinsatzVerzeichnisEvent
  | AnpassungEvent
  | AbwesenheitEvent
  | KalenderEvent
  | SaisonEvent
  | MitteilungEvent
  | BenachrichtigungEvent
  | KalenderAboEvent
  | ImportEvent
  | StundenjahrEvent
  | AnkerEvent
  | ZugriffEvent
  /** Migration 12 sealed the personal data of an older log (platform/src/datenschutz/altbestand.ts). */
  | { type: 'PersonendatenVersiegelt'; data: { ereignisse: number; streams: readonly unknown[] } };

/** What an event names only by id, the audit module looks up. */
export type KalenderBezug = { woche: IsoWoche } | { datum: string };

export type Kontext = {
  /** The family's surname (also of removed families), or null when unknown. */
  familie: (elternId: string) => string | null;
  gruppe: (gruppeId: string) => string | null;
  /** The week of a duty; duties never change their week, only their family. */
  woche?: (wasserdienstId: string) => IsoWoche | null;
  /** The week or day of a closing week, closing day, event or holiday, from the event that created it. */
  kalender?: (id: string) => KalenderBezug | null;
  /** The name of a duty kind (other than Wasserdienst) by its id, from the event that created or last changed it. */
  dienstart?: (dienstartId: string) => string | null;
  /** The date of a duty of another kind; dates never change, only their family. */
  termin?: (dienstId: string) => Termin | null;
  /** A work day's title and date (read model `einsatz`), for the events that name it only by id. */
  einsatz?: (einsatzId: string) => { titel: string; datum: string } | null;
  /** A shift's task and time (read model `einsatz_schicht`). */
  schicht?: (schichtId: string) => { aufgabe: string; beginn: string; ende: string } | null;
};

/** An event as the log stores it; `data` is whatever was appended. */
export type GeloggtesEreignis = { type: string; data: unknown; streamName?: string; metadata?: { correlationId?: string | null } };

export const kw = ({ jahr, kalenderwoche }: IsoWoche) => `KW ${kalenderwoche}/${jahr}`;

const anzahl = (n: number, eins: string, mehr: string) => `${n} ${n === 1 ? eins : mehr}`;

const zitat = (text: string) => `„${text}“`;

/** A long text shortened for a one-line sentence (80 characters and an ellipsis). */
const gekuerzt = (text: string) => ([...text].length > 80 ? `${[...text].slice(0, 80).join('').trimEnd()}…` : text);

/** ' KW 33/2026' or ' 24.12.2026' for a calendar entry, or nothing when it cannot be found. */
const bezugText = (k: Kontext, id: string) => {
  const bezug = k.kalender?.(id);
  if (!bezug) return '';
  return 'woche' in bezug ? ` ${kw(bezug.woche)}` : ` ${datumDeutsch(bezug.datum)}`;
};

type Beschreiber = {
  [T in DomainEreignis['type']]?: (data: Extract<DomainEreignis, { type: T }>['data'], k: Kontext) => string;
};

/** 'Familie Bauer'; an erased family is its pseudonym alone ('Gelöschte Familie 2'), never 'Familie Gelöschte Familie 2'. */
export const familienName = (nachname: string | null | undefined) =>
  istGeloeschteFamilie(nachname) ? (nachname as string) : `Familie ${nachname ?? '(unbekannt)'}`;

const familie = (k: Kontext, elternId: string) => familienName(k.familie(elternId));

/** An erased family's reasons read as empty: then no reason is quoted. */
const mitGrund = (grund: string) => (grund.trim() ? ` Grund: ${zitat(gekuerzt(grund))}` : '');

const gruppe = (k: Kontext, gruppeId: string | null) => {
  if (!gruppeId) return 'ohne Gruppe';
  const name = k.gruppe(gruppeId);
  return name ? `Gruppe ${zitat(name)}` : 'Gruppe (unbekannt)';
};

/** '„Putzdienst“' for a duty kind; a kind the caller cannot name is 'einer Dienstart'. */
const dienstartName = (k: Kontext, dienstartId: string) => {
  if (dienstartId === 'wasserdienst') return zitat('Wasserdienst');
  const name = k.dienstart?.(dienstartId);
  return name ? zitat(name) : '(unbekannte Dienstart)';
};

/** The scope of a plan: a group, or 'die ganze Kita'. */
const bereich = (k: Kontext, bereichId: string) => (bereichId === 'kita' ? 'ganze Kita' : gruppe(k, bereichId));

const WOCHENTAGE = ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'];
const MONATE = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'];
const zahl = (n: number) => n.toLocaleString('de-DE', { maximumFractionDigits: 2 });

/** 'am Wochenende, November bis März, je Gruppe, 2 Familien pro Termin, 2,5 Stunden, ruht bei Schließzeiten'. */
const dienstartAngaben = (d: DienstartAngaben) => {
  const teile = [
    d.rhythmus === 'woche'
      ? 'wöchentlich'
      : d.rhythmus === 'wochenende'
        ? 'am Wochenende'
        : `an den Wochentagen ${(d.wochentage ?? []).map((t) => WOCHENTAGE[t - 1] ?? String(t)).join(', ')}`,
  ];
  if (d.aktivVonMonat && d.aktivBisMonat) teile.push(`${MONATE[d.aktivVonMonat - 1]} bis ${MONATE[d.aktivBisMonat - 1]}`);
  teile.push(d.bereich === 'kita' ? 'für die ganze Kita' : 'je Gruppe');
  teile.push(`${anzahl(d.familienProTermin, 'Familie', 'Familien')} pro Termin`);
  teile.push(`${zahl(d.stunden)} ${d.stunden === 1 ? 'Stunde' : 'Stunden'}`);
  if (!d.pausiertBeiSchliessung) teile.push('auch bei Schließzeiten');
  return teile.join(', ');
};

const termin = (t: Termin) => terminText(t);

/** '„Frühjahrsputz“ am 20.03.2027 (Bauwagen) {wie}: 2 Schichten, Anmeldeschluss 18.03.2027'. */
const einsatzAngaben = (d: EinsatzDaten, wie: string) =>
  `${zitat(d.titel)} am ${datumDeutsch(d.datum)}${d.ort ? ` (${d.ort})` : ''} ${wie}: ${anzahl(d.schichten.length, 'Schicht', 'Schichten')}, Anmeldeschluss ${datumDeutsch(d.anmeldeschluss)}`;

/** 'den Arbeitseinsatz „Frühjahrsputz“ am 20.03.2027', or 'einen Arbeitseinsatz' when it cannot be named. */
const einsatzName = (k: Kontext, einsatzId: string) => {
  const e = k.einsatz?.(einsatzId);
  return e ? `Arbeitseinsatz ${zitat(e.titel)} am ${datumDeutsch(e.datum)}` : 'Arbeitseinsatz';
};

/** 'Schicht „Holz hacken“ (09:00–12:00) beim Arbeitseinsatz „Frühjahrsputz“ am 20.03.2027'. */
const schichtName = (k: Kontext, d: { einsatzId: string; schichtId: string }) => {
  const s = k.schicht?.(d.schichtId);
  return `${s ? `Schicht ${zitat(s.aufgabe)} (${s.beginn}–${s.ende})` : 'Schicht'} beim ${einsatzName(k, d.einsatzId)}`;
};

const PASSWORT: Record<string, (f: string) => string> = {
  erstanlage: (f) => `Für ${f} wird das erste Passwort gesetzt.`,
  aenderung: (f) => `${f} ändert das eigene Passwort.`,
  zuruecksetzung: (f) => `Das Passwort von ${f} wird zurückgesetzt.`,
};

const weitereRollen = (rollen: readonly string[]) => rollen.filter((r) => r !== 'ROLE_ELTERN').map(rollenName);

const BESCHREIBER: Beschreiber = {
  // ---- water duty and swaps (stream dienstplan-{gruppeId}) ----
  WasserdienstZugewiesen: (d, k) => `${familie(k, d.elternId)} wird für den Wasserdienst ${kw(d)} eingeteilt (${gruppe(k, d.gruppeId)}).`,
  TauschAngeboten: (d, k) =>
    `${familie(k, d.elternId)} ${d.abgeben ? `gibt den Wasserdienst ${kw(d)} ab` : `bietet den Wasserdienst ${kw(d)} zum Tausch an`}.${d.nachricht ? ` Nachricht: ${zitat(d.nachricht)}` : ''}`,
  DienstUebernommen: (d, k) =>
    `${familie(k, d.uebernommenVon)} übernimmt den Wasserdienst ${kw(d.woche)} von ${familie(k, d.abgegebenVon)} (ohne Gegendienst).`,
  TauschAngenommen: (d, k) =>
    `${familie(k, d.angenommenVon)} übernimmt ${kw(d.woche)} von ${familie(k, d.angebotVon)} und gibt dafür ${kw(d.gegenWoche)} ab.`,
  TauschZurueckgezogen: (d, k) => {
    const woche = k.woche?.(d.wasserdienstId);
    return `Das Tausch-Angebot von ${familie(k, d.elternId)}${woche ? ` für ${kw(woche)}` : ''} wird zurückgezogen.`;
  },
  WasserdienstFreigegeben: (d, k) => `Der Wasserdienst ${kw(d)} von ${familie(k, d.elternId)} ist wieder frei (${gruppe(k, d.gruppeId)}).`,
  RotaGeplant: (d, k) => {
    const teile = [anzahl(d.zugewiesen, 'Woche vergeben', 'Wochen vergeben')];
    if (d.nichtBesetzt.length > 0) teile.push(`${d.nichtBesetzt.length} nicht besetzt`);
    if (d.trotzAbwesenheit.length > 0) teile.push(`${d.trotzAbwesenheit.length} trotz Abwesenheit`);
    return `Rota für ${gruppe(k, d.gruppeId)} geplant, ${kw(d.von)} bis ${kw(d.bis)}: ${teile.join(', ')}.`;
  },
  DienstplanZurueckgesetzt: (d, k) => `Der Wasserdienstplan der ${gruppe(k, d.gruppeId)} wird durch den Jahresimport zurückgesetzt.`,
  WasserdienstUmverteilt: (d, k) =>
    `Der Wasserdienst ${kw(d)} geht zum Ausgleich nach Schließzeiten von ${familie(k, d.vonEltern)} an ${familie(k, d.anEltern)} (${gruppe(k, d.gruppeId)}).`,

  // ---- duty kinds (stream dienstarten) ----
  DienstartAngelegt: (d) => `Dienstart ${zitat(d.name)} angelegt (${dienstartAngaben(d)}).`,
  DienstartGeaendert: (d) => `Dienstart ${zitat(d.name)} geändert (${dienstartAngaben(d)}).`,
  DienstartArchiviert: (d) => `Dienstart ${zitat(d.name)} archiviert; ihre bisherigen Dienste bleiben im Verlauf.`,
  // ---- work days (stream einsatz-{id}) ----
  EinsatzAngelegt: (d) => `Arbeitseinsatz ${einsatzAngaben(d, 'angelegt')}.`,
  EinsatzGeaendert: (d) => `Arbeitseinsatz ${einsatzAngaben(d, 'geändert')}.`,
  EinsatzAbgesagt: (d, k) => `Der ${einsatzName(k, d.einsatzId)} wird abgesagt; angemeldete Familien werden benachrichtigt.`,
  SchichtEingetragen: (d, k) => `${familie(k, d.elternId)} trägt sich für die ${schichtName(k, d)} ein.`,
  AufWartelisteGesetzt: (d, k) => `${familie(k, d.elternId)} kommt auf die Warteliste der ${schichtName(k, d)}.`,
  SchichtAusgetragen: (d, k) =>
    d.vonWarteliste
      ? `${familie(k, d.elternId)} verlässt die Warteliste der ${schichtName(k, d)}.`
      : `${familie(k, d.elternId)} trägt sich aus der ${schichtName(k, d)} aus.`,
  VonWartelisteNachgerueckt: (d, k) => `${familie(k, d.elternId)} rückt von der Warteliste in die ${schichtName(k, d)} nach.`,
  AnwesenheitErfasst: (d, k) => `${familie(k, d.elternId)} war bei der ${schichtName(k, d)} ${d.anwesend ? 'anwesend' : 'nicht anwesend'}.`,
  // bookkeeping of the command side (stream einsaetze): the date under which a day is listed
  EinsatzVerzeichnet: (d, k) => {
    const e = k.einsatz?.(d.einsatzId);
    return `Der Arbeitseinsatz${e ? ` ${zitat(e.titel)}` : ''} wird mit dem ${datumDeutsch(d.datum)} in der Liste der Arbeitseinsätze geführt.`;
  },

  // ---- the plans of the other kinds and their swaps (streams dienste-{dienstartId}-{bereichId}) ----
  DiensteGeplant: (d, k) => {
    const teile = [anzahl(d.zugewiesen, 'Termin vergeben', 'Termine vergeben')];
    if (d.nichtBesetzt.length > 0) teile.push(`${d.nichtBesetzt.length} nicht besetzt`);
    if (d.trotzAbwesenheit.length > 0) teile.push(`${d.trotzAbwesenheit.length} trotz Abwesenheit`);
    return `Dienstart ${dienstartName(k, d.dienstartId)} für ${bereich(k, d.bereichId)} geplant, ${datumDeutsch(d.von)} bis ${datumDeutsch(d.bis)}: ${teile.join(', ')}.`;
  },
  DienstZugewiesen: (d, k) =>
    `${familie(k, d.elternId)} wird für den Dienst ${dienstartName(k, d.dienstartId)} eingeteilt: ${termin(d)} (${bereich(k, d.bereichId)}).`,
  DienstFreigegeben: (d, k) =>
    d.schliessung
      ? `Der Dienst ${dienstartName(k, d.dienstartId)} ${termin(d)} von ${familie(k, d.elternId)} entfällt (${d.schliessung.art}${d.schliessung.beschreibung ? `: ${zitat(d.schliessung.beschreibung)}` : ''}).`
      : `Der Dienst ${dienstartName(k, d.dienstartId)} ${termin(d)} von ${familie(k, d.elternId)} ist wieder frei (${bereich(k, d.bereichId)}).`,
  DienstUmverteilt: (d, k) =>
    `Der Dienst ${dienstartName(k, d.dienstartId)} ${termin(d)} geht zum Ausgleich nach Schließzeiten von ${familie(k, d.vonEltern)} an ${familie(k, d.anEltern)}.`,
  DienstTauschAngeboten: (d, k) =>
    `${familie(k, d.elternId)} ${d.abgeben ? 'gibt' : 'bietet'} den Dienst ${dienstartName(k, d.dienstartId)} ${termin(d)} ${d.abgeben ? 'ab' : 'zum Tausch an'}.${d.nachricht ? ` Nachricht: ${zitat(d.nachricht)}` : ''}`,
  DienstTauschAngenommen: (d, k) =>
    `${familie(k, d.angenommenVon)} übernimmt den Dienst ${dienstartName(k, d.dienstartId)} ${termin(d.termin)} von ${familie(k, d.angebotVon)} und gibt dafür ${termin(d.gegenTermin)} ab.`,
  DienstAbgabeUebernommen: (d, k) =>
    `${familie(k, d.uebernommenVon)} übernimmt den Dienst ${dienstartName(k, d.dienstartId)} ${termin(d.termin)} von ${familie(k, d.abgegebenVon)} (ohne Gegendienst).`,
  DienstTauschZurueckgezogen: (d, k) => {
    const t = k.termin?.(d.dienstId);
    return `Das Tausch-Angebot von ${familie(k, d.elternId)} für den Dienst ${dienstartName(k, d.dienstartId)}${t ? ` ${termin(t)}` : ''} wird zurückgezogen.`;
  },
  DienstplaeneAngepasst: (d) => {
    const entfallen = d.familien.reduce((n, f) => n + f.entfallen.length, 0);
    const neu = d.familien.reduce((n, f) => n + f.neu.length, 0);
    const teile = [anzahl(entfallen, 'Termin entfällt', 'Termine entfallen')];
    if (neu > 0) teile.push(anzahl(neu, 'Termin neu verteilt', 'Termine neu verteilt'));
    return `Die Dienstpläne werden nach ${zitat(d.anlass)} angepasst: ${teile.join(', ')}; ${anzahl(d.familien.length, 'Familie wird', 'Familien werden')} benachrichtigt.`;
  },

  // ---- absences and the season ----
  AbwesenheitGemeldet: (d, k) => `${familie(k, d.elternId)} meldet sich für ${kw(d)} abwesend.`,
  AbwesenheitGeloescht: (d, k) => `${familie(k, d.elternId)} löscht die Abwesenheit für ${kw(d)}.`,
  AbwesenheitenZurueckgesetzt: (d, k) => `Die Abwesenheiten von ${familie(k, d.elternId)} werden durch den Jahresimport zurückgesetzt.`,
  AbwesenheitsfristGesetzt: (d) =>
    `Die Frist für Abwesenheiten ist jetzt der ${datumDeutsch(d.frist)}${d.quelle === 'import' ? ' (aus dem Jahresimport)' : ''}.`,

  // ---- families and groups ----
  ElternRegistriert: (d, k) => {
    const teile = [d.gruppeId ? `in der ${gruppe(k, d.gruppeId)}` : 'ohne Gruppe'];
    if (d.nameKind) teile.push(`Kind: ${d.nameKind}`);
    const rollen = weitereRollen(d.rollen);
    if (rollen.length > 0) teile.push(`Rollen: ${rollen.join(', ')}`);
    return `${familienName(d.nachname)} wird angelegt (${teile.join(', ')}).`;
  },
  PasswortGesetzt: (d, k) => (PASSWORT[d.grund] ?? PASSWORT.aenderung!)(familie(k, d.elternId)),
  PasswortLinkAusgestellt: (d, k) =>
    d.zweck === 'willkommen'
      ? `${familie(k, d.elternId)} erhält einen Willkommens-Link zum Setzen des Passworts (gültig bis ${zeitDeutsch(d.gueltigBis)}).`
      : `${familie(k, d.elternId)} erhält einen Link zum Zurücksetzen des Passworts (gültig bis ${zeitDeutsch(d.gueltigBis)}).`,
  RollenGeaendert: (d, k) => {
    const rollen = weitereRollen(d.rollen);
    return rollen.length === 0
      ? `${familie(k, d.elternId)} hat jetzt nur noch die Rolle Eltern.`
      : `${familie(k, d.elternId)} hat jetzt die Rollen: ${['Eltern', ...rollen].join(', ')}.`;
  },
  ElternEntfernt: (d, k) => `${familie(k, d.elternId)} wird entfernt.`,
  AnteilGesetzt: (d, k) =>
    d.dienstartId && d.dienstartId !== 'wasserdienst'
      ? d.anteil === 0
        ? `${familie(k, d.elternId)} wird von der Dienstart ${dienstartName(k, d.dienstartId)} befreit (Anteil 0).${mitGrund(d.grund)}`
        : `Der Anteil von ${familie(k, d.elternId)} an der Dienstart ${dienstartName(k, d.dienstartId)} ist jetzt ${d.anteil}.${mitGrund(d.grund)}`
      : d.anteil === 0
        ? `${familie(k, d.elternId)} wird vom Wasserdienst befreit (Anteil 0).${mitGrund(d.grund)}`
        : `Der Anteil von ${familie(k, d.elternId)} am Wasserdienst ist jetzt ${d.anteil}.${mitGrund(d.grund)}`,
  PersonendatenVersiegelt: (d) =>
    `Die Personendaten im Ereignisprotokoll werden versiegelt: ${anzahl(d.ereignisse, 'Ereignis', 'Ereignisse')} in ${anzahl(d.streams.length, 'Strom', 'Strömen')}; die Hash-Kette dieser Ströme wird neu berechnet, die alten Köpfe sind vermerkt.`,
  PseudonymVergeben: (d) => `Die gelöschte Familie heißt von jetzt an „${pseudonym(d.nummer)}“.`,
  PersonendatenGeloescht: (d) =>
    d.grund === 'aufbewahrungsfrist'
      ? 'Die Personendaten einer ehemaligen Familie werden nach Ablauf der Aufbewahrungsfrist gelöscht.'
      : 'Die Personendaten einer ehemaligen Familie werden auf Antrag gelöscht.',
  SpracheGewaehlt: (d, k) => `${familie(k, d.elternId)} wählt die Sprache ${SPRACHE_DEUTSCH[d.sprache]}.`,
  ElternAktualisiert: (d, k) =>
    `${familienName(d.nachname)} wird durch den Jahresimport übernommen (${[d.gruppeId ? `in der ${gruppe(k, d.gruppeId)}` : 'ohne Gruppe', ...(d.nameKind ? [`Kind: ${d.nameKind}`] : [])].join(', ')}).`,
  GruppeAngelegt: (d) => `Gruppe ${zitat(d.name)} wird angelegt.`,
  GruppeEntfernt: (d, k) => `${gruppe(k, d.gruppeId)} wird entfernt.`,

  // ---- the calendar (stream kalender) ----
  SchliesswocheAngelegt: (d) => `Schließzeit ${kw(d)} angelegt: ${zitat(d.beschreibung)}.`,
  SchliesswocheGeaendert: (d, k) => `Schließzeit${bezugText(k, d.id)} geändert: ${zitat(d.beschreibung)}.`,
  SchliesswocheGeloescht: (d, k) => `Schließzeit${bezugText(k, d.id)} gelöscht.`,
  SchliesstagAngelegt: (d) => `Schließtag ${datumDeutsch(d.datum)} angelegt: ${zitat(d.beschreibung)}.`,
  SchliesstagGeaendert: (d, k) => `Schließtag${bezugText(k, d.id)} geändert: ${zitat(d.beschreibung)}.`,
  SchliesstagGeloescht: (d, k) => `Schließtag${bezugText(k, d.id)} gelöscht.`,
  KitaEventAngelegt: (d) => `Event am ${datumDeutsch(d.datum)} angelegt: ${zitat(d.beschreibung)}.`,
  KitaEventGeaendert: (d, k) => {
    const bezug = bezugText(k, d.id);
    return `Event${bezug ? ` am${bezug}` : ''} geändert: ${zitat(d.beschreibung)}.`;
  },
  KitaEventGeloescht: (d, k) => {
    const bezug = bezugText(k, d.id);
    return `Event${bezug ? ` am${bezug}` : ''} gelöscht.`;
  },
  FerienwocheAngelegt: (d) => `Ferienwoche ${kw(d)} eingetragen (${d.art}).`,
  FerientagAngelegt: (d) => `Ferientag ${datumDeutsch(d.datum)} eingetragen (${d.art}).`,
  FerienwocheGeloescht: (d, k) => `Ferienwoche${bezugText(k, d.id)} gelöscht.`,
  FerientagGeloescht: (d, k) => `Ferientag${bezugText(k, d.id)} gelöscht.`,
  FerienBestaetigt: () => 'Die Ferientermine werden bestätigt; der CSV-Import ist jetzt möglich.',

  // ---- announcements on the dashboard ----
  MitteilungVeroeffentlicht: (d) => `Mitteilung veröffentlicht: ${zitat(gekuerzt(d.text))}.`,
  MitteilungGeloescht: () => 'Eine Mitteilung wird gelöscht.',

  // ---- push devices and the ways of notices (stream benachrichtigungen-{elternId}) ----
  PushGeraetAngemeldet: (d, k) => `${familie(k, d.elternId)} meldet ein Gerät für Push-Benachrichtigungen an (${zitat(d.bezeichnung)}).`,
  PushGeraetEntfernt: (d, k) =>
    d.grund === 'abgemeldet'
      ? `${familie(k, d.elternId)} entfernt ein Gerät von den Push-Benachrichtigungen.`
      : `Ein Gerät von ${familie(k, d.elternId)} wird von den Push-Benachrichtigungen abgemeldet (${d.grund === 'abgelaufen' ? 'dem Push-Dienst nicht mehr bekannt' : 'Server-Schlüssel gewechselt'}).`,
  KalenderAboErneuert: (d, k) =>
    `${familie(k, d.elternId)} richtet ein Kalender-Abo ein oder erneuert dessen Link; ein früherer Link gilt nicht mehr.`,
  KalenderAboBeendet: (d, k) => `${familie(k, d.elternId)} beendet ihr Kalender-Abo.`,
  BenachrichtigungenGewaehlt: (d, k) => `${familie(k, d.elternId)} wählt neu, welche Benachrichtigungen per Push und per E-Mail kommen.`,

  // ---- the hours ledger (docs/stunden.md) ----
  StundenRegelnGesetzt: (d) =>
    `Stunden-Regeln ab dem Kita-Jahr ${kitajahrName(d.jahr, d.jahresbeginnMonat)}: ${zahl(d.sollProFamilie)} Stunden je Familie${
      d.sollProKind ? ` und ${zahl(d.sollProKind)} je Kind` : ''
    }, ${d.stundensatz.toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} € je fehlender Stunde, Jahresbeginn im ${MONATE[d.jahresbeginnMonat - 1]}.`,
  StundenFamilieGesetzt: (d, k) =>
    d.befreit
      ? `${familie(k, d.elternId)} ist im Kita-Jahr ${kitajahrName(d.jahr)} von den Elternstunden befreit.${mitGrund(d.grund)}`
      : `${familie(k, d.elternId)} zählt im Kita-Jahr ${kitajahrName(d.jahr)} mit ${anzahl(d.kinder, 'Kind', 'Kindern')} für die Elternstunden.${mitGrund(d.grund)}`,
  StundenEingetragen: (d, k) =>
    `${familie(k, d.elternId)} trägt ${zahl(d.stunden)} ${d.stunden === 1 ? 'Stunde' : 'Stunden'} vom ${datumDeutsch(d.datum)} ein${
      d.beschreibung ? `: ${zitat(gekuerzt(d.beschreibung))}` : ''
    }.`,
  StundenBestaetigt: (d, k) => `${zahl(d.stunden)} eingetragene Stunden von ${familie(k, d.elternId)} werden bestätigt.`,
  StundenAbgelehnt: (d, k) => `${zahl(d.stunden)} eingetragene Stunden von ${familie(k, d.elternId)} werden abgelehnt.${mitGrund(d.grund)}`,
  StundenKorrigiert: (d, k) =>
    `Die Stunden von ${familie(k, d.elternId)} werden zum ${datumDeutsch(d.datum)} um ${d.stunden > 0 ? '+' : ''}${zahl(d.stunden)} korrigiert.${mitGrund(d.grund)}`,
  StundenjahrAbgeschlossen: (d) => `Das Kita-Jahr ${kitajahrName(d.jahr)} wird für die Elternstunden abgeschlossen.`,
  StundenjahrWiedereroeffnet: (d) =>
    `Das Kita-Jahr ${kitajahrName(d.jahr)} wird für die Elternstunden wieder eröffnet.${mitGrund(d.grund)}`,

  // ---- the yearly import ----
  ImportAbgeschlossen: (d) =>
    `Import ${zitat(d.dateiname)}: ${anzahl(d.successCount, 'Familie', 'Familien')} übernommen, ${d.entfernteFamilien} entfernt, Frist ${datumDeutsch(d.frist)}.`,

  // ---- looking at the trail (docs/audit.md, "Access log") ----
  VerlaufEingesehen: (d, k) => {
    const filter = Object.entries(d.parameter ?? {})
      .map(([name, wert]) => `${name}=${Array.isArray(wert) ? wert.join(',') : wert}`)
      .join(', ');
    const was = [filter, d.suche ? 'mit Suchwörtern' : ''].filter(Boolean).join(', ');
    return `${familie(k, d.elternId)} ${ZUGRIFF_ARTEN[d.art] ?? 'sieht den Verlauf ein'} (${d.teil}${was ? `; ${was}` : ''}).`;
  },

  // ---- anchors of the log (docs/audit.md) ----
  AnkerErstellt: (d) =>
    `Anker des Logs signiert: ${anzahl(d.ereignisse, 'Ereignis', 'Ereignisse')} in ${anzahl(d.streams, 'Stream', 'Streams')} bis Position ${d.position}, Wurzel ${String(d.wurzel).slice(0, 16)}…`,
};

/** Event types with a sentence of their own; any other type gets the neutral fallback. */
export const BESCHRIEBENE_TYPEN: readonly string[] = Object.keys(BESCHREIBER);

export const neutralerSatz = (type: string) => `Ereignis ${zitat(type)} wurde aufgezeichnet.`;

const grossAnfang = (satz: string) => satz.charAt(0).toUpperCase() + satz.slice(1);

/**
 * The sentence for one event of the log. An unknown type — or a known type whose data has an
 * unexpected shape (an event written by an older version) — gets a neutral sentence instead.
 */
export function beschreibeEreignis(event: GeloggtesEreignis, kontext: Kontext): string {
  const beschreiber = (BESCHREIBER as Record<string, ((data: unknown, k: Kontext) => string) | undefined>)[event.type];
  if (!beschreiber || event.data === null || typeof event.data !== 'object') return neutralerSatz(event.type);
  try {
    return grossAnfang(beschreiber(event.data, kontext));
  } catch {
    return neutralerSatz(event.type);
  }
}

/** Who did it, as a person reads it: 'System' (no actor), 'Leitung' for admins, else the family. */
export function akteurName(actorId: string | null, konto: { nachname: string; rollen: readonly string[] } | null): string {
  if (actorId === null) return 'System';
  if (!konto) return 'Unbekannt';
  if (istAdmin(konto.rollen)) {
    const name = konto.nachname.trim();
    return name && name !== 'Leitung' ? `Leitung (${name})` : 'Leitung';
  }
  return familienName(konto.nachname);
}

// ---- categories for a parent-friendly filter ----------------------------------------------------

export const KATEGORIEN = ['Tausch', 'Rota', 'Abwesenheit', 'Import', 'Verwaltung'] as const;
export type Kategorie = (typeof KATEGORIEN)[number];

/**
 * The types of every category but 'Verwaltung', which holds everything else (unknown types too).
 * A type may belong to two categories (the filter of each finds it); its entry is labelled with the first.
 */
export const TYPEN_DER_KATEGORIE: Readonly<Record<Exclude<Kategorie, 'Verwaltung'>, readonly string[]>> = {
  Tausch: [
    'TauschAngeboten',
    'TauschAngenommen',
    'DienstUebernommen',
    'TauschZurueckgezogen',
    'DienstTauschAngeboten',
    'DienstTauschAngenommen',
    'DienstAbgabeUebernommen',
    'DienstTauschZurueckgezogen',
  ],
  Rota: [
    'WasserdienstZugewiesen',
    'WasserdienstFreigegeben',
    'RotaGeplant',
    'WasserdienstUmverteilt',
    'DiensteGeplant',
    'DienstZugewiesen',
    'DienstFreigegeben',
    'DienstUmverteilt',
    'DienstplaeneAngepasst',
  ],
  // An import's reset of a family's absences is about absences too: it shows under both filters, labelled 'Abwesenheit'.
  Abwesenheit: ['AbwesenheitGemeldet', 'AbwesenheitGeloescht', 'AbwesenheitenZurueckgesetzt', 'AbwesenheitsfristGesetzt'],
  Import: ['ImportAbgeschlossen', 'DienstplanZurueckgesetzt', 'AbwesenheitenZurueckgesetzt', 'ElternAktualisiert'],
};

export const istKategorie = (text: string): text is Kategorie => (KATEGORIEN as readonly string[]).includes(text);

export function kategorieVon(type: string): Kategorie {
  for (const [kategorie, typen] of Object.entries(TYPEN_DER_KATEGORIE)) if (typen.includes(type)) return kategorie as Kategorie;
  return 'Verwaltung';
}

// ---- link targets ---------------------------------------------------------------------------------

export type Verweise = { tauschId: string | null; importId: string | null; gruppeId: string | null };

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * Where an entry leads: the swap's story, the import's story, the group's plan. An event that an
 * import appended carries the import's id as its correlation id (`istImport` tells those apart).
 */
export function verweiseVon(event: GeloggtesEreignis, istImport: (correlationId: string) => boolean = () => false): Verweise {
  const data = (event.data && typeof event.data === 'object' ? event.data : {}) as Record<string, unknown>;
  const correlationId = text(event.metadata?.correlationId);
  const importId = text(data.importId) ?? (correlationId && istImport(correlationId) ? correlationId : null);
  const ausStream = /^(?:dienstplan|gruppe)-(?!anpassungen$)(.+)$/.exec(event.streamName ?? '')?.[1] ?? null;
  // a plan of another duty kind names its group as bereichId ('kita': the whole kindergarten, no group)
  const bereichId = text(data.bereichId);
  const ausBereich = bereichId && bereichId !== 'kita' ? bereichId : null;
  return { tauschId: text(data.tauschId), importId, gruppeId: text(data.gruppeId) ?? ausBereich ?? ausStream };
}
