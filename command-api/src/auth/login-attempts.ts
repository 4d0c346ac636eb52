import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/** Failed sign-ins are limited per account: at most 10 in 15 minutes. */
export const MAX_FAILED_LOGINS = 10;
export const LOCK_WINDOW_SECONDS = 15 * 60;

// The e-mail is hashed so that Redis holds no addresses.
const key = (email: string) => `waldkita:login-failures:${createHash('sha256').update(email).digest('hex')}`;

export async function isLockedOut(redis: Redis, email: string) {
  return Number((await redis.get(key(email))) ?? 0) >= MAX_FAILED_LOGINS;
}

export async function recordFailure(redis: Redis, email: string) {
  // The window starts with the first failure and is not extended by later ones.
  await redis.multi().incr(key(email)).expire(key(email), LOCK_WINDOW_SECONDS, 'NX').exec();
}

export async function clearFailures(redis: Redis, email: string) {
  await redis.del(key(email));
}
