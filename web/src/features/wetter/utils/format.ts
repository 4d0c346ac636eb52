import { datumKurz } from '@waldkita/domain/i18n/datum';
import { GEBIETSSCHEMA, type Sprache } from '@waldkita/domain/i18n/sprachen';
import { heuteInBerlin, plusTage } from '@waldkita/domain/kalender/iso-woche';

// One decimal at most, in the language's form (German comma); no "-0" for values that round to zero.
const formate = new Map<Sprache, Intl.NumberFormat>();
const zahl = (sprache: Sprache) => {
  let format = formate.get(sprache);
  if (!format) {
    format = new Intl.NumberFormat(GEBIETSSCHEMA[sprache], { maximumFractionDigits: 1, signDisplay: 'negative' });
    formate.set(sprache, format);
  }
  return format;
};

/** '7,3 °C' ('7.3 °C' in English) */
export const grad = (wert: number, sprache: Sprache = 'de') => `${zahl(sprache).format(wert)} °C`;

/** '1,2 mm' */
export const millimeter = (wert: number, sprache: Sprache = 'de') => `${zahl(sprache).format(wert)} mm`;

/** 'Heute' and 'Morgen' by the calendar in Kempten; an older forecast's days by their date. */
export function tagesName(
  datum: string,
  jetzt = new Date(),
  namen = { heute: 'Heute', morgen: 'Morgen' },
  sprache: Sprache = 'de',
): string {
  const heute = heuteInBerlin(jetzt);
  if (datum === heute) return namen.heute;
  if (datum === plusTage(heute, 1)) return namen.morgen;
  return datumKurz(datum, sprache);
}
