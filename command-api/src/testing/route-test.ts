import { randomUUID } from 'node:crypto';
import { elternStream, normalisiereEmail } from '@waldkita/domain/eltern/eltern';
import { hashPassword } from '@waldkita/platform/auth/passwords';
import { connectRedis } from '@waldkita/platform/redis';
import { type Anfrage, routeTest } from '@waldkita/platform/testing/route-test';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { registerCommandApi } from '../app.js';
import { beanspruecheZugaenge } from '../eltern/zugaenge.js';

export {
  existingStream,
  expectError,
  expectNewEvents,
  expectNoNewEvents,
  expectResponse,
  familie,
  gruppe,
  multipart,
  wasserdienst,
} from '@waldkita/platform/testing/route-test';

/**
 * The write routes on a fresh database and the local Redis, without the rest of the app: a
 * Fastify instance with `registerCommandApi` that never listens (requests go through `inject`).
 * Read as given(streams).when(request).then(checks); see platform/src/testing/route-test.ts.
 */
export async function commandApiRouteTest(options: { now?: () => Date; env?: NodeJS.ProcessEnv } = {}) {
  let schliessen = async () => {};
  let redisVerbindung: Redis | null = null;
  const test = await routeTest({
    prefix: 'waldkita_command_route',
    now: options.now,
    env: options.env,
    register: async (app, { config, store, db, tokens }) => {
      const redis = await connectRedis(config.REDIS_URL);
      redisVerbindung = redis;
      schliessen = async () => redis.disconnect();
      await registerCommandApi(app, {
        config,
        store,
        pool: db.pool,
        redis,
        tokens,
        now: options.now ?? (() => new Date()),
        // Planning reads the read models, which only the query harness builds: a plan's success is tested in cli.
        planeGruppe: async () => {
          throw new Error('route tests do not plan rotas (docs/architecture.md, "Tests")');
        },
      });
    },
    schliessen: () => schliessen(),
  });
  return {
    ...test,
    /** The Redis the routes count in (sign-in attempts, reset links). */
    redis: redisVerbindung as unknown as Redis,
    /**
     * The family's credentials row, as registration writes it beside `ElternRegistriert`: its
     * e-mail (normalised) and, with `passwort`, the hash it signs in with and `PasswortGesetzt`
     * ('erstanlage') in its stream, in one transaction. Without `passwort`: the row alone.
     */
    async zugang(f: { elternId: string; email: string }, passwort?: string) {
      const passwordHash = passwort ? await hashPassword(passwort) : null;
      const claim = (db: pg.ClientBase) =>
        beanspruecheZugaenge(db, [{ elternId: f.elternId, email: normalisiereEmail(f.email), passwordHash }]);
      if (!passwordHash) {
        const client = await test.db.pool.connect();
        try {
          await claim(client);
        } finally {
          client.release();
        }
        return;
      }
      const metadata = {
        actorId: null,
        correlationId: randomUUID(),
        causationId: null,
        occurredAt: (options.now?.() ?? new Date()).toISOString(),
      };
      const gesetzt = { id: randomUUID(), type: 'PasswortGesetzt', data: { elternId: f.elternId, grund: 'erstanlage' }, metadata };
      await test.store.appendToStreams([{ streamName: elternStream(f.elternId), events: [gesetzt], expectedRevision: 'any' }], { claim });
    },
  };
}

/** A form POST as the sign-in and password screens send it (`application/x-www-form-urlencoded`). */
export const formular = (
  url: string,
  felder: Record<string, string>,
  extra: Omit<Anfrage, 'method' | 'url' | 'payload'> = {},
): Anfrage => ({
  ...extra,
  method: 'POST',
  url,
  headers: { 'content-type': 'application/x-www-form-urlencoded', ...extra.headers },
  payload: new URLSearchParams(felder).toString(),
});

/** POST /api/auth/login with e-mail and password; `remoteAddress` is the client's address (request.ip). */
export const anmeldung = (email: string, kennwort: string, extra: Omit<Anfrage, 'method' | 'url' | 'payload'> = {}) =>
  formular('/api/auth/login', { email, kennwort }, extra);
