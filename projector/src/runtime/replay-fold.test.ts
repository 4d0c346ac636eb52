import { newEvent } from '@waldkita/platform/event-store/contract';
import { PostgresEventStore } from '@waldkita/platform/event-store/postgres-event-store';
import { createTestDatabase } from '@waldkita/platform/testing/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureLogStatistics } from './replay-fold.js';

describe('the log read by a replay', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let store: PostgresEventStore;
  beforeAll(async () => {
    db = await createTestDatabase();
    store = new PostgresEventStore(db.pool);
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  const tuples = async () =>
    Number((await db.pool.query<{ t: number }>("SELECT reltuples AS t FROM pg_class WHERE oid = 'events'::regclass")).rows[0]!.t);

  it('given a log never analysed (a restored backup), when a replay starts, then it is walked along its index', async () => {
    const streams = Array.from({ length: 40 }, (_, s) => ({
      streamName: `statistik-${s}`,
      events: Array.from({ length: 100 }, (_, i) => newEvent('Gezaehlt', { s, i })),
      expectedRevision: 'no_stream' as const,
    }));
    await store.appendToStreams(streams);
    expect(await tuples()).toBe(-1);

    await ensureLogStatistics(store, db.pool);
    expect(await tuples()).toBe(4000);
    const { rows } = await db.pool.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN SELECT * FROM events WHERE (transaction_id, global_position) > ('0'::xid8, 0::bigint)
       ORDER BY transaction_id, global_position LIMIT 2000`,
    );
    expect(rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('Index Scan using events_global_order');

    // analysed once: a second start does not analyse again
    await db.pool.query("UPDATE pg_class SET reltuples = 3999 WHERE oid = 'events'::regclass");
    await ensureLogStatistics(store, db.pool);
    expect(await tuples()).toBe(3999);
  });
});
