import { connectRedis } from '../redis.js';

/**
 * Deletes every key of one test app's queues (`${prefix}:*`) on the local Redis, through a
 * connection of its own: for test harnesses that start the app in another process (e2e/), where
 * no connection of the app is at hand.
 */
export async function removeTestQueues(prefix: string, redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379') {
  const redis = await connectRedis(redisUrl);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
