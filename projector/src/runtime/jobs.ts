import type { Config } from '@waldkita/platform/config';
import { connectRedis } from '@waldkita/platform/redis';
import type { Redis } from 'ioredis';

/** Where reactors and workers report: one line per message; `error` for what an admin must see. */
export type Log = { info: (message: string) => void; error: (message: string) => void };

export const consoleLog: Log = {
  info: (message) => console.log(message),
  error: (message) => console.error(message),
};

export { queuePrefix } from '@waldkita/platform/config';

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
