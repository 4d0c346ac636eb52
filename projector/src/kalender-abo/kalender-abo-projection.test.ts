import { randomUUID } from 'node:crypto';
import { newEvent } from '@waldkita/platform/event-store/contract';
import { PostgresEventStore } from '@waldkita/platform/event-store/postgres-event-store';
import { createTestDatabase } from '@waldkita/platform/testing/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadModelSchema } from '../runtime/read-models.js';
import { applyEvents } from '../runtime/runner.js';

describe('calendar subscription projection (token digest → family)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let store: PostgresEventStore;
  beforeAll(async () => {
    db = await createTestDatabase('kalender_abo_projection');
    store = new PostgresEventStore(db.pool);
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  it('renewals, endings and removed families: applied at once, one by one or twice, the rows are the same', async () => {
    const [fuchs, bauer, eule] = [randomUUID(), randomUUID(), randomUUID()];
    const digest = (n: number) => n.toString(16).padStart(64, '0');
    const abo = async (elternId: string, events: ReturnType<typeof newEvent>[]) =>
      store.appendToStream(`kalender-abo-${elternId}`, events, 'no_stream');
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
    await store.appendToStream(`eltern-${eule}`, [newEvent('ElternEntfernt', { elternId: eule })], 'any');
    const events = [
      ...(await store.readStream(`kalender-abo-${fuchs}`)).events,
      ...(await store.readStream(`kalender-abo-${bauer}`)).events,
      ...(await store.readStream(`kalender-abo-${eule}`)).events,
      ...(await store.readStream(`eltern-${eule}`)).events,
    ];
    const zeilen = async (schema: string) =>
      (await db.pool.query(`SELECT eltern_id, token_digest FROM "${schema}".kalender_abo ORDER BY token_digest`)).rows;

    const client = await db.pool.connect();
    try {
      for (const schema of ['rm_batch', 'rm_single', 'rm_twice']) await createReadModelSchema(client, schema);
      await applyEvents(client, 'rm_batch', events);
      for (const event of events) await applyEvents(client, 'rm_single', [event]);
      await applyEvents(client, 'rm_twice', events);
      await applyEvents(client, 'rm_twice', events);
    } finally {
      client.release();
    }
    const batch = await zeilen('rm_batch');
    expect(await zeilen('rm_single')).toEqual(batch);
    expect(await zeilen('rm_twice')).toEqual(batch);
    expect(batch).toEqual([
      { eltern_id: fuchs, token_digest: digest(2) },
      { eltern_id: bauer, token_digest: digest(4) },
    ]);
  });
});
