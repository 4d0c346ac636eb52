import type { Wetter, WetterNichtVerfuegbar } from '@waldkita/domain/wetter/antworten';
import type { FastifyInstance } from 'fastify';
import { angemeldet, leser } from '../auth/leser.js';
import type { QueryDeps } from '../deps.js';
import { holeWetter, QUELLE, type Wetter as Vorhersage } from './open-meteo.js';
import { EinzelabrufCache } from './wetter-cache.js';

const WETTER_NICHT_VERFUEGBAR = 'Wetterdaten sind gerade nicht verfügbar.';
/** Open-Meteo answers in well under a second; a hanging call must not hold the dashboard. */
const UPSTREAM_TIMEOUT_MS = 5000;
/** After a failed call, the next one is tried at the earliest one minute later. */
const PAUSE_NACH_FEHLER_MS = 60_000;
/** Older forecasts are no use for "today" and "tomorrow": beyond 12 hours the card says it has none. */
const HOECHSTES_ALTER_MS = 12 * 60 * 60 * 1000;

/**
 * `GET /api/wetter`: the weather card's data. The browser never talks to a third party (the CSP
 * allows only 'self'); query-api asks Open-Meteo at most once per `WEATHER_CACHE_SECONDS`.
 */
export function wetterRoutes(app: FastifyInstance, deps: QueryDeps) {
  const cache = new EinzelabrufCache<Vorhersage>({
    laden: () => holeWetter(deps.config.WEATHER_API_URL, UPSTREAM_TIMEOUT_MS),
    gueltigMs: deps.config.WEATHER_CACHE_SECONDS * 1000,
    pauseNachFehlerMs: PAUSE_NACH_FEHLER_MS,
    hoechstesAlterMs: HOECHSTES_ALTER_MS,
    now: deps.now,
    beiFehler: (error, letzterGuter) =>
      app.log.warn(
        { err: error, letzterGuterAbruf: letzterGuter?.abgerufenAm.toISOString() ?? null },
        'weather: Open-Meteo could not be read; serving the last good answer if there is one',
      ),
  });

  app.get('/api/wetter', angemeldet(deps), async (request) => {
    await leser(deps, request);
    const abruf = await cache.lesen();
    // No weather is an ordinary state of the card, not an error: 200, so no browser logs a failed request.
    if (!abruf) return { verfuegbar: false, message: WETTER_NICHT_VERFUEGBAR } satisfies WetterNichtVerfuegbar;
    return {
      verfuegbar: true,
      ...abruf.wert,
      quelle: QUELLE,
      abgerufenAm: abruf.abgerufenAm.toISOString(),
      veraltet: abruf.veraltet,
    } satisfies Wetter;
  });
}
