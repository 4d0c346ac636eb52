import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';

/**
 * scrypt at the OWASP Password Storage parameters (N=2^17, r=8, p=1, 128 MiB). The cost is kept
 * in each hash, so it can be raised later without breaking stored ones.
 */
const DEFAULT = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 32;

/** The answer (503) when more hashes wait than the queue holds. */
export const ZU_VIELE_ANMELDUNGEN = 'Gerade melden sich sehr viele an. Bitte versuchen Sie es in einer Minute erneut.';

/** Thrown instead of hashing when the queue of waiting hashes is full; nothing was checked or stored. */
export class PasswortHashingAusgelastet extends Error {
  constructor() {
    super(ZU_VIELE_ANMELDUNGEN);
    this.name = 'PasswortHashingAusgelastet';
  }
}

/**
 * Each hash takes 128 MiB while it runs, so at most one per core runs at a time (more would not
 * finish sooner, only hold more memory); up to `warteschlange` more wait in order, and past that
 * a hash is refused at once with PasswortHashingAusgelastet.
 */
const grenze = { gleichzeitig: availableParallelism(), warteschlange: 64 };
let laufend = 0;
const wartend: (() => void)[] = [];

/** Sets the queue bound (config PASSWORD_HASH_QUEUE); the number running at once stays one per core. */
export function begrenzePasswortHashing({ warteschlange }: { warteschlange: number }) {
  grenze.warteschlange = warteschlange;
}

async function mitPlatz<T>(arbeit: () => Promise<T>): Promise<T> {
  if (laufend < grenze.gleichzeitig) laufend++;
  else if (wartend.length >= grenze.warteschlange) throw new PasswortHashingAusgelastet();
  else await new Promise<void>((resolve) => wartend.push(resolve));
  try {
    return await arbeit();
  } finally {
    // The place goes straight to the next in line; only with nobody waiting is it given back.
    const naechster = wartend.shift();
    if (naechster) naechster();
    else laufend--;
  }
}

const scrypt = (password: string, salt: Buffer, cost: { N: number; r: number; p: number }) =>
  mitPlatz(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scryptCallback(password.normalize('NFC'), salt, KEY_LENGTH, { ...cost, maxmem: 256 * cost.N * cost.r + 1024 * 1024 }, (err, key) =>
          err ? reject(err) : resolve(key),
        ),
      ),
  );

export async function hashPassword(password: string, cost = DEFAULT): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, cost);
  return `scrypt$${cost.N}$${cost.r}$${cost.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * The hash of a random password nobody knows (made once with hashPassword at the default cost),
 * checked against when the e-mail is unknown or has no password yet, so that such an account costs
 * the same time as a wrong password. A constant: computing it at start would cost a hash's
 * 128 MiB and time before the first request.
 */
export const dummyHash = 'scrypt$131072$8$1$/hOAugUgvo2qiZW1EFAEDw==$R1OrG93p3KN0EXXEi1/+R/g3xcQ6Tx9oRnDRJDluNTc=';
