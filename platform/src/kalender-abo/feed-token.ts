import { createHash, randomBytes } from 'node:crypto';

/**
 * The secret in a family's calendar feed address (`/api/kalender/<token>.ics`): 32 random bytes
 * (256 bits) from the operating system's CSPRNG, written base64url (43 characters). Whoever has
 * the address reads the family's duties, so it is handled like a password: handed out once, never
 * logged, and kept at rest only as its SHA-256 digest. A slow password hash (scrypt) guards
 * secrets people choose, which can be guessed; a uniformly random 256-bit token cannot be, and a
 * fast digest lets every feed request find its family with one index lookup.
 */
export const neuerFeedToken = () => randomBytes(32).toString('base64url');

/** What a token looks like: anything else is not looked up at all. */
export const FEED_TOKEN_FORM = /^[A-Za-z0-9_-]{43}$/;

/** The digest the log and the read model keep: SHA-256 of the token, 64 lower-case hex digits. */
export const feedDigest = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * The feed's two addresses from the app's public address (APP_URL, as in mails): `url` to copy
 * (https in production) and `webcal`, the same with the webcal:// scheme, which calendar apps
 * open as a subscription.
 */
export const feedAdressen = (appUrl: string, token: string) => {
  const url = `${appUrl.replace(/\/+$/, '')}/api/kalender/${token}.ics`;
  return { url, webcal: url.replace(/^https?:\/\//, 'webcal://') };
};
