/** Which picture a forecast day gets (docs/produkt.md §2 Dashboard, §9). */
export type WetterArt = 'regen' | 'sonne' | 'kalt' | 'wolke';

/** Above this maximum (°C) a dry day is sunny. */
const SONNE_AB = 22;
/** Below this maximum (°C) a dry day is cold. */
const KALT_UNTER = 5;

/**
 * Precipitation above 0 gives rain; otherwise a maximum above 22 °C gives sun; otherwise a maximum
 * below 5 °C gives cold (moon); otherwise cloud.
 */
export function wetterArt({ max, niederschlag }: { max: number; niederschlag: number }): WetterArt {
  if (niederschlag > 0) return 'regen';
  if (max > SONNE_AB) return 'sonne';
  if (max < KALT_UNTER) return 'kalt';
  return 'wolke';
}
