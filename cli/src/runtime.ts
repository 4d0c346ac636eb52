import { resolveJwtSecret } from '@waldkita/platform/auth/jwt-secret';
import { begrenzePasswortHashing } from '@waldkita/platform/auth/passwords';
import { TokenService } from '@waldkita/platform/auth/tokens';
import type { Config } from '@waldkita/platform/config';
import { withConnectTimeout } from '@waldkita/platform/connect-timeout';
import { PersonendatenStore } from '@waldkita/platform/datenschutz/personendaten-store';
import { SchluesselTresor } from '@waldkita/platform/datenschutz/schluessel-tresor';
import { migrate } from '@waldkita/platform/db/migrations';
import { createPool, ensureDatabase } from '@waldkita/platform/db/postgres';
import type { EventStore } from '@waldkita/platform/event-store/event-store';
import { PostgresEventStore } from '@waldkita/platform/event-store/postgres-event-store';
import { connectRedis } from '@waldkita/platform/redis';
import { ServiceUnavailableError } from '@waldkita/platform/service-errors';
import type { Redis } from 'ioredis';
import type pg from 'pg';

export type Runtime = {
  config: Config;
  pool: pg.Pool;
  store: EventStore;
  redis: Redis | null;
  tokens: TokenService;
  close: () => Promise<void>;
};

/** Host and port of an `esdb://user:password@host:2113?tls=false` connection string (a cluster's first node). */
const esdbAddress = (connectionString: string) =>
  connectionString
    .replace(/^[a-z+]+:\/\//, '')
    .replace(/^[^@/]*@/, '')
    .split(/[,/?]/)[0];

/** EventStoreDB connects lazily: one read proves that it answers, within 5 s. */
async function openEventStore(config: Config, pool: pg.Pool): Promise<EventStore> {
  if (config.EVENT_STORE === 'postgres') return new PostgresEventStore(pool);
  const { EventStoreDbEventStore } = await import('@waldkita/platform/event-store/eventstoredb-event-store');
  const store = new EventStoreDbEventStore(config.EVENTSTORE_CONNECTION_STRING!, pool);
  try {
    await withConnectTimeout(store.readAll(null, 1));
  } catch (error) {
    void store.close().catch(() => undefined);
    throw new ServiceUnavailableError(
      `EventStoreDB at ${esdbAddress(config.EVENTSTORE_CONNECTION_STRING!)} is not reachable (${(error as Error).message}). ` +
        'Start it, e.g. with: docker compose up -d eventstoredb',
    );
  }
  return store;
}

/**
 * Connects to what the process needs: Postgres (database created and migrated if missing),
 * the event store, and Redis when asked for. A service that is unreachable or does not answer
 * within 5 s stops here with one line.
 */
export async function openRuntime(config: Config, options: { redis: boolean; now?: () => Date }): Promise<Runtime> {
  begrenzePasswortHashing({ warteschlange: config.PASSWORD_HASH_QUEUE });
  await ensureDatabase(config.DATABASE_URL);
  const pool = createPool(config.DATABASE_URL);
  await migrate(pool);
  const redis = options.redis ? await connectRedis(config.REDIS_URL) : null;
  // personal fields sealed per family on the way in, opened on the way out (docs/datenschutz.md)
  const store = new PersonendatenStore(await openEventStore(config, pool), new SchluesselTresor(pool));
  const tokens = new TokenService(await resolveJwtSecret(config, pool), config.JWT_TTL_SECONDS, options.now);
  return {
    config,
    pool,
    store,
    redis,
    tokens,
    async close() {
      await store.close();
      redis?.disconnect();
      await pool.end();
    },
  };
}
