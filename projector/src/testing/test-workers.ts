import { randomUUID } from 'node:crypto';
import { elternDecider, elternStream, type PasswortLink } from '@waldkita/domain/eltern/eltern';
import { gruppeDecider, gruppeStream } from '@waldkita/domain/gruppe/gruppe';
import type { Decider } from '@waldkita/domain/shared/decider';
import { TokenService } from '@waldkita/platform/auth/tokens';
import { handleCommand } from '@waldkita/platform/command-handler';
import { loadConfig } from '@waldkita/platform/config';
import { comparePositions, type Position } from '@waldkita/platform/event-store/event-store';
import { PostgresEventStore } from '@waldkita/platform/event-store/postgres-event-store';
import { CHECKPOINT } from '@waldkita/platform/read-models';
import { createTestDatabase } from '@waldkita/platform/testing/test-database';
import { startProjector, startWorkers, type WorkerOptions, type Workers } from '../app.js';
import { connectQueueRedis, type Log, queuePrefix, removeQueueKeys } from '../runtime/jobs.js';
import { reactorCheckpoint } from '../runtime/reactors.js';
import { readCheckpoint } from '../runtime/runner.js';

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';
export const TEST_APP_URL = 'http://portal.waldkita.test';

/** Log lines the reactors and workers wrote, for assertions. */
type LogZeile = { level: 'info' | 'error'; message: string };

/**
 * The projector with its reactors and workers on a fresh database, the local Redis (queues under
 * the database's own prefix) and the given SMTP server — no HTTP app: tests append events through
 * the domain's deciders, as the command side would, and look at what arrives by mail.
 */
export async function startTestWorkers(
  options: { smtpUrl?: string; now?: () => Date; env?: NodeJS.ProcessEnv; workerOptions?: WorkerOptions; workers?: boolean } = {},
) {
  const db = await createTestDatabase('waldkita_jobs');
  const now = options.now ?? (() => new Date());
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: db.databaseUrl,
    JWT_SECRET: TEST_SECRET,
    APP_URL: TEST_APP_URL,
    SMTP_URL: options.smtpUrl ?? '',
    ...options.env,
  });
  const store = new PostgresEventStore(db.pool);
  const tokens = new TokenService(TEST_SECRET, 3600, now);
  const logZeilen: LogZeile[] = [];
  const log: Log = {
    info: (message) => logZeilen.push({ level: 'info', message }),
    error: (message) => logZeilen.push({ level: 'error', message }),
  };
  const projector = startProjector(store, db.pool);
  const deps = { config, store, pool: db.pool, tokens, now, log };
  let workers: Workers | null = options.workers === false ? null : await startWorkers(deps, options.workerOptions);
  let letzte: Position | null = null;
  const merke = (p: Position | null) => {
    if (p && (!letzte || comparePositions(p, letzte) > 0)) letzte = p;
  };

  const command = async <C, E extends { type: string; data: unknown }, S>(stream: string, decider: Decider<C, E, S>, cmd: C) => {
    const result = await handleCommand(store, stream, decider, cmd, { actorId: null, now: now() });
    merke(result.position);
    return result;
  };

  const checkpointErreicht = async (name: string) => {
    const p = await readCheckpoint(db.pool, name);
    return letzte === null || (p !== null && comparePositions(p, letzte) >= 0);
  };
  const warte = async (bedingung: () => Promise<boolean>, was: string, timeoutMs = 15_000) => {
    const ende = Date.now() + timeoutMs;
    while (!(await bedingung())) {
      if (Date.now() > ende) throw new Error(`timed out waiting for ${was}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  return {
    db,
    store,
    tokens,
    config,
    logZeilen,
    get workers() {
      if (!workers) throw new Error('workers are not running');
      return workers;
    },
    command,
    merke,
    /** Makes `verarbeitet` also wait for the events others (a job) appended to these streams. */
    async merkeStreams(...streams: string[]) {
      for (const stream of streams) merke((await store.readStream(stream)).events.at(-1)?.position ?? null);
    },
    async gruppe(name: string) {
      const gruppeId = randomUUID();
      await command(gruppeStream(gruppeId), gruppeDecider, { type: 'LegeGruppeAn', data: { gruppeId, name } });
      return gruppeId;
    },
    /** A family as the admin or the import creates it: with a welcome link unless `mitPasswort`. */
    async familie(neu: { nachname: string; email: string; gruppeId: string | null; nameKind?: string | null; mitPasswort?: boolean }) {
      const elternId = randomUUID();
      const link: Omit<PasswortLink, 'zweck'> = {
        linkId: randomUUID(),
        gueltigBis: new Date(now().getTime() + 14 * 24 * 3600_000).toISOString(),
      };
      await command(elternStream(elternId), elternDecider, {
        type: 'RegistriereEltern',
        data: {
          elternId,
          nachname: neu.nachname,
          nameKind: neu.nameKind ?? null,
          email: neu.email,
          gruppeId: neu.gruppeId,
          rollen: ['ROLE_ELTERN'],
          mitPasswort: neu.mitPasswort ?? true,
          ...(neu.mitPasswort === false ? { willkommensLink: link } : {}),
        },
      });
      return { elternId, link };
    },
    /** Resolves once the read models and both reactors have handled every event appended so far. */
    async verarbeitet() {
      await warte(
        async () =>
          (await checkpointErreicht(CHECKPOINT)) &&
          (await checkpointErreicht(reactorCheckpoint('mail'))) &&
          (await checkpointErreicht(reactorCheckpoint('rota'))),
        'the projector and the reactors',
      );
    },
    /** Resolves once no mail job is waiting, running or due for a retry. */
    async mailsErledigt(timeoutMs = 15_000) {
      const queue = workers!.mailQueue;
      await warte(
        async () => (await queue.getJobCountByTypes('wait', 'active', 'delayed', 'prioritized', 'paused')) === 0,
        'the mail queue to drain',
        timeoutMs,
      );
    },
    warte,
    async stopWorkers() {
      await workers?.stop();
      workers = null;
    },
    async startWorkers(workerOptions?: WorkerOptions) {
      workers ??= await startWorkers(deps, workerOptions ?? options.workerOptions);
      return workers;
    },
    /** This installation's queue prefix in Redis. */
    prefix: queuePrefix(config),
    async close() {
      await workers?.stop();
      await projector.stop();
      const redis = await connectQueueRedis(config);
      await removeQueueKeys(redis, queuePrefix(config));
      redis.disconnect();
      await store.close();
      await db.drop();
    },
  };
}

export type TestWorkers = Awaited<ReturnType<typeof startTestWorkers>>;
