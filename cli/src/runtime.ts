import { resolveJwtSecret } from '@waldkita/platform/auth/jwt-secret';
import { TokenService } from '@waldkita/platform/auth/tokens';
import type { Config } from '@waldkita/platform/config';
import { migrate } from '@waldkita/platform/db/migrations';
import { createPool, ensureDatabase } from '@waldkita/platform/db/postgres';
import type { EventStore } from '@waldkita/platform/event-store/event-store';
import { PostgresEventStore } from '@waldkita/platform/event-store/postgres-event-store';
import { connectRedis } from '@waldkita/platform/redis';
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

async function openEventStore(config: Config, pool: pg.Pool): Promise<EventStore> {
  if (config.EVENT_STORE === 'postgres') return new PostgresEventStore(pool);
  const { EventStoreDbEventStore } = await import('@waldkita/platform/event-store/eventstoredb-event-store');
  return new EventStoreDbEventStore(config.EVENTSTORE_CONNECTION_STRING!);
}

/**
 * Connects to what the process needs: Postgres (database created and migrated if missing),
 * the event store, and Redis when asked for. An unreachable service stops here with one line.
 */
export async function openRuntime(config: Config, options: { redis: boolean; now?: () => Date }): Promise<Runtime> {
  await ensureDatabase(config.DATABASE_URL);
  const pool = createPool(config.DATABASE_URL);
  await migrate(pool);
  const redis = options.redis ? await connectRedis(config.REDIS_URL) : null;
  const store = await openEventStore(config, pool);
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
