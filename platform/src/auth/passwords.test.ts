import { availableParallelism } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
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
  afterEach(() => begrenzePasswortHashing({ warteschlange: 64 }));

  it('verifies the password it hashed, and no other', async () => {
    const hash = await hashPassword('Fuchsbau-2026', BILLIG);
    expect(await verifyPassword('Fuchsbau-2026', hash)).toBe(true);
    expect(await verifyPassword('fuchsbau-2026', hash)).toBe(false);
    expect(await verifyPassword('Fuchsbau-2026', 'bcrypt$kaputt')).toBe(false);
  });

  it('keeps the dummy hash at the default cost, so that an unknown e-mail costs what a wrong password costs', async () => {
    const echt = await hashPassword('irgendwas');
    expect(dummyHash.split('$').slice(0, 4)).toEqual(echt.split('$').slice(0, 4));
    expect(await verifyPassword('irgendwas', dummyHash)).toBe(false);
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
