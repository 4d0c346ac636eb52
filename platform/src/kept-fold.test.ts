import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newEvent } from './event-store/contract.js';
import type { EventStore, RecordedEvent, StreamRead } from './event-store/event-store.js';
import { PostgresEventStore } from './event-store/postgres-event-store.js';
import { keptFold } from './kept-fold.js';
import { createTestDatabase } from './testing/test-database.js';

describe('keptFold: a route reads only the events after the fold it holds', () => {
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

  /** The store as a route sees it, counting the events each read hands over; `kopf` overrides the head once. */
  const zaehlend = () => {
    const gelesen: number[] = [];
    /** Per read of readStreams: the revision it asked for the events after (undefined: all). */
    const ab: (number | undefined)[] = [];
    let kopf: number | null | undefined;
    const wrapped: EventStore = Object.assign(Object.create(store) as EventStore, {
      readStreams: async (names: readonly string[], after?: ReadonlyMap<string, number>) => {
        ab.push(after?.get(names[0]!));
        const read = await store.readStreams(names, after);
        if (kopf !== undefined) {
          for (const [name, r] of read) read.set(name, { ...r, revision: kopf } as StreamRead);
          kopf = undefined;
        }
        gelesen.push([...read.values()].reduce((n, r) => n + r.events.length, 0));
        return read;
      },
      readStream: async (name: string) => {
        const read = await store.readStream(name);
        gelesen.push(read.events.length);
        return read;
      },
    });
    return { wrapped, gelesen, ab, setzeKopf: (r: number | null) => (kopf = r) };
  };
  const summe = keptFold(
    () => ({ summe: 0, typen: [] as string[] }),
    (s, e: RecordedEvent) => ({ summe: s.summe + (e.data as { n: number }).n, typen: [...s.typen, e.type] }),
  );

  it('folds the whole stream once, then only what was appended since, also by another process', async () => {
    const name = `summe-${randomUUID()}`;
    await store.appendToStream(name, [newEvent('A', { n: 1 }), newEvent('B', { n: 2 })], 'no_stream');
    const { wrapped, gelesen } = zaehlend();
    expect(await summe(wrapped, name)).toEqual({ summe: 3, typen: ['A', 'B'] });
    expect(await summe(wrapped, name)).toEqual({ summe: 3, typen: ['A', 'B'] });
    const anderer = new PostgresEventStore(db.pool);
    await anderer.appendToStream(name, [newEvent('C', { n: 4 })], 1);
    await anderer.close();
    expect(await summe(wrapped, name)).toEqual({ summe: 7, typen: ['A', 'B', 'C'] });
    // Two events, then none, then the one appended since.
    expect(gelesen).toEqual([2, 0, 1]);
  });

  it('reads the stream in full when its head is behind the revision held (a restored database)', async () => {
    const name = `summe-${randomUUID()}`;
    await store.appendToStream(name, [newEvent('A', { n: 1 }), newEvent('B', { n: 2 })], 'no_stream');
    const { wrapped, gelesen, setzeKopf } = zaehlend();
    await summe(wrapped, name);
    setzeKopf(0);
    expect(await summe(wrapped, name)).toEqual({ summe: 3, typen: ['A', 'B'] });
    expect(gelesen).toEqual([2, 0, 2]);
  });

  it('a stream with no events folds to the initial state; the next reads ask for what came after nothing', async () => {
    const { wrapped, gelesen, ab } = zaehlend();
    const name = `leer-${randomUUID()}`;
    expect(await summe(wrapped, name)).toEqual({ summe: 0, typen: [] });
    expect(await summe(wrapped, name)).toEqual({ summe: 0, typen: [] });
    await store.appendToStream(name, [newEvent('A', { n: 5 })], 'no_stream');
    expect(await summe(wrapped, name)).toEqual({ summe: 5, typen: ['A'] });
    expect(await summe(wrapped, name)).toEqual({ summe: 5, typen: ['A'] });
    expect(gelesen).toEqual([0, 0, 1, 0]);
    // Read in full once; then, as the events after revision -1 (no events yet) and after 0.
    expect(ab).toEqual([undefined, -1, -1, 0]);
  });
});
