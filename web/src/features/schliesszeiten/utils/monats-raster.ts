import { type Datum, isoWocheVon, montagDerWoche, plusTage } from '@waldkita/domain/kalender/iso-woche';

const MONATE = [
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

/** Monday first (ISO). */
export const WOCHENTAGE = [
  { kurz: 'Mo', lang: 'Montag' },
  { kurz: 'Di', lang: 'Dienstag' },
  { kurz: 'Mi', lang: 'Mittwoch' },
  { kurz: 'Do', lang: 'Donnerstag' },
  { kurz: 'Fr', lang: 'Freitag' },
  { kurz: 'Sa', lang: 'Samstag' },
  { kurz: 'So', lang: 'Sonntag' },
] as const;

/** A month of a year; `monat` 1–12. */
export type Monat = { jahr: number; monat: number };

export type RasterTag = { datum: Datum; tag: number; imMonat: boolean; wochentag: number };
export type RasterWoche = { kalenderwoche: number; jahr: number; tage: RasterTag[] };

const zweistellig = (n: number) => String(n).padStart(2, '0');

export const monatAus = (datum: Datum): Monat => ({ jahr: Number(datum.slice(0, 4)), monat: Number(datum.slice(5, 7)) });

export const naechsterMonat = ({ jahr, monat }: Monat, schritt: 1 | -1): Monat => {
  const index = jahr * 12 + (monat - 1) + schritt;
  return { jahr: Math.floor(index / 12), monat: (index % 12) + 1 };
};

export const monatsTitel = ({ jahr, monat }: Monat) => `${MONATE[monat - 1]} ${jahr}`;

/** 'Montag, 18. Januar 2027' */
export const tagLang = (datum: Datum) => {
  const { jahr, monat } = monatAus(datum);
  const tag = Number(datum.slice(8, 10));
  const wochentag = ((new Date(`${datum}T00:00:00Z`).getUTCDay() + 6) % 7) as 0 | 1 | 2 | 3 | 4 | 5 | 6;
  return `${WOCHENTAGE[wochentag].lang}, ${tag}. ${MONATE[monat - 1]} ${jahr}`;
};

/** The whole ISO weeks (Monday to Sunday) that touch the month, each with its ISO week number. */
export function monatsRaster({ jahr, monat }: Monat): RasterWoche[] {
  const erster = `${jahr}-${zweistellig(monat)}-01`;
  const tageImMonat = new Date(Date.UTC(jahr, monat, 0)).getUTCDate();
  const letzter = `${jahr}-${zweistellig(monat)}-${zweistellig(tageImMonat)}`;
  const wochen: RasterWoche[] = [];
  for (let montag = montagDerWoche(isoWocheVon(erster)); montag <= letzter; montag = plusTage(montag, 7)) {
    const { kalenderwoche, jahr: wochenjahr } = isoWocheVon(montag);
    const tage = Array.from({ length: 7 }, (_, index) => {
      const datum = plusTage(montag, index);
      return { datum, tag: Number(datum.slice(8, 10)), imMonat: datum.slice(0, 7) === erster.slice(0, 7), wochentag: index };
    });
    wochen.push({ kalenderwoche, jahr: wochenjahr, tage });
  }
  return wochen;
}
