import { CREDENTIALS_CHANNEL } from '@waldkita/platform/db/migrations';
import type { Position } from '@waldkita/platform/event-store/event-store';
import { describe, expect, it } from 'vitest';
import { LeserCache, type LeserZeile, MAX_LESER, type Wasserstand } from './leser-cache.js';

/** A watermark as the cache sees it: a position, a count of notices, a LISTEN connection that may be lost. */
const wasserstand = () => {
  const stand = {
    position: { commit: 1, prepare: 1 } as Position | null,
    notices: 0,
    hoert: true,
    handler: null as ((payload: string) => void) | null,
  };
  const fake: Wasserstand = {
    current: () => stand.position,
    generation: () => stand.notices,
    hears: (channel) => stand.hoert && channel === CREDENTIALS_CHANNEL && stand.handler !== null,
    listen: async (channel, handler) => {
      if (channel === CREDENTIALS_CHANNEL) stand.handler = handler;
    },
  };
  return { stand, fake };
};

const zeile = (sitzungsVersion = 1): LeserZeile => ({
  gruppeId: 'g1',
  admin: false,
  pruefer: false,
  sitzungsVersion,
  zeile: '7',
  passwortGeaendertMs: 0,
});

/** A loader that counts its calls, as the caller check's query would. */
const lader = () => {
  let aufrufe = 0;
  const lade = async () => {
    aufrufe++;
    await new Promise((r) => setTimeout(r, 2));
    return zeile(aufrufe);
  };
  return { lade, aufrufe: () => aufrufe };
};

describe('the caller check kept in memory', () => {
  it('reads a family once per read-model position, also for reads that arrive while it is read', async () => {
    const { fake } = wasserstand();
    const cache = new LeserCache(fake);
    await cache.start();
    const { lade, aufrufe } = lader();
    const [a, b] = await Promise.all([cache.hole('e1', lade), cache.hole('e1', lade)]);
    expect(await cache.hole('e1', lade)).toBe(a);
    expect(b).toBe(a);
    expect(aufrufe()).toBe(1);
    await cache.hole('e2', lade);
    expect(aufrufe()).toBe(2);
  });

  it('reads again once the projector moved on or sent a notice, and after the family’s credentials changed', async () => {
    const { stand, fake } = wasserstand();
    const cache = new LeserCache(fake);
    await cache.start();
    const { lade, aufrufe } = lader();
    expect((await cache.hole('e1', lade))?.sitzungsVersion).toBe(1);
    stand.position = { commit: 2, prepare: 1 };
    expect((await cache.hole('e1', lade))?.sitzungsVersion).toBe(2);
    stand.notices++; // e.g. a replay's swap, which repeats the position
    expect((await cache.hole('e1', lade))?.sitzungsVersion).toBe(3);
    await cache.hole('e2', lade);
    stand.handler!('E1'); // announced by the credentials trigger (any case)
    expect((await cache.hole('e1', lade))?.sitzungsVersion).toBe(5);
    expect(aufrufe()).toBe(5);
    cache.vergiss('e2'); // the command side in the same process
    await cache.hole('e2', lade);
    stand.handler!('*');
    await cache.hole('e1', lade);
    expect(aufrufe()).toBe(7);
  });

  it('does not keep a read that was under way when the family’s credentials changed', async () => {
    const { stand, fake } = wasserstand();
    const cache = new LeserCache(fake);
    await cache.start();
    const { lade, aufrufe } = lader();
    const unterwegs = cache.hole('e1', lade);
    stand.handler!('e1');
    await unterwegs;
    await cache.hole('e1', lade);
    expect(aufrufe()).toBe(2);
  });

  it('keeps nothing without a known position, while the LISTEN connection is lost, or after a failed read', async () => {
    const { stand, fake } = wasserstand();
    const cache = new LeserCache(fake);
    const { lade, aufrufe } = lader();
    await cache.hole('e1', lade); // not started: the channel is not listened to
    await cache.start();
    stand.hoert = false;
    await cache.hole('e1', lade);
    await cache.hole('e1', lade);
    stand.hoert = true;
    stand.position = null;
    await cache.hole('e1', lade);
    expect(aufrufe()).toBe(4);
    expect(cache.groesse).toBe(0);

    stand.position = { commit: 3, prepare: 3 };
    await expect(cache.hole('e1', () => Promise.reject(new Error('Postgres weg')))).rejects.toThrow('Postgres weg');
    await cache.hole('e1', lade);
    await cache.hole('e1', lade);
    expect(aufrufe()).toBe(5);
  });

  it(`keeps at most ${MAX_LESER} families, the oldest going first`, async () => {
    const { fake } = wasserstand();
    const cache = new LeserCache(fake);
    await cache.start();
    const { lade, aufrufe } = lader();
    const zahl = 2 * MAX_LESER + 17;
    for (let i = 0; i < zahl; i++) void cache.hole(`e${i}`, lade);
    expect(cache.groesse).toBe(MAX_LESER);
    await cache.hole(`e${zahl - 1}`, lade);
    expect(aufrufe()).toBe(zahl);
    await cache.hole('e0', lade);
    expect(aufrufe()).toBe(zahl + 1);
  });
});
