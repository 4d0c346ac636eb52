import { Redis } from 'ioredis';
import { withConnectTimeout } from './connect-timeout.js';
import { ServiceUnavailableError } from './service-errors.js';

/**
 * Connects and pings once; a server that is unreachable or does not answer within 5 s stops
 * start-up with one clear line. `maxRetriesPerRequest: null` (BullMQ's blocking workers need it)
 * is kept, not replaced by the default.
 */
export async function connectRedis(redisUrl: string, options: { maxRetriesPerRequest?: number | null } = {}): Promise<Redis> {
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: options.maxRetriesPerRequest === undefined ? 3 : options.maxRetriesPerRequest,
    enableOfflineQueue: true,
  });
  redis.on('error', () => undefined); // reconnects by itself; commands fail meanwhile
  try {
    await withConnectTimeout(redis.connect().then(() => redis.ping()));
  } catch (error) {
    redis.disconnect();
    const url = new URL(redisUrl);
    const port = url.port || '6379';
    throw new ServiceUnavailableError(
      `Redis at ${url.hostname}:${port} is not reachable (${(error as Error).message}). ` +
        `Start it, e.g. with: redis-server --daemonize yes --bind 127.0.0.1 --port ${port} --save ''`,
    );
  }
  return redis;
}
