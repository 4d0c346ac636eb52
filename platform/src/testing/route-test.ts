import { randomUUID } from 'node:crypto';
import { type Eltern, elternStream } from '@waldkita/domain/eltern/eltern';
import { gruppeStream } from '@waldkita/domain/gruppe/gruppe';
import Fastify, { type FastifyInstance, type InjectOptions, type LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { TokenService } from '../auth/tokens.js';
import { type Config, loadConfig } from '../config.js';
import { PersonendatenStore } from '../datenschutz/personendaten-store.js';
import { SchluesselTresor } from '../datenschutz/schluessel-tresor.js';
import type { EventMetadata, EventStore } from '../event-store/event-store.js';
import { PostgresEventStore } from '../event-store/postgres-event-store.js';
import { FEHLER_VOR_DEM_ROUTING, registerErrorHandling } from '../http/errors.js';
import { createTestDatabase } from './test-database.js';

/**
 * What the route tests of command-api and query-api share (their harnesses:
 * command-api/src/testing/route-test.ts, query-api/src/testing/route-test.ts). A test reads as
 * emmett's API specs do:
 *
 *   given(existingStream(name, events), …).when({ method, url, body, als: familie }).then(expectResponse(…), expectNewEvents(…))
 *
 * `given` appends through the real store (personal fields sealed, hash chain) on a fresh database
 * of the test file's own; `when` is `app.inject` on a Fastify instance that never listens, with a
 * real signed token of the family named in `als`; `then` runs the checks and answers the response.
 */

/** An event as `given` appends it; `metadata` (e.g. the `actorId`) adds to the default: no actor, at `now`. */
export type GivenEvent = { type: string; data: unknown; metadata?: Partial<EventMetadata> };
export type GivenStream = { stream: string; events: GivenEvent[] };
export const existingStream = (stream: string, events: GivenEvent[]): GivenStream => ({ stream, events });

/** A request as `app.inject` takes it; `als` signs it in as that family (bearer token). */
export type Anfrage = InjectOptions & { als?: Eltern };

type Ergebnis = {
  response: LightMyRequestResponse;
  /** `{ type, data }` of the events appended to `stream` by the request. */
  neueEvents: (stream: string) => GivenEvent[];
};
/** One check of `then`; `streams` are the streams whose revision is noted before the request. */
export type Pruefung = { streams?: string[]; pruefe: (ergebnis: Ergebnis) => void | Promise<void> };

/** Status and, when given, the body: JSON compared with toEqual (asymmetric matchers allowed), text as it is. */
export const expectResponse = (status: number, body?: unknown): Pruefung => ({
  pruefe: ({ response }) => {
    expect(response.statusCode, response.body).toBe(status);
    if (body === undefined) return;
    const type = String(response.headers['content-type'] ?? '');
    expect(type.includes('json') ? response.json() : response.body).toEqual(body);
  },
});

/** An error answer: the status and `{ message }` in German. */
export const expectError = (status: number, message: string) => expectResponse(status, { message });

/** Exactly these events (type and data) were appended to the stream by the request. */
export const expectNewEvents = (stream: string, events: GivenEvent[]): Pruefung => ({
  streams: [stream],
  pruefe: ({ neueEvents }) => expect(neueEvents(stream)).toEqual(events),
});

export const expectNoNewEvents = (stream: string) => expectNewEvents(stream, []);

/** A multipart form (a file upload) as `app.inject` sends it: its content type and bytes, to spread into a request. */
export async function multipart(form: FormData) {
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { headers: { 'content-type': request.headers.get('content-type')! }, payload: Buffer.from(await request.arrayBuffer()) };
}

/**
 * A fresh database, the store and the token service as the composition root builds them
 * (cli/src/runtime.ts), and a Fastify server with the app's error handling that never listens.
 * `register` adds the API under test; `vorDerAnfrage` runs after `given`, before each request
 * (the query side catches its read models up there).
 */
export async function routeTest(options: {
  prefix: string;
  now?: () => Date;
  /** Settings over the test defaults (e.g. WEATHER_API_URL). */
  env?: NodeJS.ProcessEnv;
  register: (app: FastifyInstance, basis: { config: Config; store: EventStore; db: TestDb; tokens: TokenService }) => Promise<void>;
  vorDerAnfrage?: () => Promise<void>;
  schliessen?: () => Promise<void>;
}) {
  const db = await createTestDatabase(options.prefix);
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: db.databaseUrl,
    JWT_SECRET: ROUTE_TEST_JWT_SECRET,
    // Tests never ask the real Open-Meteo: nothing listens here, unless a test passes its own server.
    WEATHER_API_URL: 'http://127.0.0.1:9/v1/forecast',
    ...options.env,
  });
  const now = options.now ?? (() => new Date());
  const store = new PersonendatenStore(new PostgresEventStore(db.pool), new SchluesselTresor(db.pool));
  const tokens = new TokenService(ROUTE_TEST_JWT_SECRET, config.JWT_TTL_SECONDS, now);
  const app = Fastify({ logger: false, ...FEHLER_VOR_DEM_ROUTING });
  registerErrorHandling(app);
  await app.register(async (scope) => options.register(scope, { config, store, db, tokens }));
  await app.ready();

  const append = async (streams: GivenStream[]) => {
    for (const { stream, events } of streams) {
      if (events.length === 0) continue;
      const metadata = { actorId: null, correlationId: randomUUID(), causationId: null, occurredAt: now().toISOString() };
      await store.appendToStream(
        stream,
        events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata: { ...metadata, ...e.metadata } })),
        'any',
      );
    }
  };

  const inject = async (anfrage: Anfrage) => {
    const { als, ...request } = anfrage;
    const headers = als ? { ...request.headers, authorization: `Bearer ${await token(als)}` } : request.headers;
    return app.inject({ ...request, headers });
  };

  const token = (eltern: Eltern, sv = 0) =>
    tokens.sign({ sub: eltern.elternId, email: eltern.email, gruppeId: eltern.gruppeId, roles: eltern.rollen, sv });

  const when = (anfrage: Anfrage) => ({
    // biome-ignore lint/suspicious/noThenProperty: given/when/then is the spec vocabulary, as in domain/src/shared/given-when-then.ts
    then: async (...pruefungen: Pruefung[]) => {
      await options.vorDerAnfrage?.();
      const streams = [...new Set(pruefungen.flatMap((p) => p.streams ?? []))];
      const vorher = new Map(await Promise.all(streams.map(async (s) => [s, (await store.readStream(s)).revision] as const)));
      const response = await inject(anfrage);
      const nachher = new Map(
        await Promise.all(
          streams.map(async (s) => {
            const bisher = vorher.get(s);
            const { events } = await store.readStream(s, bisher ?? undefined);
            return [s, events.map((e) => ({ type: e.type, data: e.data }))] as const;
          }),
        ),
      );
      for (const p of pruefungen) await p.pruefe({ response, neueEvents: (s) => nachher.get(s) ?? [] });
      return response;
    },
  });

  return {
    app,
    db,
    store,
    tokens,
    config,
    /** A signed session token of the family (`sv`: its session version). */
    token,
    /** Appends the streams' events, then `when` sends the request. */
    given: (...streams: GivenStream[]) => ({
      when: (anfrage: Anfrage) => {
        const gesendet = when(anfrage);
        return {
          // biome-ignore lint/suspicious/noThenProperty: see above
          then: async (...pruefungen: Pruefung[]) => {
            await append(streams);
            return gesendet.then(...pruefungen);
          },
        };
      },
    }),
    /** `given` on its own, for requests sent with `send` (e.g. two at once). */
    appendEvents: (...streams: GivenStream[]) => append(streams),
    /** A request without new events before it. */
    when,
    /** Sends a request without checks (e.g. the first of two). */
    async send(anfrage: Anfrage) {
      await options.vorDerAnfrage?.();
      return inject(anfrage);
    },
    async close() {
      await app.close();
      await options.schliessen?.();
      await store.close(); // its LISTEN connection (readAll and waitForAppend open one)
      await db.drop();
    },
  };
}

type TestDb = Awaited<ReturnType<typeof createTestDatabase>>;

const ROUTE_TEST_JWT_SECRET = 'route-test-secret-that-is-long-enough-for-hs256-0123456789';

/** A family account as `ElternRegistriert` names it; its stream, to pass to `given`. */
export function familie(nachname: string, gruppeId: string | null, rollen: Eltern['rollen'] = ['ROLE_ELTERN']) {
  const elternId = randomUUID();
  const eltern: Eltern = {
    elternId,
    nachname,
    nameKind: `Kind ${nachname}`,
    email: `${nachname.toLowerCase()}-${elternId.slice(0, 8)}@example.org`,
    gruppeId,
    rollen,
  };
  return { ...eltern, stream: existingStream(elternStream(elternId), [{ type: 'ElternRegistriert', data: eltern }]) };
}

/** A group as `GruppeAngelegt` names it; its stream, to pass to `given`. */
/** A water duty of the family's group in that ISO week, as `WasserdienstZugewiesen` carries it (a fresh id). */
export const wasserdienst = (f: { elternId: string; gruppeId: string | null }, jahr: number, kalenderwoche: number) => ({
  gruppeId: f.gruppeId!,
  wasserdienstId: randomUUID(),
  jahr,
  kalenderwoche,
  elternId: f.elternId,
});

export function gruppe(name: string) {
  const gruppeId = randomUUID();
  return { gruppeId, name, stream: existingStream(gruppeStream(gruppeId), [{ type: 'GruppeAngelegt', data: { gruppeId, name } }]) };
}
