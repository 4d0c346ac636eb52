import { datumDeutsch, type IsoWoche, montagDerWoche, plusTage } from '@waldkita/domain/kalender/iso-woche';

/** '22.03.2027 – 28.03.2027' (Monday to Sunday), or null for a week that does not exist. */
export function wochenZeitraum(woche: IsoWoche): string | null {
  try {
    const montag = montagDerWoche(woche);
    return `${datumDeutsch(montag)} – ${datumDeutsch(plusTage(montag, 6))}`;
  } catch {
    return null;
  }
}

/** 'KW 3/2027': names a closing week in the buttons' accessible names and in the delete question. */
export const kwName = (woche: IsoWoche) => `KW ${woche.kalenderwoche}/${woche.jahr}`;
