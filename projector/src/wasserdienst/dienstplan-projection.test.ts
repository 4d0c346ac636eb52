import { randomUUID } from 'node:crypto';
import { newEvent } from '@waldkita/platform/event-store/contract';
import { PostgresEventStore } from '@waldkita/platform/event-store/postgres-event-store';
import { createTestDatabase } from '@waldkita/platform/testing/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadModelSchema } from '../runtime/read-models.js';
import { applyEvents } from '../runtime/runner.js';

describe('dienstplan projection', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let store: PostgresEventStore;
  beforeAll(async () => {
    db = await createTestDatabase('dienstplan_projection');
    store = new PostgresEventStore(db.pool);
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  const gruppeId = randomUUID();
  const [fuchs, bauer, wagner] = [randomUUID(), randomUUID(), randomUUID()];
  const [w48, w50, w51] = [randomUUID(), randomUUID(), randomUUID()];
  const [t1, t2] = [randomUUID(), randomUUID()];
  const stream = `dienstplan-${gruppeId}`;
  const history = [
    newEvent('WasserdienstZugewiesen', { gruppeId, wasserdienstId: w48, jahr: 2026, kalenderwoche: 48, elternId: fuchs }),
    newEvent('WasserdienstZugewiesen', { gruppeId, wasserdienstId: w50, jahr: 2026, kalenderwoche: 50, elternId: bauer }),
    newEvent('WasserdienstZugewiesen', { gruppeId, wasserdienstId: w51, jahr: 2026, kalenderwoche: 51, elternId: wagner }),
    newEvent('TauschAngeboten', {
      gruppeId,
      tauschId: t1,
      wasserdienstId: w48,
      jahr: 2026,
      kalenderwoche: 48,
      elternId: fuchs,
      nachricht: null,
    }),
    newEvent('TauschAngeboten', {
      gruppeId,
      tauschId: t2,
      wasserdienstId: w51,
      jahr: 2026,
      kalenderwoche: 51,
      elternId: wagner,
      nachricht: 'Urlaub',
    }),
    newEvent('TauschAngenommen', {
      gruppeId,
      tauschId: t1,
      wasserdienstId: w48,
      woche: { jahr: 2026, kalenderwoche: 48 },
      angebotVon: fuchs,
      gegenWasserdienstId: w50,
      gegenWoche: { jahr: 2026, kalenderwoche: 50 },
      angenommenVon: bauer,
    }),
    newEvent('TauschZurueckgezogen', { gruppeId, tauschId: t2, wasserdienstId: w51, elternId: wagner }),
  ];

  const snapshot = async (schema: string) => ({
    dienste: (await db.pool.query(`SELECT wasserdienst_id, kalenderwoche, eltern_id FROM "${schema}".wasserdienst ORDER BY kalenderwoche`))
      .rows,
    tausche: (
      await db.pool.query(
        `SELECT tausch_id, status, request_eltern_id, resolve_eltern_id, resolve_kalenderwoche, nachricht FROM "${schema}".tausch ORDER BY kalenderwoche`,
      )
    ).rows,
  });

  it('given offers, a swap and a withdrawal: one batch, one event at a time and twice over all give the same rows', async () => {
    await store.appendToStream(stream, history, 'no_stream');
    const events = (await store.readStream(stream)).events;
    const client = await db.pool.connect();
    try {
      for (const schema of ['rm_batch', 'rm_single', 'rm_twice']) await createReadModelSchema(client, schema);
      await applyEvents(client, 'rm_batch', events);
      for (const event of events) await applyEvents(client, 'rm_single', [event]);
      await applyEvents(client, 'rm_twice', events);
      await applyEvents(client, 'rm_twice', events);
      for (const event of events) await applyEvents(client, 'rm_twice', [event]);
    } finally {
      client.release();
    }
    const batch = await snapshot('rm_batch');
    expect(await snapshot('rm_single')).toEqual(batch);
    expect(await snapshot('rm_twice')).toEqual(batch);

    // What the families see: Bauer now has week 48, Fuchs week 50; the offer is accepted by Bauer.
    expect(batch.dienste).toEqual([
      { wasserdienst_id: w48, kalenderwoche: 48, eltern_id: bauer },
      { wasserdienst_id: w50, kalenderwoche: 50, eltern_id: fuchs },
      { wasserdienst_id: w51, kalenderwoche: 51, eltern_id: wagner },
    ]);
    expect(batch.tausche).toEqual([
      {
        tausch_id: t1,
        status: 'angenommen',
        request_eltern_id: fuchs,
        resolve_eltern_id: bauer,
        resolve_kalenderwoche: 50,
        nachricht: null,
      },
      {
        tausch_id: t2,
        status: 'zurueckgezogen',
        request_eltern_id: wagner,
        resolve_eltern_id: null,
        resolve_kalenderwoche: null,
        nachricht: 'Urlaub',
      },
    ]);
  });
});
