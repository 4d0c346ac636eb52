import { availableParallelism } from 'node:os';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  begrenzePasswortHashing,
  dummyHash,
  hashPassword,
  PasswortHashingAusgelastet,
  verifyPassword,
  ZU_VIELE_ANMELDUNGEN,
} from './passwords.js';

/** A cheap cost, so that these tests take milliseconds; the queue does not depend on it. */
const BILLIG = { N: 2 ** 10, r: 8, p: 1 };

describe('passwords', () => {
  afterEach(() => {
    begrenzePasswortHashing({ warteschlange: 64 });
    vi.unstubAllEnvs();
  });

  it('verifies the password it hashed, and no other', async () => {
    const hash = await hashPassword('Fuchsbau-2026', BILLIG);
    expect(await verifyPassword('Fuchsbau-2026', hash)).toBe(true);
    expect(await verifyPassword('fuchsbau-2026', hash)).toBe(false);
    expect(await verifyPassword('Fuchsbau-2026', 'bcrypt$kaputt')).toBe(false);
  });

  it('keeps the dummy hash at the cost of new hashes, so that an unknown e-mail costs what a wrong password costs', async () => {
    const kopf = (hash: string) => hash.split('$').slice(0, 4);
    vi.stubEnv('WALDKITA_TEST_SCRYPT_N', '');
    const echt = await hashPassword('irgendwas');
    expect(kopf(echt)).toEqual(['scrypt', String(2 ** 17), '8', '1']);
    expect(kopf(dummyHash())).toEqual(kopf(echt));
    expect(await verifyPassword('irgendwas', dummyHash())).toBe(false);
    // A test process at a lower cost: the dummy follows it.
    vi.stubEnv('NODE_ENV', 'test');
    vi.stubEnv('WALDKITA_TEST_SCRYPT_N', '4096');
    expect(kopf(dummyHash())).toEqual(kopf(await hashPassword('irgendwas')));
    expect(kopf(dummyHash())[1]).toBe('4096');
    expect(await verifyPassword('irgendwas', dummyHash())).toBe(false);
  });

  it('hashes at a lower cost only in a test process that asks for it (WALDKITA_TEST_SCRYPT_N); any other process ignores it', async () => {
    const kosten = async () => (await hashPassword('Fuchsbau-2026')).split('$')[1];
    vi.stubEnv('NODE_ENV', 'test');
    vi.stubEnv('WALDKITA_TEST_SCRYPT_N', '4096');
    expect(await kosten()).toBe('4096');
    // Not a power of two, or below 2^10: the default.
    vi.stubEnv('WALDKITA_TEST_SCRYPT_N', '1000');
    expect(await kosten()).toBe(String(2 ** 17));
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('WALDKITA_TEST_SCRYPT_N', '4096');
    expect(await kosten()).toBe(String(2 ** 17));
  });

  it('lets one hash per core run and the queue wait; one more is refused at once with the German text', async () => {
    begrenzePasswortHashing({ warteschlange: 3 });
    const moeglich = availableParallelism() + 3;
    const ergebnisse = await Promise.allSettled(Array.from({ length: moeglich + 1 }, (_, i) => hashPassword(`passwort-${i}`, BILLIG)));
    const abgelehnt = ergebnisse.filter((e) => e.status === 'rejected');
    expect(ergebnisse.filter((e) => e.status === 'fulfilled')).toHaveLength(moeglich);
    expect(abgelehnt).toHaveLength(1);
    expect((abgelehnt[0] as PromiseRejectedResult).reason).toBeInstanceOf(PasswortHashingAusgelastet);
    expect((abgelehnt[0] as PromiseRejectedResult).reason.message).toBe(ZU_VIELE_ANMELDUNGEN);

    // Once the queue has drained, hashing works again.
    expect(await verifyPassword('wieder', await hashPassword('wieder', BILLIG))).toBe(true);
  });

  it('with a queue of 0, refuses every hash beyond one per core', async () => {
    begrenzePasswortHashing({ warteschlange: 0 });
    const ergebnisse = await Promise.allSettled(
      Array.from({ length: availableParallelism() + 2 }, (_, i) => hashPassword(`passwort-${i}`, BILLIG)),
    );
    expect(ergebnisse.map((e) => e.status)).toEqual([
      ...Array.from({ length: availableParallelism() }, () => 'fulfilled'),
      'rejected',
      'rejected',
    ]);
  });
});
