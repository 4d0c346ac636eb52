import { randomUUID } from 'node:crypto';
import { newEvent } from '@waldkita/platform/event-store/contract';
import { comparePositions, type EventStore, type Position } from '@waldkita/platform/event-store/event-store';
import { PostgresEventStore } from '@waldkita/platform/event-store/postgres-event-store';
import { createTestDatabase } from '@waldkita/platform/testing/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECTIONS } from '../app.js';
import { BatchFeed } from './batch-feed.js';
import type { Projection } from './projection.js';
import { type Reactor, reactorCheckpoint, startReactors } from './reactors.js';
import { CHECKPOINT } from './read-models.js';
import { readCheckpoint, startProjector } from './runner.js';

const registriert = (nachname: string) => {
  const elternId = randomUUID();
  return {
    stream: `eltern-${elternId}`,
    event: newEvent('ElternRegistriert', {
      elternId,
      nachname,
      nameKind: null,
      email: `${nachname.toLowerCase()}-${elternId.slice(0, 8)}@example.org`,
      gruppeId: null,
      rollen: ['ROLE_ELTERN'],
    }),
  };
};

/** The store, with every read of the log counted (also on the projector's own connections). */
const counting = (inner: EventStore, reads: { events: number }[]): EventStore =>
  new Proxy(inner, {
    get(target, prop) {
      if (prop === 'readAll')
        return async (after: Position | null, maxCount: number) => {
          const events = await target.readAll(after, maxCount);
          reads.push({ events: events.length });
          return events;
        };
      if (prop === 'withPool')
        return target.withPool
          ? (pool: Parameters<NonNullable<EventStore['withPool']>>[0]) => counting(target.withPool!(pool), reads)
          : undefined;
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });

/** A reactor that remembers every event id it was handed, in order. */
const recording = (name: string) => {
  const seen: string[] = [];
  const reactor: Reactor = {
    name,
    async react(events) {
      for (const e of events) seen.push(e.id);
    },
  };
  return { reactor, seen };
};

describe('reactors behind the projector', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let store: PostgresEventStore;
  beforeAll(async () => {
    db = await createTestDatabase('reactors_feed');
    store = new PostgresEventStore(db.pool);
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  const appendFamilies = async (n: number, prefix: string) => {
    const ids: string[] = [];
    let last: Position | null = null;
    for (let i = 0; i < n; i++) {
      const f = registriert(`${prefix}${i}`);
      const { position } = await store.appendToStream(f.stream, [f.event], 'no_stream');
      ids.push(f.event.id);
      last = position;
    }
    return { ids, last: last! };
  };
  const reached = async (name: string, position: Position) => {
    const p = await readCheckpoint(db.pool, name);
    return p !== null && comparePositions(p, position) >= 0;
  };

  it('one read of the log per projector batch serves the read models and every reactor, each of which sees every event once, across a restart', async () => {
    const reads: { events: number }[] = [];
    const log = counting(store, reads);
    /** How many batches the projections were handed (none of these events is applied on its own). */
    let batches = 0;
    const batchCounter: Projection = {
      name: 'batch_counter',
      createTables: async () => undefined,
      async apply(_client, _schema, events) {
        if (events.length > 0) batches++;
      },
    };
    const feed = new BatchFeed();
    const projector = startProjector(log, db.pool, { projections: [...PROJECTIONS, batchCounter], feed, batchSize: 4 });
    const [mail, push, rota] = [recording('test-mail'), recording('test-push'), recording('test-rota')];
    let reactors = startReactors(log, db.pool, [mail.reactor, push.reactor, rota.reactor], { feed });

    const first = await appendFamilies(10, 'Vorher');
    await expect.poll(() => reached(CHECKPOINT, first.last), { timeout: 5000 }).toBe(true);
    await expect.poll(() => rota.seen.length, { timeout: 5000 }).toBe(10);

    // Steady state: appends in bursts, each projected in batches of at most 4.
    reads.length = 0;
    batches = 0;
    const second = { ids: [] as string[], last: first.last };
    for (let burst = 0; burst < 5; burst++) {
      const { ids, last } = await appendFamilies(7, `Stoss${burst}x`);
      second.ids.push(...ids);
      second.last = last;
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    await expect.poll(() => reached(CHECKPOINT, second.last), { timeout: 5000 }).toBe(true);
    for (const r of [mail, push, rota]) await expect.poll(() => r.seen.length, { timeout: 5000 }).toBe(45);
    expect(batches).toBeGreaterThan(5);
    // Every read that found events was the projector's, one per batch; no reactor read the log.
    expect(reads.filter((r) => r.events > 0)).toHaveLength(batches);
    expect(reads.filter((r) => r.events > 0).reduce((n, r) => n + r.events, 0)).toBe(35);
    for (const r of [mail, push, rota]) expect(r.seen).toEqual([...first.ids, ...second.ids]);

    // The reactors stop (their checkpoints written) and start again: nothing comes twice, and a
    // reactor that starts late reads what the projector passed before it came, then joins the feed.
    await reactors.stop();
    for (const name of ['test-mail', 'test-push', 'test-rota']) expect(await reached(reactorCheckpoint(name), second.last)).toBe(true);
    const late = recording('test-late');
    reactors = startReactors(log, db.pool, [mail.reactor, push.reactor, rota.reactor, late.reactor], { feed });
    const third = await appendFamilies(6, 'Nachher');
    await expect.poll(() => late.seen.length, { timeout: 5000 }).toBe(51);
    for (const r of [mail, push, rota]) await expect.poll(() => r.seen.length, { timeout: 5000 }).toBe(51);
    const all = [...first.ids, ...second.ids, ...third.ids];
    for (const r of [mail, push, rota, late]) expect(r.seen).toEqual(all);
    // The projector's batches carry the reactors' checkpoints; after a pause they are written anyway.
    for (const name of ['test-mail', 'test-push', 'test-rota', 'test-late'])
      await expect.poll(() => reached(reactorCheckpoint(name), third.last), { timeout: 5000 }).toBe(true);
    await reactors.stop();
    await projector.stop();
  });

  it('without a projector in the process, reactors follow the checkpoint and read the log themselves', async () => {
    const before = await readCheckpoint(db.pool);
    const projector = startProjector(store, db.pool, { projections: PROJECTIONS });
    const solo = recording('test-solo');
    await db.pool.query('INSERT INTO projector_checkpoints (name, commit_pos, prepare_pos) VALUES ($1, $2, $3)', [
      reactorCheckpoint('test-solo'),
      before!.commit,
      before!.prepare,
    ]);
    const reactors = startReactors(store, db.pool, [solo.reactor]);
    const { ids } = await appendFamilies(5, 'Allein');
    await expect.poll(() => solo.seen.length, { timeout: 5000 }).toBe(5);
    expect(solo.seen).toEqual(ids);
    await reactors.stop();
    await projector.stop();
  });
});
