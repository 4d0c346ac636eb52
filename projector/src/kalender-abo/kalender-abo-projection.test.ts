import { randomUUID } from 'node:crypto';
import { newEvent } from '@waldkita/platform/event-store/contract';
import { describe, expect, it } from 'vitest';
import { projektionsTest } from '../testing/projektions-test.js';

describe('calendar subscription projection (token digest → family)', () => {
  const probe = projektionsTest('kalender_abo_projection');

  it('renewals, endings and removed families: applied at once, one by one or twice, the rows are the same', async () => {
    const [fuchs, bauer, eule] = [randomUUID(), randomUUID(), randomUUID()];
    const digest = (n: number) => n.toString(16).padStart(64, '0');
    const abo = async (elternId: string, events: ReturnType<typeof newEvent>[]) =>
      probe.store.appendToStream(`kalender-abo-${elternId}`, events, 'no_stream');
    // Fuchs renews twice: only the last digest finds the family.
    await abo(fuchs, [
      newEvent('KalenderAboErneuert', { elternId: fuchs, tokenDigest: digest(1) }),
      newEvent('KalenderAboErneuert', { elternId: fuchs, tokenDigest: digest(2) }),
    ]);
    // Bauer ends the feed and starts a new one; Eule's ends with the family's removal.
    await abo(bauer, [
      newEvent('KalenderAboErneuert', { elternId: bauer, tokenDigest: digest(3) }),
      newEvent('KalenderAboBeendet', { elternId: bauer }),
      newEvent('KalenderAboErneuert', { elternId: bauer, tokenDigest: digest(4) }),
    ]);
    await abo(eule, [newEvent('KalenderAboErneuert', { elternId: eule, tokenDigest: digest(5) })]);
    await probe.store.appendToStream(`eltern-${eule}`, [newEvent('ElternEntfernt', { elternId: eule })], 'any');
    const events = [
      ...(await probe.store.readStream(`kalender-abo-${fuchs}`)).events,
      ...(await probe.store.readStream(`kalender-abo-${bauer}`)).events,
      ...(await probe.store.readStream(`kalender-abo-${eule}`)).events,
      ...(await probe.store.readStream(`eltern-${eule}`)).events,
    ];
    const zeilen = async (schema: string) =>
      (await probe.db.pool.query(`SELECT eltern_id, token_digest FROM "${schema}".kalender_abo ORDER BY token_digest`)).rows;

    const { batch, single, twice } = await probe.dreifach(events, zeilen);
    expect(single).toEqual(batch);
    expect(twice).toEqual(batch);
    expect(batch).toEqual([
      { eltern_id: fuchs, token_digest: digest(2) },
      { eltern_id: bauer, token_digest: digest(4) },
    ]);
  });
});
