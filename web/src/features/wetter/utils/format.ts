import { datumDeutsch, heuteInBerlin, plusTage } from '@waldkita/domain/kalender/iso-woche';

// One decimal at most, German comma; no "-0" for values that round to zero.
const zahl = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1, signDisplay: 'negative' });

/** '7,3 °C' */
export const grad = (wert: number) => `${zahl.format(wert)} °C`;

/** '1,2 mm' */
export const millimeter = (wert: number) => `${zahl.format(wert)} mm`;

/** 'Heute' and 'Morgen' by the calendar in Kempten; an older forecast's days by their date. */
export function tagesName(datum: string, jetzt = new Date(), namen = { heute: 'Heute', morgen: 'Morgen' }): string {
  const heute = heuteInBerlin(jetzt);
  if (datum === heute) return namen.heute;
  if (datum === plusTage(heute, 1)) return namen.morgen;
  return datumDeutsch(datum);
}
