import { randomUUID } from 'node:crypto';
import { benachrichtigungenStream, STANDARD_WAHL } from '@waldkita/domain/push/benachrichtigungen';
import { newEvent } from '@waldkita/platform/event-store/contract';
import { PostgresEventStore } from '@waldkita/platform/event-store/postgres-event-store';
import { createTestDatabase } from '@waldkita/platform/testing/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushProjection } from './push-projection.js';

describe('push projection', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let store: PostgresEventStore;
  beforeAll(async () => {
    db = await createTestDatabase('push_projection');
    store = new PostgresEventStore(db.pool);
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  it('devices and choices: applied once, one by one or twice, the rows are the same; new keys keep the first date', async () => {
    const elternId = randomUUID();
    const [g1, g2] = [randomUUID(), randomUUID()];
    const geraet = (geraetId: string, abo: string, bezeichnung: string) =>
      newEvent('PushGeraetAngemeldet', { elternId, geraetId, endpunktKennung: `k-${geraetId}`, fingerabdruck: abo, abo, bezeichnung });
    const wahl = { ...STANDARD_WAHL, neuesAngebot: { push: false, mail: true } };
    await store.appendToStream(
      benachrichtigungenStream(elternId),
      [geraet(g1, 'v1.a', 'Chrome auf Android'), geraet(g2, 'v1.b', 'Safari auf iPhone')],
      'no_stream',
    );
    await store.appendToStream(
      benachrichtigungenStream(elternId),
      [
        geraet(g1, 'v1.c', 'Chrome auf Android'),
        newEvent('PushGeraetEntfernt', { elternId, geraetId: g2, grund: 'abgelaufen' }),
        newEvent('BenachrichtigungenGewaehlt', { elternId, wahl }),
      ],
      1,
    );
    const events = (await store.readStream(benachrichtigungenStream(elternId))).events;
    const snapshot = async (schema: string) => ({
      geraete: (
        await db.pool.query(
          `SELECT geraet_id, bezeichnung, abo, seit, log_commit, log_prepare FROM "${schema}".push_geraet ORDER BY geraet_id`,
        )
      ).rows,
      wahl: (await db.pool.query(`SELECT eltern_id, wahl FROM "${schema}".benachrichtigung_wahl`)).rows,
    });
    const client = await db.pool.connect();
    try {
      for (const schema of ['rm_batch', 'rm_single', 'rm_twice']) {
        await client.query(`CREATE SCHEMA "${schema}"`);
        await pushProjection.createTables(client, schema);
      }
      await pushProjection.apply(client, 'rm_batch', events);
      for (const event of events) await pushProjection.apply(client, 'rm_single', [event]);
      await pushProjection.apply(client, 'rm_twice', events);
      await pushProjection.apply(client, 'rm_twice', events);
    } finally {
      client.release();
    }
    const batch = await snapshot('rm_batch');
    expect(await snapshot('rm_single')).toEqual(batch);
    expect(await snapshot('rm_twice')).toEqual(batch);
    expect(batch.geraete).toEqual([
      expect.objectContaining({
        geraet_id: g1,
        abo: 'v1.c',
        seit: new Date(events[0]!.metadata.occurredAt),
        log_commit: events[0]!.position.commit,
      }),
    ]);
    expect(batch.wahl).toEqual([{ eltern_id: elternId, wahl }]);
  });
});
