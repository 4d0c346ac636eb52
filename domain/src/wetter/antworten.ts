import { z } from 'zod';

/** The answers of GET /api/wetter (docs/api-dashboard.md), shared by query-api and web; HTTP field names. */

/** One forecast day. */
const wetterTagSchema = z.object({
  /** 'YYYY-MM-DD' in Europe/Berlin */
  datum: z.string(),
  max: z.number(),
  min: z.number(),
  /** Precipitation of the day in mm. */
  niederschlag: z.number(),
});
export type WetterTag = z.infer<typeof wetterTagSchema>;

/** Open-Meteo's forecast for Kempten, fetched and kept by our server. */
const wetterSchema = z.object({
  verfuegbar: z.literal(true),
  aktuell: z.object({ temperatur: z.number() }),
  /** Today and tomorrow. */
  tage: z.array(wetterTagSchema),
  quelle: z.string(),
  /** When the server fetched the data (ISO date-time). */
  abgerufenAm: z.string(),
  /** True when the weather service did not answer lately and this is the last good answer. */
  veraltet: z.boolean(),
});
export type Wetter = z.infer<typeof wetterSchema>;

/**
 * The answer when the weather service has not answered and there is no recent forecast: a normal
 * answer (200) of the card's 'not available' state, not an error.
 */
const wetterNichtVerfuegbarSchema = z.object({ verfuegbar: z.literal(false), message: z.string() });
export type WetterNichtVerfuegbar = z.infer<typeof wetterNichtVerfuegbarSchema>;
