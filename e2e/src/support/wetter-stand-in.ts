import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { heuteInBerlin, plusTage } from '@waldkita/domain/kalender/iso-woche';

/** What the stand-in answers: Kempten today and tomorrow, as Open-Meteo's forecast endpoint words it. */
const STAND_IN_WETTER = {
  aktuell: 3.4,
  max: [6.1, 23.5],
  min: [-1.2, 8],
  niederschlag: [0.4, 0],
} as const;

/**
 * A stand-in for Open-Meteo on a local port, so the browser tests' dashboard shows its weather card
 * without asking the internet. `ersteAntwortNachMs` delays the first answer (to see 'Lade
 * Wetterdaten...'); `state.aufrufe` counts the calls.
 */
export async function startWetterStandIn({ ersteAntwortNachMs = 0 } = {}) {
  const state = { aufrufe: 0, verzoegerungMs: ersteAntwortNachMs };
  const server: Server = createServer((_request, response) => {
    state.aufrufe += 1;
    const heute = heuteInBerlin(new Date());
    const antworten = () =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          latitude: 47.72,
          longitude: 10.32,
          timezone: 'Europe/Berlin',
          current_units: { time: 'iso8601', interval: 'seconds', temperature_2m: '°C' },
          current: { time: `${heute}T10:00`, interval: 900, temperature_2m: STAND_IN_WETTER.aktuell },
          daily_units: { time: 'iso8601', temperature_2m_max: '°C', temperature_2m_min: '°C', precipitation_sum: 'mm' },
          daily: {
            time: [heute, plusTage(heute, 1)],
            temperature_2m_max: STAND_IN_WETTER.max,
            temperature_2m_min: STAND_IN_WETTER.min,
            precipitation_sum: STAND_IN_WETTER.niederschlag,
          },
        }),
      );
    setTimeout(antworten, state.verzoegerungMs);
    state.verzoegerungMs = 0;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    state,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/forecast`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type WetterStandIn = Awaited<ReturnType<typeof startWetterStandIn>>;
