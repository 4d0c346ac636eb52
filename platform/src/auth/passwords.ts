import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';

/**
 * scrypt at the OWASP Password Storage parameters (N=2^17, r=8, p=1, 128 MiB). The cost is kept
 * in each hash, so it can be raised later without breaking stored ones.
 */
const DEFAULT = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 32;

type Kosten = typeof DEFAULT;

/**
 * The cost of a new hash: the default, except in a test process (NODE_ENV=test), where
 * WALDKITA_TEST_SCRYPT_N may lower N (vitest.config.ts sets 2^12), as Rails and Django lower
 * their hash costs in tests: the suite registers and signs in families thousands of times, and at
 * the production cost each hash takes 0.7 s of a core on a 2-core CI machine. Every other
 * process ignores the variable. Read at each hash, so a test file can go back to the production
 * cost (the sign-in load tests do). A hash keeps its cost, so a stored one verifies at its own.
 */
function kostenNeuerHashes(env: NodeJS.ProcessEnv = process.env): Kosten {
  if (env.NODE_ENV !== 'test' || !env.WALDKITA_TEST_SCRYPT_N) return DEFAULT;
  const n = Number(env.WALDKITA_TEST_SCRYPT_N);
  return Number.isInteger(n) && n >= 2 ** 10 && n <= DEFAULT.N && (n & (n - 1)) === 0 ? { ...DEFAULT, N: n } : DEFAULT;
}

/** The answer (503) when a hash would wait too long, or the server is stopping. */
export const ZU_VIELE_ANMELDUNGEN = 'Gerade melden sich sehr viele an. Bitte versuchen Sie es in einem Moment noch einmal.';

/** Retry-After of that answer, in seconds: the queue is bounded by a wait of a few seconds, so it drains that fast. */
export const ZU_VIELE_ANMELDUNGEN_RETRY_AFTER_S = 5;

/** Thrown instead of hashing when the queue is full or the process is stopping; nothing was checked or stored. */
export class PasswortHashingAusgelastet extends Error {
  constructor() {
    super(ZU_VIELE_ANMELDUNGEN);
    this.name = 'PasswortHashingAusgelastet';
  }
}

/**
 * Thrown instead of hashing when the request's client has gone (its signal aborted) before the
 * hash began: nobody would read the answer, so the 128 MiB and the core are left to the next in
 * line. A kind of PasswortHashingAusgelastet, so every route treats it as 'not checked' (503).
 */
export class PasswortPruefungAbgebrochen extends PasswortHashingAusgelastet {
  constructor() {
    super();
    this.name = 'PasswortPruefungAbgebrochen';
  }
}

/**
 * Each hash takes 128 MiB while it runs, so at most one per core runs at a time (more would not
 * finish sooner, only hold more memory). The rest wait in order, but only as long as it is worth
 * it: a request's hash (one given the request's `signal`) is refused at once
 * (PasswortHashingAusgelastet → 503) when the wait the queue would cause plus its own hash
 * exceeds `maxWarteMs` (default 5 s), estimated from the duration of the recent hashes; and
 * never more than `warteschlange` wait (config PASSWORD_HASH_QUEUE). A waiting hash whose client
 * has gone is dropped from the queue and never computed. Hashes without a signal (registering
 * families in the CLI or tests) are bounded by the count only.
 */
const grenze = { gleichzeitig: availableParallelism(), warteschlange: 64, maxWarteMs: 5000 };
let laufend = 0;
type Wartend = { weiter: () => void; abbrechen: (error: Error) => void };
const wartend: Wartend[] = [];
let gestoppt = false;
const ANGENOMMENE_DAUER_MS = 1000;
/** Moving average of a hash's duration in ms (0 until the first one finished). */
let dauerMs = 0;

/** Sets the queue bounds; the number running at once stays one per core. */
export function begrenzePasswortHashing({ warteschlange, maxWarteMs }: { warteschlange: number; maxWarteMs?: number }) {
  grenze.warteschlange = warteschlange;
  if (maxWarteMs !== undefined) grenze.maxWarteMs = maxWarteMs;
}

/**
 * Shutdown: every waiting hash is refused (503), and so is every new one; running ones finish.
 * `false` undoes it (tests).
 */
export function stoppePasswortHashing(stop = true) {
  gestoppt = stop;
  if (!stop) return;
  for (const w of wartend.splice(0)) w.abbrechen(new PasswortHashingAusgelastet());
}

/**
 * How long a hash asked for now would take to finish, waiting included:
 * the ones waiting ahead and itself finish at one per core per hash's duration, and the running
 * ones are about half done.
 */
function erwarteteDauerMs(): number {
  // Before the first hash has finished (a crowd right after start), a hash is assumed to take 1 s.
  const dauer = dauerMs || ANGENOMMENE_DAUER_MS;
  if (laufend < grenze.gleichzeitig) return dauer;
  return ((wartend.length + 1) / grenze.gleichzeitig + 0.5) * dauer;
}

async function mitPlatz<T>(arbeit: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  if (gestoppt) throw new PasswortHashingAusgelastet();
  if (signal?.aborted) throw new PasswortPruefungAbgebrochen();
  if (laufend < grenze.gleichzeitig) laufend++;
  else if (wartend.length >= grenze.warteschlange || (signal && erwarteteDauerMs() > grenze.maxWarteMs))
    throw new PasswortHashingAusgelastet();
  else
    await new Promise<void>((resolve, reject) => {
      let frist: NodeJS.Timeout | undefined;
      const raus = () => {
        clearTimeout(frist);
        signal?.removeEventListener('abort', weg);
        const i = wartend.indexOf(eintrag);
        if (i >= 0) wartend.splice(i, 1);
      };
      const eintrag: Wartend = {
        weiter: () => {
          raus();
          resolve();
        },
        abbrechen: (error) => {
          raus();
          reject(error);
        },
      };
      const weg = () => eintrag.abbrechen(new PasswortPruefungAbgebrochen());
      signal?.addEventListener('abort', weg, { once: true });
      // The estimate may be wrong (the machine got slower): a request's hash still waiting when it
      // could no longer finish within maxWarteMs leaves the queue with 503 then.
      if (signal)
        frist = setTimeout(
          () => eintrag.abbrechen(new PasswortHashingAusgelastet()),
          Math.max(0, grenze.maxWarteMs - (dauerMs || ANGENOMMENE_DAUER_MS)),
        );
      wartend.push(eintrag);
    });
  // From here this call holds a place: it is handed on in `finally`, also when the client left meanwhile.
  const beginn = performance.now();
  let gerechnet = false;
  try {
    if (signal?.aborted) throw new PasswortPruefungAbgebrochen();
    gerechnet = true;
    return await arbeit();
  } finally {
    if (gerechnet) {
      const ms = performance.now() - beginn;
      dauerMs = dauerMs === 0 ? ms : dauerMs * 0.7 + ms * 0.3;
    }
    // The place goes straight to the next in line; only with nobody waiting is it given back.
    const naechster = wartend.shift();
    if (naechster) naechster.weiter();
    else laufend--;
  }
}

const scrypt = (password: string, salt: Buffer, cost: { N: number; r: number; p: number }, signal?: AbortSignal) =>
  mitPlatz(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scryptCallback(password.normalize('NFC'), salt, KEY_LENGTH, { ...cost, maxmem: 256 * cost.N * cost.r + 1024 * 1024 }, (err, key) =>
          err ? reject(err) : resolve(key),
        ),
      ),
    signal,
  );

/**
 * `signal`: the request's. Once aborted (its client has gone) a hash that has not begun is never
 * computed; with it, the hash is also refused rather than wait past `maxWarteMs`.
 */
export type HashOptionen = { signal?: AbortSignal };

export async function hashPassword(password: string, cost = kostenNeuerHashes(), { signal }: HashOptionen = {}): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, cost, signal);
  return `scrypt$${cost.N}$${cost.r}$${cost.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string, { signal }: HashOptionen = {}): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) }, signal);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * The hash of a random password nobody knows (made once with hashPassword at the default cost),
 * checked against when the e-mail is unknown or has no password yet, so that such an account costs
 * the same time as a wrong password. A constant: computing it at start would cost a hash's
 * 128 MiB and time before the first request.
 */
const DUMMY_HASH = 'scrypt$131072$8$1$/hOAugUgvo2qiZW1EFAEDw==$R1OrG93p3KN0EXXEi1/+R/g3xcQ6Tx9oRnDRJDluNTc=';

/**
 * The dummy hash at the cost new hashes have now: the constant above, or in a test process with a
 * lower cost (kostenNeuerHashes) the same salt and key at that cost, so an unknown e-mail costs what
 * a wrong password of an account made in the same test costs. Nothing can match it either way.
 */
export function dummyHash(): string {
  const kosten = kostenNeuerHashes();
  if (kosten.N === DEFAULT.N) return DUMMY_HASH;
  const [, , , , salt, key] = DUMMY_HASH.split('$');
  return `scrypt$${kosten.N}$${kosten.r}$${kosten.p}$${salt}$${key}`;
}
