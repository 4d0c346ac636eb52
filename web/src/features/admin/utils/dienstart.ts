import { type Dienstart, type DienstartAngaben, dienstartSchema } from '@waldkita/domain/dienste/dienstart';

/** 'Mo', 'Di' … by ISO weekday 1–7. */
export const WOCHENTAGE = [
  { nummer: 1, kurz: 'Mo', name: 'Montag' },
  { nummer: 2, kurz: 'Di', name: 'Dienstag' },
  { nummer: 3, kurz: 'Mi', name: 'Mittwoch' },
  { nummer: 4, kurz: 'Do', name: 'Donnerstag' },
  { nummer: 5, kurz: 'Fr', name: 'Freitag' },
  { nummer: 6, kurz: 'Sa', name: 'Samstag' },
  { nummer: 7, kurz: 'So', name: 'Sonntag' },
] as const;

export const MONATE = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
] as const;

const zahl = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 });

/** 'wöchentlich (Mo–Fr)', 'am Wochenende (Sa–So)', 'an Wochentagen: Mo, Mi'. */
export function rhythmusText(art: Pick<Dienstart, 'rhythmus' | 'wochentage'>): string {
  if (art.rhythmus === 'woche') return 'wöchentlich (Mo–Fr)';
  if (art.rhythmus === 'wochenende') return 'am Wochenende (Sa–So)';
  const tage = (art.wochentage ?? []).map((t) => WOCHENTAGE[t - 1]?.kurz ?? String(t));
  return `an Wochentagen: ${tage.join(', ')}`;
}

/** 'November bis März', or 'ganzjährig'. */
export function zeitraumText(art: Pick<Dienstart, 'aktivVonMonat' | 'aktivBisMonat'>): string {
  if (art.aktivVonMonat == null || art.aktivBisMonat == null) return 'ganzjährig';
  return `${MONATE[art.aktivVonMonat - 1]} bis ${MONATE[art.aktivBisMonat - 1]}`;
}

/** '1 Familie, 2 Stunden pro Termin'. */
export function terminUmfang(art: Pick<Dienstart, 'familienProTermin' | 'stunden'>): string {
  const familien = art.familienProTermin === 1 ? '1 Familie' : `${art.familienProTermin} Familien`;
  const stunden = art.stunden === 1 ? '1 Stunde' : `${zahl.format(art.stunden)} Stunden`;
  return `${familien}, ${stunden} pro Termin`;
}

export const bereichText = (bereich: Dienstart['bereich']) => (bereich === 'kita' ? 'ganze Kita' : 'je Gruppe');

/** What the form holds: the fields as typed. */
export type DienstartEingabe = {
  name: string;
  beschreibung: string;
  rhythmus: Dienstart['rhythmus'];
  wochentage: number[];
  mitZeitraum: boolean;
  aktivVonMonat: string;
  aktivBisMonat: string;
  bereich: Dienstart['bereich'];
  familienProTermin: string;
  stunden: string;
  pausiertBeiSchliessung: boolean;
};

export const NEUE_DIENSTART: DienstartEingabe = {
  name: '',
  beschreibung: '',
  rhythmus: 'woche',
  wochentage: [],
  mitZeitraum: false,
  aktivVonMonat: '11',
  aktivBisMonat: '3',
  bereich: 'gruppe',
  familienProTermin: '1',
  stunden: '1',
  pausiertBeiSchliessung: true,
};

export const eingabeVon = (art: Dienstart): DienstartEingabe => ({
  name: art.name,
  beschreibung: art.beschreibung,
  rhythmus: art.rhythmus,
  wochentage: art.wochentage ?? [],
  mitZeitraum: art.aktivVonMonat != null,
  aktivVonMonat: String(art.aktivVonMonat ?? 11),
  aktivBisMonat: String(art.aktivBisMonat ?? 3),
  bereich: art.bereich,
  familienProTermin: String(art.familienProTermin),
  stunden: zahl.format(art.stunden).replace(/\./g, ''),
  pausiertBeiSchliessung: art.pausiertBeiSchliessung,
});

/** A number as typed in German ('1,5') or not; NaN for anything else, so the server's message applies. */
const alsZahl = (text: string) => {
  const t = text.trim().replace(',', '.');
  return /^\d+(\.\d+)?$/.test(t) ? Number(t) : Number.NaN;
};

export type DienstartFehler = { feld: keyof DienstartEingabe; text: string };

/** Checks the form with the server's own schema and messages (domain/src/dienste/dienstart.ts). */
export function pruefeDienstart(eingabe: DienstartEingabe): DienstartAngaben | DienstartFehler {
  const roh = {
    name: eingabe.name,
    beschreibung: eingabe.beschreibung,
    rhythmus: eingabe.rhythmus,
    ...(eingabe.rhythmus === 'wochentage' ? { wochentage: eingabe.wochentage } : {}),
    ...(eingabe.mitZeitraum ? { aktivVonMonat: Number(eingabe.aktivVonMonat), aktivBisMonat: Number(eingabe.aktivBisMonat) } : {}),
    bereich: eingabe.bereich,
    familienProTermin: alsZahl(eingabe.familienProTermin),
    stunden: alsZahl(eingabe.stunden),
    pausiertBeiSchliessung: eingabe.pausiertBeiSchliessung,
  };
  const ergebnis = dienstartSchema.safeParse(roh);
  if (ergebnis.success) return ergebnis.data;
  const fehler = ergebnis.error.issues[0];
  const pfad = String(fehler?.path[0] ?? 'name');
  const feld: keyof DienstartEingabe =
    pfad === 'aktivVonMonat' || pfad === 'aktivBisMonat' ? 'aktivVonMonat' : pfad in eingabe ? (pfad as keyof DienstartEingabe) : 'name';
  return { feld, text: fehler?.message ?? 'Bitte prüfen Sie Ihre Angaben.' };
}

/** The question before archiving a kind. */
export const archivierenFrage = (name: string) =>
  `Möchten Sie die Dienstart „${name}“ archivieren? Sie wird nicht mehr geplant und nicht mehr angeboten; ihre bisherigen Termine bleiben im Verlauf.`;
