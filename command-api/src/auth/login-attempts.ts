import { createHash } from 'node:crypto';
import type { Config } from '@waldkita/platform/config';
import type { Redis } from 'ioredis';
import ipaddr from 'ipaddr.js';

/**
 * Limits on wrong passwords (sign-in and the old password of 'Passwort ändern'), OWASP ASVS 2.2.1,
 * counted in windows of 15 minutes that start with the first failure:
 * - per account and client address: 10, then that address is refused for that account only, so
 *   a stranger cannot lock a family out: the family signs in from any other address;
 * - per client address across all accounts: 30, then that address is refused for every account —
 *   except for a browser that has signed in to this account before (a valid device cookie,
 *   login-geraet.ts; OWASP's 'slow brute force' device cookies): its attempts count only per
 *   account and address, so one guesser on the kindergarten's Wi-Fi cannot lock its families out.
 * There is deliberately no limit per account alone: any refusal it caused would lock the owner out.
 */
const MAX_FEHLVERSUCHE_KONTO_ADRESSE = 10;
const MAX_FEHLVERSUCHE_ADRESSE = 30;
const SPERRFENSTER_SEKUNDEN = 15 * 60;

/**
 * An attempt to prove an account's password: the normalised e-mail and the client's address
 * (`request.ip`). `bekanntesGeraet`: the request carries a valid device cookie of this very
 * account; the address-wide count neither refuses nor counts it.
 */
export type Anmeldeversuch = { email: string; adresse: string; bekanntesGeraet?: boolean };

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The network an address counts for: an IPv4 address itself, an IPv6 address's /64 (one
 * customer's network, whose addresses an attacker could otherwise rotate through).
 */
function netzVon(adresse: string): string {
  if (!ipaddr.isValid(adresse)) return adresse;
  const ip = ipaddr.process(adresse); // IPv4-mapped IPv6 (::ffff:a.b.c.d) becomes IPv4
  if (ip.kind() === 'ipv4') return ip.toString();
  return `${ip.toNormalizedString().split(':').slice(0, 4).join(':')}::/64`;
}

/**
 * Redis keys of this installation (a hash of its DATABASE_URL), so test apps and installations
 * sharing a Redis never count each other's attempts. E-mails and addresses appear only hashed.
 */
function keys(config: Pick<Config, 'DATABASE_URL'>, { email, adresse }: Anmeldeversuch) {
  const prefix = `waldkita:${sha256(config.DATABASE_URL).slice(0, 16)}:login-failures`;
  const netz = sha256(netzVon(adresse));
  return { kontoUndAdresse: `${prefix}:${sha256(email)}:${netz}`, adresse: `${prefix}:address:${netz}` };
}

type Deps = { redis: Redis; config: Pick<Config, 'DATABASE_URL'> };

/** Takes one back from the counters, keeping them expiring (DECR of a key expired meanwhile creates one). */
const nimmZurueck = (redis: Redis, ...counters: string[]) =>
  counters.reduce((multi, key) => multi.decr(key).expire(key, SPERRFENSTER_SEKUNDEN, 'NX'), redis.multi()).exec();

/**
 * Starts an attempt: counts it as a failure right away, before the password is checked, so that
 * parallel guesses cannot all pass the limit. False when a limit is reached (answer 429); the
 * refused attempt is then not counted. A failed attempt needs nothing more; after a success call
 * `versuchGelungen`.
 */
export async function beginneVersuch(deps: Deps, versuch: Anmeldeversuch): Promise<boolean> {
  const k = keys(deps.config, versuch);
  if (versuch.bekanntesGeraet) {
    const results = await deps.redis.multi().incr(k.kontoUndAdresse).expire(k.kontoUndAdresse, SPERRFENSTER_SEKUNDEN, 'NX').exec();
    if (Number(results?.[0]?.[1]) <= MAX_FEHLVERSUCHE_KONTO_ADRESSE) return true;
    await nimmZurueck(deps.redis, k.kontoUndAdresse);
    return false;
  }
  const results = await deps.redis
    .multi()
    .incr(k.kontoUndAdresse)
    .expire(k.kontoUndAdresse, SPERRFENSTER_SEKUNDEN, 'NX')
    .incr(k.adresse)
    .expire(k.adresse, SPERRFENSTER_SEKUNDEN, 'NX')
    .exec();
  const kontoUndAdresse = Number(results?.[0]?.[1]);
  const adresse = Number(results?.[2]?.[1]);
  if (kontoUndAdresse <= MAX_FEHLVERSUCHE_KONTO_ADRESSE && adresse <= MAX_FEHLVERSUCHE_ADRESSE) return true;
  await nimmZurueck(deps.redis, k.kontoUndAdresse, k.adresse);
  return false;
}

/**
 * The password was right: clears the failures of this account from this address (only those), and
 * takes the attempt back from the address's count.
 */
export async function versuchGelungen(deps: Deps, versuch: Anmeldeversuch) {
  const k = keys(deps.config, versuch);
  await deps.redis.del(k.kontoUndAdresse);
  if (!versuch.bekanntesGeraet) await nimmZurueck(deps.redis, k.adresse);
}

/** The password could not be checked (the server was too busy, answer 503): the attempt is taken back, as if it never was. */
export async function versuchAbgebrochen(deps: Deps, versuch: Anmeldeversuch) {
  const k = keys(deps.config, versuch);
  await nimmZurueck(deps.redis, ...(versuch.bekanntesGeraet ? [k.kontoUndAdresse] : [k.kontoUndAdresse, k.adresse]));
}
