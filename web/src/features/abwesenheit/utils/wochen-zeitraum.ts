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
