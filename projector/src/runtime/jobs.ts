import type { Config } from '@waldkita/platform/config';
import { connectRedis } from '@waldkita/platform/redis';
import type { Redis } from 'ioredis';

/** Where reactors and workers report: one line per message; `error` for what an admin must see. */
export type Log = { info: (message: string) => void; error: (message: string) => void };

export const consoleLog: Log = {
  info: (message) => console.log(message),
  error: (message) => console.error(message),
};

/**
 * The prefix of this installation's BullMQ keys: QUEUE_PREFIX, or `waldkita-<database name>`.
 * Every process of one installation uses the same database and so the same queues, while test apps
 * (a fresh database each) and other installations on the same Redis never take each other's jobs.
 */
export function queuePrefix(config: Pick<Config, 'QUEUE_PREFIX' | 'DATABASE_URL'>): string {
  if (config.QUEUE_PREFIX) return config.QUEUE_PREFIX;
  const database = decodeURIComponent(new URL(config.DATABASE_URL).pathname.slice(1)) || 'waldkita';
  return `waldkita-${database.replace(/[^A-Za-z0-9_.-]/g, '_')}`;
}

/** A Redis connection for BullMQ: its workers block on Redis, which needs `maxRetriesPerRequest: null`. */
export const connectQueueRedis = (config: Pick<Config, 'REDIS_URL'>): Promise<Redis> =>
  connectRedis(config.REDIS_URL, { maxRetriesPerRequest: null });

/** Tuning that tests shorten: how long a job's lock lives and how often stalled jobs are looked for. */
export type WorkerTuning = { lockDuration?: number; stalledInterval?: number };

/** Deletes every key of an installation's queues (tests clean up after themselves with it). */
export async function removeQueueKeys(connection: Redis, prefix: string) {
  let cursor = '0';
  do {
    const [next, keys] = await connection.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    if (keys.length) await connection.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}
