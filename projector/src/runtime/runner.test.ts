import { randomUUID } from 'node:crypto';
import { newEvent, readAllUntil } from '@waldkita/platform/event-store/contract';
import { PostgresEventStore } from '@waldkita/platform/event-store/postgres-event-store';
import { createTestDatabase } from '@waldkita/platform/testing/test-database';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECTIONS } from '../app.js';
import { BatchFeed } from './batch-feed.js';
import type { Projection } from './projection.js';
import { createReadModelSchema, LIVE_SCHEMA } from './read-models.js';
import { replayReadModels } from './replay.js';
import { applyEvents, projectBatch, readCheckpoint, startProjector } from './runner.js';

const registriert = (nachname: string, rollen = ['ROLE_ELTERN']) => {
  const elternId = randomUUID();
  return {
    stream: `eltern-${elternId}`,
    event: newEvent('ElternRegistriert', {
      elternId,
      nachname,
      nameKind: null,
      email: `${nachname.toLowerCase()}@example.org`,
      gruppeId: null,
      rollen,
    }),
    elternId,
  };
};

/** A deliberately non-idempotent projection: it counts how often it saw each event. */
const counting: Projection = {
  name: 'zaehler',
  async createTables(client, schema) {
    await client.query(`CREATE TABLE IF NOT EXISTS "${schema}".zaehler (event_id uuid PRIMARY KEY, n integer NOT NULL)`);
  },
  async apply(client, schema, events) {
    for (const event of events)
      await client.query(
        `INSERT INTO "${schema}".zaehler (event_id, n) VALUES ($1, 1) ON CONFLICT (event_id) DO UPDATE SET n = zaehler.n + 1`,
        [event.id],
      );
  },
};

describe('projector runtime', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let store: PostgresEventStore;
  beforeAll(async () => {
    db = await createTestDatabase();
    store = new PostgresEventStore(db.pool);
    const client = await db.pool.connect();
    await createReadModelSchema(client, LIVE_SCHEMA, [...PROJECTIONS, counting]);
    client.release();
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  const elternRows = async (schema = LIVE_SCHEMA) =>
    (await db.pool.query(`SELECT eltern_id, nachname, email, rollen, entfernt FROM "${schema}".eltern ORDER BY eltern_id`)).rows;

  it('given events applied once, when the same events are applied again, then the read model is unchanged', async () => {
    const a = registriert('Amsel');
    await store.appendToStream(a.stream, [a.event], 'no_stream');
    await store.appendToStream(a.stream, [newEvent('RollenGeaendert', { elternId: a.elternId, rollen: ['ROLE_ELTERN', 'ROLE_ADMIN'] })], 0);
    const events = (await store.readStream(a.stream)).events;
    const client = await db.pool.connect();
    await applyEvents(client, LIVE_SCHEMA, events, PROJECTIONS);
    const once = await elternRows();
    await applyEvents(client, LIVE_SCHEMA, events, PROJECTIONS);
    client.release();
    expect(await elternRows()).toEqual(once);
    expect(once.find((r) => r.eltern_id === a.elternId)?.rollen).toEqual(['ROLE_ELTERN', 'ROLE_ADMIN']);
  });

  it('given registrations, role changes and removals, a whole batch gives the same rows as one event at a time', async () => {
    const a = registriert('Dachs');
    const b = registriert('Igel');
    await store.appendToStream(a.stream, [a.event], 'no_stream');
    await store.appendToStream(b.stream, [b.event], 'no_stream');
    await store.appendToStream(
      a.stream,
      [newEvent('RollenGeaendert', { elternId: a.elternId, rollen: ['ROLE_ELTERN', 'ROLE_AUDITOR'] })],
      0,
    );
    await store.appendToStream(b.stream, [newEvent('ElternEntfernt', { elternId: b.elternId })], 0);
    await store.appendToStream(a.stream, [newEvent('RollenGeaendert', { elternId: a.elternId, rollen: ['ROLE_ADMIN'] })], 1);
    const events = [...(await store.readStream(a.stream)).events, ...(await store.readStream(b.stream)).events].sort(
      (x, y) => x.position.prepare - y.position.prepare,
    );
    const client = await db.pool.connect();
    await createReadModelSchema(client, 'rm_einzeln', PROJECTIONS);
    await createReadModelSchema(client, 'rm_batch', PROJECTIONS);
    for (const event of events) await applyEvents(client, 'rm_einzeln', [event], PROJECTIONS);
    await applyEvents(client, 'rm_batch', events.slice(0, 1), PROJECTIONS);
    await applyEvents(client, 'rm_batch', events.slice(1), PROJECTIONS);
    client.release();
    const einzeln = await elternRows('rm_einzeln');
    expect(await elternRows('rm_batch')).toEqual(einzeln);
    const byName = Object.fromEntries(einzeln.map((r) => [r.nachname, [r.rollen, r.entfernt]]));
    expect(byName).toEqual({ Dachs: [['ROLE_ADMIN'], false], Igel: [['ROLE_ELTERN'], true] });
  });

  it('loses and duplicates nothing when it crashes in the middle of a batch and starts again', async () => {
    const families = Array.from({ length: 6 }, (_, i) => registriert(`Familie${i}`));
    for (const f of families) await store.appendToStream(f.stream, [f.event], 'no_stream');
    const all = await readAllUntil(store, null, (events) => families.every((f) => events.some((e) => e.id === f.event.id)));
    const crashOn = families[3]!.event.id;
    const crashing: Projection = {
      ...counting,
      async apply(client, schema, events) {
        for (const event of events) {
          if (event.id === crashOn) throw new Error('Stromausfall');
          await counting.apply(client, schema, [event]);
        }
      },
    };
    await expect(projectBatch(db.pool, all, [...PROJECTIONS, crashing])).rejects.toThrow('Stromausfall');
    expect(await readCheckpoint(db.pool)).toBeNull();

    const projector = startProjector(store, db.pool, { projections: [...PROJECTIONS, counting], batchSize: 4 });
    await expect.poll(async () => (await readCheckpoint(db.pool))?.prepare, { timeout: 5000 }).toBe(all.at(-1)!.position.prepare);
    await projector.stop();
    const counts = (await db.pool.query<{ n: number }>(`SELECT n FROM "${LIVE_SCHEMA}".zaehler`)).rows.map((r) => r.n);
    expect(counts).toHaveLength(all.length);
    expect(counts.every((n) => n === 1)).toBe(true);
    const names = (await elternRows()).map((r) => r.nachname);
    for (const f of families) expect(names).toContain(f.event.data && (f.event.data as { nachname: string }).nachname);
  });

  it('applies every event exactly once while two projector processes run at the same time', async () => {
    const p1 = startProjector(store, db.pool, { projections: [...PROJECTIONS, counting], batchSize: 3 });
    const p2 = startProjector(store, db.pool, { projections: [...PROJECTIONS, counting], batchSize: 5 });
    const families = Array.from({ length: 20 }, (_, i) => registriert(`Parallel${i}`));
    await Promise.all(families.map((f) => store.appendToStream(f.stream, [f.event], 'no_stream')));
    const total = Number((await db.pool.query('SELECT count(*) AS n FROM events')).rows[0].n);
    await expect
      .poll(async () => Number((await db.pool.query(`SELECT count(*) AS n FROM "${LIVE_SCHEMA}".zaehler`)).rows[0].n), { timeout: 5000 })
      .toBe(total);
    await p1.stop();
    await p2.stop();
    const doubled = await db.pool.query(`SELECT event_id FROM "${LIVE_SCHEMA}".zaehler WHERE n <> 1`);
    expect(doubled.rows).toEqual([]);
  });

  it('replays the whole log into a new schema and swaps it in with the same rows as the live projection', async () => {
    const projector = startProjector(store, db.pool, { projections: PROJECTIONS });
    const extra = registriert('Nachzuegler');
    await store.appendToStream(extra.stream, [extra.event], 'no_stream');
    const last = (await store.readStream(extra.stream)).events.at(-1)!.position;
    await expect.poll(async () => (await readCheckpoint(db.pool))?.prepare, { timeout: 5000 }).toBe(last.prepare);
    const live = await elternRows();

    const progress: number[] = [];
    const result = await replayReadModels(store, db.pool, {
      projections: PROJECTIONS,
      batchSize: 7,
      onProgress: (p) => progress.push(p.applied),
    });
    expect(result.applied).toBe(Number((await db.pool.query('SELECT count(*) AS n FROM events')).rows[0].n));
    expect(progress.length).toBeGreaterThan(1);
    expect(await elternRows()).toEqual(live);

    // the live projector carries on from the swapped-in checkpoint
    const later = registriert('Spaetkommer');
    await store.appendToStream(later.stream, [later.event], 'no_stream');
    await expect.poll(async () => (await elternRows()).some((r) => r.nachname === 'Spaetkommer'), { timeout: 5000 }).toBe(true);
    await projector.stop();
  });

  it('a batch whose projections only write costs two round trips to Postgres, the reactors’ moved checkpoints included', async () => {
    const a = registriert('Rundreise');
    const b = registriert('Zweite');
    await store.appendToStream(a.stream, [a.event], 'no_stream');
    await store.appendToStream(b.stream, [b.event], 'no_stream');
    await store.appendToStream(a.stream, [newEvent('RollenGeaendert', { elternId: a.elternId, rollen: ['ROLE_ELTERN', 'ROLE_ADMIN'] })], 0);
    await store.appendToStream(b.stream, [newEvent('ElternEntfernt', { elternId: b.elternId })], 0);
    const checkpoint = await readCheckpoint(db.pool);
    const batch = await readAllUntil(store, checkpoint, (events) =>
      events.some((e) => e.type === 'ElternEntfernt' && e.streamName === b.stream),
    );
    // Every query the batch sends, counted on the connection it takes.
    const sent: string[] = [];
    const counted = {
      async connect() {
        const client = await db.pool.connect();
        return new Proxy(client, {
          get(target, prop) {
            if (prop === 'query')
              return (...args: unknown[]) => {
                sent.push(String(args[0]));
                return (target.query as (...a: unknown[]) => unknown)(...args);
              };
            const value = Reflect.get(target, prop, target);
            return typeof value === 'function' ? value.bind(target) : value;
          },
        });
      },
    } as unknown as pg.Pool;
    const feed = new BatchFeed();
    feed.checkpointMoved('reactor-rundreise', batch[0]!.position);

    const position = await projectBatch(counted, batch, PROJECTIONS, checkpoint, feed);

    expect(sent).toHaveLength(2);
    expect(position).toEqual(batch.at(-1)!.position);
    expect(await readCheckpoint(db.pool)).toEqual(position);
    expect(await readCheckpoint(db.pool, 'reactor-rundreise')).toEqual(batch[0]!.position);
    const rows = Object.fromEntries((await elternRows()).map((r) => [r.eltern_id, [r.nachname, r.rollen, r.entfernt]]));
    expect(rows[a.elternId]).toEqual(['Rundreise', ['ROLE_ELTERN', 'ROLE_ADMIN'], false]);
    expect(rows[b.elternId]).toEqual(['Zweite', ['ROLE_ELTERN'], true]);
  });
});
