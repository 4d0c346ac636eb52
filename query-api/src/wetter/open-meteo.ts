import type { Wetter as WetterAntwort, WetterTag } from '@waldkita/domain/wetter/antworten';
import { z } from 'zod';

/** Kempten (Allgäu), where the forest kindergarten is (docs/produkt.md §7 Weather). */
const KEMPTEN = { latitude: 47.7267, longitude: 10.3139 } as const;
/** Shown under the card: the data's source, as Open-Meteo's licence (CC BY 4.0) asks. */
export const QUELLE = 'https://open-meteo.com/';

/** The query of docs/produkt.md §7: current temperature, two days of max/min/precipitation, Berlin time. */
function forecastUrl(basis: string): URL {
  const url = new URL(basis);
  url.searchParams.set('latitude', String(KEMPTEN.latitude));
  url.searchParams.set('longitude', String(KEMPTEN.longitude));
  url.searchParams.set('current', 'temperature_2m');
  url.searchParams.set('daily', 'temperature_2m_max,temperature_2m_min,precipitation_sum');
  url.searchParams.set('timezone', 'Europe/Berlin');
  url.searchParams.set('forecast_days', '2');
  return url;
}

const werte = z.array(z.number()).min(2);

/** The part of Open-Meteo's answer we use (docs/produkt.md §3 "Wetter"); index 0 is today, 1 tomorrow. */
const antwortSchema = z.object({
  current: z.object({ temperature_2m: z.number() }),
  daily: z.object({
    time: z.array(z.iso.date()).min(2),
    temperature_2m_max: werte,
    temperature_2m_min: werte,
    precipitation_sum: werte,
  }),
});

/** What the dashboard's card needs, in the app's own German words: the forecast part of the answer (domain/src/wetter/antworten.ts). */
export type Wetter = Pick<WetterAntwort, 'aktuell'> & { tage: [WetterTag, WetterTag] };

class WetterAbrufFehler extends Error {
  override name = 'WetterAbrufFehler';
}

/** Maps a validated Open-Meteo answer; anything else is a `WetterAbrufFehler` naming what was wrong. */
function wetterAus(antwort: unknown): Wetter {
  const result = antwortSchema.safeParse(antwort);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new WetterAbrufFehler(`unexpected answer: ${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`);
  }
  const { current, daily } = result.data;
  const tag = (i: 0 | 1): WetterTag => ({
    datum: daily.time[i]!,
    max: daily.temperature_2m_max[i]!,
    min: daily.temperature_2m_min[i]!,
    niederschlag: daily.precipitation_sum[i]!,
  });
  return { aktuell: { temperatur: current.temperature_2m }, tage: [tag(0), tag(1)] };
}

/** Asks Open-Meteo once, giving up after `timeoutMs` (connecting and reading the body included). */
export async function holeWetter(basis: string, timeoutMs: number): Promise<Wetter> {
  const response = await fetch(forecastUrl(basis), {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new WetterAbrufFehler(`upstream answered ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) throw error;
    throw new WetterAbrufFehler('upstream answered no JSON');
  }
  return wetterAus(body);
}
