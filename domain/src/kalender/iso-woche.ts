/**
 * The ISO-8601 week calendar the kindergarten plans in: weeks start on Monday, week 1 is the week
 * that contains 4 January, and a year has 52 or 53 weeks (2026 has 53, 2027 has 52).
 *
 * Dates are calendar dates without a time of day, written 'YYYY-MM-DD'. Arithmetic runs on UTC
 * midnights so no daylight-saving shift can move a date. "Today" is always the date in
 * Europe/Berlin, whatever the clock of the machine or the browser says.
 */

export type IsoWoche = { jahr: number; kalenderwoche: number };

/** A calendar date 'YYYY-MM-DD'. */
export type Datum = string;

const TAG_MS = 86_400_000;
export const ZEITZONE = 'Europe/Berlin';

const utc = (datum: Datum): number => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(datum);
  if (!match) throw new RangeError(`Kein Datum im Format JJJJ-MM-TT: ${datum}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
};

const alsDatum = (ms: number): Datum => new Date(ms).toISOString().slice(0, 10);

/** A real calendar date written 'YYYY-MM-DD' (no 31 February). */
export const istDatum = (value: unknown): value is Datum => {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  return alsDatum(utc(value)) === value;
};

/** Days from `von` to `bis` (negative when `bis` is earlier). */
export const tageZwischen = (von: Datum, bis: Datum): number => Math.round((utc(bis) - utc(von)) / TAG_MS);

export const plusTage = (datum: Datum, tage: number): Datum => alsDatum(utc(datum) + tage * TAG_MS);

/** Monday = 1 … Sunday = 7. */
const wochentag = (ms: number) => ((new Date(ms).getUTCDay() + 6) % 7) + 1;

/** The Monday of week 1 of an ISO year: the Monday on or before 4 January. */
const montagDerErstenWoche = (jahr: number): number => {
  const vierterJanuar = Date.UTC(jahr, 0, 4);
  return vierterJanuar - (wochentag(vierterJanuar) - 1) * TAG_MS;
};

/** 53 when the year starts on a Thursday, or is a leap year starting on a Wednesday; else 52. */
export const wochenImJahr = (jahr: number): 52 | 53 =>
  (montagDerErstenWoche(jahr + 1) - montagDerErstenWoche(jahr)) / TAG_MS / 7 === 53 ? 53 : 52;

export const istGueltigeWoche = ({ jahr, kalenderwoche }: IsoWoche): boolean =>
  Number.isInteger(jahr) && Number.isInteger(kalenderwoche) && kalenderwoche >= 1 && kalenderwoche <= wochenImJahr(jahr);

/** The ISO week a date belongs to (1–3 January can belong to the previous year's last week). */
export const isoWocheVon = (datum: Datum): IsoWoche => {
  const ms = utc(datum);
  const donnerstag = ms + (4 - wochentag(ms)) * TAG_MS;
  const jahr = new Date(donnerstag).getUTCFullYear();
  return { jahr, kalenderwoche: Math.floor((donnerstag - montagDerErstenWoche(jahr)) / TAG_MS / 7) + 1 };
};

const pruefe = (woche: IsoWoche) => {
  if (!istGueltigeWoche(woche)) throw new RangeError(`KW ${woche.kalenderwoche}/${woche.jahr} gibt es nicht`);
};

export const montagDerWoche = (woche: IsoWoche): Datum => {
  pruefe(woche);
  return alsDatum(montagDerErstenWoche(woche.jahr) + (woche.kalenderwoche - 1) * 7 * TAG_MS);
};

export const sonntagDerWoche = (woche: IsoWoche): Datum => plusTage(montagDerWoche(woche), 6);

/** The day a duty is shown with: the Friday of its week. */
export const freitagDerWoche = (woche: IsoWoche): Datum => plusTage(montagDerWoche(woche), 4);

export const naechsteWoche = (woche: IsoWoche): IsoWoche => isoWocheVon(plusTage(montagDerWoche(woche), 7));

/** Negative when a is before b, 0 when equal, positive after. */
export const vergleicheWochen = (a: IsoWoche, b: IsoWoche): number => a.jahr - b.jahr || a.kalenderwoche - b.kalenderwoche;

/** `anzahl` consecutive weeks starting with `start`, crossing into the next year after its last week (52 or 53). */
export const wochenAb = (start: IsoWoche, anzahl: number): IsoWoche[] => {
  const wochen: IsoWoche[] = [];
  for (let woche = start; wochen.length < anzahl; woche = naechsteWoche(woche)) wochen.push(woche);
  return wochen;
};

/** Made once: building an Intl.DateTimeFormat costs far more than formatting with one. */
let berlinerDatum: Intl.DateTimeFormat | null = null;
/** The last answer, by the second it was asked for (commands and reads ask many times a second). */
let zuletzt = { sekunde: Number.NaN, datum: '' };

/** Today's date in Europe/Berlin at the given instant. */
export const heuteInBerlin = (jetzt: Date): Datum => {
  const sekunde = Math.floor(jetzt.getTime() / 1000);
  if (sekunde === zuletzt.sekunde) return zuletzt.datum;
  berlinerDatum ??= new Intl.DateTimeFormat('en-CA', { timeZone: ZEITZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
  const teile = berlinerDatum.formatToParts(jetzt).reduce<Record<string, string>>((acc, teil) => {
    acc[teil.type] = teil.value;
    return acc;
  }, {});
  const datum = `${teile.year}-${teile.month}-${teile.day}`;
  zuletzt = { sekunde, datum };
  return datum;
};

export const aktuelleWoche = (jetzt: Date): IsoWoche => isoWocheVon(heuteInBerlin(jetzt));

/** 'YYYY-MM-DD' → 'dd.MM.yyyy'. */
export const datumDeutsch = (datum: Datum): string => {
  utc(datum);
  const [jahr, monat, tag] = datum.split('-');
  return `${tag}.${monat}.${jahr}`;
};

export const wochenSchluessel = ({ jahr, kalenderwoche }: IsoWoche) => `${jahr}-W${String(kalenderwoche).padStart(2, '0')}`;

/** 'KW 53 (2026)': how a week is offered in the swap dialogs. */
export const wocheMitJahr = ({ jahr, kalenderwoche }: IsoWoche) => `KW ${kalenderwoche} (${jahr})`;
