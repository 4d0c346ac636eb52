import { datumKurz } from '@waldkita/domain/i18n/datum';
import type { Sprache } from '@waldkita/domain/i18n/sprachen';
import { type IsoWoche, montagDerWoche, plusTage } from '@waldkita/domain/kalender/iso-woche';

/** '22.03.2027 – 28.03.2027' (Monday to Sunday) in the language's date form, or null for a week that does not exist. */
export function wochenZeitraum(woche: IsoWoche, sprache: Sprache): string | null {
  try {
    const montag = montagDerWoche(woche);
    return `${datumKurz(montag, sprache)} – ${datumKurz(plusTage(montag, 6), sprache)}`;
  } catch {
    return null;
  }
}
