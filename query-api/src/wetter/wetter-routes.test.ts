import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, familie, gruppe, queryApiRouteTest } from '../testing/route-test.js';

/** No weather is an ordinary answer of the card (200), so the browser logs no failed request. */
const NICHT_VERFUEGBAR = { verfuegbar: false, message: 'Wetterdaten sind gerade nicht verfügbar.' };

/** An answer as Open-Meteo gives it for the query of docs/produkt.md §7 (with the fields we do not use). */
const openMeteo = (temperatur: number, max: [number, number], min: [number, number], niederschlag: [number, number]) => ({
  latitude: 47.72,
  longitude: 10.32,
  generationtime_ms: 0.04,
  utc_offset_seconds: 3600,
  timezone: 'Europe/Berlin',
  timezone_abbreviation: 'GMT+1',
  elevation: 677,
  current_units: { time: 'iso8601', interval: 'seconds', temperature_2m: '°C' },
  current: { time: '2026-11-20T10:00', interval: 900, temperature_2m: temperatur },
  daily_units: { time: 'iso8601', temperature_2m_max: '°C', temperature_2m_min: '°C', precipitation_sum: 'mm' },
  daily: { time: ['2026-11-20', '2026-11-21'], temperature_2m_max: max, temperature_2m_min: min, precipitation_sum: niederschlag },
});

type Modus = 'ok' | 'unsinn' | 'fehler' | 'weg' | 'haengt';

/**
 * A stand-in for Open-Meteo on a local port: it counts the calls, keeps their URLs, and answers as
 * told — well, with nonsense, with a 500, by dropping the connection, or not at all.
 */
function wetterServer() {
  const state = {
    modus: 'ok' as Modus,
    antwort: openMeteo(3.4, [6.1, 23.5], [-1.2, 8], [0.4, 0]) as unknown,
    aufrufe: [] as URL[],
  };
  const haengend: ServerResponse[] = [];
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    state.aufrufe.push(new URL(request.url ?? '/', 'http://localhost'));
    switch (state.modus) {
      case 'ok':
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(state.antwort));
        return;
      case 'unsinn':
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ current: { temperature_2m: 'warm' } }));
        return;
      case 'fehler':
        response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":true,"reason":"kaputt"}');
        return;
      case 'weg':
        request.socket.destroy();
        return;
      case 'haengt':
        haengend.push(response);
        return;
    }
  });
  return {
    state,
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/forecast`)),
      ),
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of haengend) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('GET /api/wetter, with a local stand-in for Open-Meteo', () => {
  let t: Awaited<ReturnType<typeof queryApiRouteTest>>;
  const fuechse = gruppe('Füchse');
  const fuchs = familie('Fuchs', fuechse.gruppeId);
  /** The app's clock, moved by the tests to let the cache expire. */
  let jetzt = new Date('2026-11-20T09:00:00.000Z');
  const minuten = (n: number) => {
    jetzt = new Date(jetzt.getTime() + n * 60_000);
  };
  const upstream = wetterServer();
  /** The weather as the card asks for it, signed in as Fuchs (a token of the app's clock). */
  const get = async (als: typeof fuchs | null = fuchs) => {
    const response = await t.send({ method: 'GET', url: '/api/wetter', als: als ?? undefined });
    return { status: response.statusCode, body: response.json() };
  };
  const alle = (n: number) => Promise.all(Array.from({ length: n }, () => get()));

  beforeAll(async () => {
    const url = await upstream.listen();
    t = await queryApiRouteTest({ now: () => jetzt, env: { WEATHER_API_URL: url, WEATHER_CACHE_SECONDS: '900' } });
    await t.appendEvents(fuechse.stream, fuchs.stream);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await upstream.close();
  });

  it('refuses visitors who are not signed in, without asking the upstream', async () => {
    await t.when({ method: 'GET', url: '/api/wetter' }).then(expectError(401, 'Bitte melden Sie sich an.'));
    await t
      .when({ method: 'GET', url: '/api/wetter', headers: { authorization: 'Bearer kein-gueltiges-token' } })
      .then(expectError(401, 'Bitte melden Sie sich an.'));
    expect(upstream.state.aufrufe).toHaveLength(0);
  });

  it('with the upstream unreachable and nothing kept: 200 „nicht verfügbar“ in German, and one call for a crowd of requests', async () => {
    upstream.state.modus = 'weg';
    const antworten = await alle(10);
    expect(antworten.map((a) => [a.status, a.body])).toEqual(Array.from({ length: 10 }, () => [200, NICHT_VERFUEGBAR]));
    expect(upstream.state.aufrufe).toHaveLength(1);
    // within the minute after a failure nobody asks again: the outage is not hammered
    minuten(0.5);
    expect(await get()).toEqual({ status: 200, body: NICHT_VERFUEGBAR });
    expect(upstream.state.aufrufe).toHaveLength(1);
  });

  it('asks with the query of docs/produkt.md §7 and maps the answer to the card’s fields', async () => {
    minuten(1);
    upstream.state.modus = 'ok';
    const antwort = await get();
    expect(antwort).toEqual({
      status: 200,
      body: {
        verfuegbar: true,
        aktuell: { temperatur: 3.4 },
        tage: [
          { datum: '2026-11-20', max: 6.1, min: -1.2, niederschlag: 0.4 },
          { datum: '2026-11-21', max: 23.5, min: 8, niederschlag: 0 },
        ],
        quelle: 'https://open-meteo.com/',
        abgerufenAm: jetzt.toISOString(),
        veraltet: false,
      },
    });
    const aufruf = upstream.state.aufrufe.at(-1)!;
    expect(aufruf.pathname).toBe('/v1/forecast');
    expect(Object.fromEntries(aufruf.searchParams)).toEqual({
      latitude: '47.7267',
      longitude: '10.3139',
      current: 'temperature_2m',
      daily: 'temperature_2m_max,temperature_2m_min,precipitation_sum',
      timezone: 'Europe/Berlin',
      forecast_days: '2',
    });
  });

  it('keeps the answer for the cache period: fifty parents at once and more later cost no further call', async () => {
    const vorher = upstream.state.aufrufe.length;
    const antworten = await alle(50);
    expect(new Set(antworten.map((a) => a.status))).toEqual(new Set([200]));
    expect(new Set(antworten.map((a) => JSON.stringify(a.body))).size).toBe(1);
    minuten(14);
    expect((await get()).body.veraltet).toBe(false);
    expect(upstream.state.aufrufe).toHaveLength(vorher);
  });

  it('after the cache period, one call for a crowd of requests; new numbers are shown', async () => {
    minuten(2);
    upstream.state.antwort = openMeteo(-4.5, [2, 4], [-8, -6.5], [0, 1.2]);
    const vorher = upstream.state.aufrufe.length;
    const antworten = await alle(30);
    expect(upstream.state.aufrufe).toHaveLength(vorher + 1);
    expect(new Set(antworten.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(antworten[0]!.body).toMatchObject({ aktuell: { temperatur: -4.5 }, abgerufenAm: jetzt.toISOString(), veraltet: false });
  });

  it('when the upstream answers nonsense, a 500, or not at all after the period, the last good answer is served marked as older', async () => {
    const gut = jetzt.toISOString();
    const erwartet = { status: 200, body: expect.objectContaining({ aktuell: { temperatur: -4.5 }, abgerufenAm: gut, veraltet: true }) };

    minuten(16);
    upstream.state.modus = 'unsinn';
    expect(await get()).toEqual(erwartet);

    minuten(1.5);
    upstream.state.modus = 'fehler';
    expect(await get()).toEqual(erwartet);

    minuten(1.5);
    upstream.state.modus = 'haengt';
    const start = performance.now();
    expect(await get()).toEqual(erwartet);
    const dauer = performance.now() - start;
    expect(dauer).toBeGreaterThan(4500); // gave up after the 5 s timeout …
    expect(dauer).toBeLessThan(9000); // … and did not wait longer
  });

  it('a last good answer older than 12 hours is no use for today: „nicht verfügbar“; when the upstream is back, fresh data', async () => {
    minuten(12 * 60);
    upstream.state.modus = 'weg';
    expect(await get()).toEqual({ status: 200, body: NICHT_VERFUEGBAR });

    minuten(1.5);
    upstream.state.modus = 'ok';
    expect(await get()).toMatchObject({ status: 200, body: { veraltet: false, abgerufenAm: jetzt.toISOString() } });
  });
});
