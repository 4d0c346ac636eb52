import type { RecordedEvent } from '@waldkita/platform/event-store/event-store';
import { PostgresEventStore } from '@waldkita/platform/event-store/postgres-event-store';
import { createTestDatabase } from '@waldkita/platform/testing/test-database';
import { afterAll, beforeAll } from 'vitest';
import { PROJECTIONS } from '../app.js';
import type { Projection } from '../runtime/projection.js';
import { createReadModelSchema } from '../runtime/read-models.js';
import { applyEvents } from '../runtime/runner.js';

let schemata = 0;

/**
 * A projection test's database: a fresh test database and a plain event store on it (hooks
 * registered in the calling describe block), and the check every projection must pass — its
 * events applied in one batch, one at a time, and twice over give the same rows (`dreifach`).
 */
export function projektionsTest(name: string) {
  let db: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let store: PostgresEventStore | undefined;
  beforeAll(async () => {
    db = await createTestDatabase(name);
    store = new PostgresEventStore(db.pool);
  });
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });
  const offen = () => {
    if (!db || !store) throw new Error('projektionsTest: the database is not ready (its beforeAll has not run)');
    return { db, store };
  };

  return {
    get db() {
      return offen().db;
    },
    get store() {
      return offen().store;
    },
    /**
     * Applies `events` to three fresh schemas — as one batch, one event at a time, and the batch
     * twice (with `einzelnDazu`, then every event once more on its own) — and answers what `lies`
     * reads from each. `projections`: the projections under test (default: all of them).
     */
    async dreifach<T>(
      events: RecordedEvent[],
      lies: (schema: string) => Promise<T>,
      { projections = PROJECTIONS, einzelnDazu = false }: { projections?: Projection[]; einzelnDazu?: boolean } = {},
    ): Promise<{ batch: T; single: T; twice: T }> {
      const { db } = offen();
      const [batch, single, twice] = ['batch', 'single', 'twice'].map((art) => `rm_${art}_${++schemata}`) as [string, string, string];
      const client = await db.pool.connect();
      try {
        for (const schema of [batch, single, twice]) await createReadModelSchema(client, schema, projections);
        await applyEvents(client, batch, events, projections);
        for (const event of events) await applyEvents(client, single, [event], projections);
        await applyEvents(client, twice, events, projections);
        await applyEvents(client, twice, events, projections);
        if (einzelnDazu) for (const event of events) await applyEvents(client, twice, [event], projections);
      } finally {
        client.release();
      }
      return { batch: await lies(batch), single: await lies(single), twice: await lies(twice) };
    },
  };
}
