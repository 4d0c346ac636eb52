import type { Config } from '@waldkita/platform/config';
import { logFor } from '@waldkita/platform/log';
import { connectRedis } from '@waldkita/platform/redis';
import type { Redis } from 'ioredis';

/**
 * Where reactors and workers report: one line per message, with ids as fields (never names or
 * e-mails); `error` for what an admin must see.
 */
export type Log = {
  info: (message: string, felder?: Record<string, unknown>) => void;
  error: (message: string, felder?: Record<string, unknown>) => void;
};

/** The projector's lines on the process's pino logger (platform/src/log.ts): JSON, one per event. */
export const projectorLog = (): Log => {
  const log = logFor({ rolle: 'projector' });
  return {
    info: (message, felder) => log.info(felder ?? {}, message),
    error: (message, felder) => log.error(felder ?? {}, message),
  };
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
