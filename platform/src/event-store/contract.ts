import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import {
  comparePositions,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
  subscribe,
  WrongExpectedRevisionError,
} from './event-store.js';
import { eventHash, GENESIS_HASH } from './hash-chain.js';

export const newEvent = (type: string, data: unknown = {}): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: { actorId: null, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() },
});

const uniqueStream = (prefix = 'contract') => `${prefix}-${randomUUID()}`;

/** Reads the whole log after the events that existed when the test began. */
export const readAllFrom = async (store: EventStore, after: RecordedEvent['position'] | null) => {
  const all: RecordedEvent[] = [];
  let position = after;
  for (;;) {
    const batch = await store.readAll(position, 1000);
    if (batch.length === 0) return all;
    all.push(...batch);
    position = batch[batch.length - 1]!.position;
  }
};

const lastPosition = async (store: EventStore) => {
  const all = await readAllFrom(store, null);
  return all.length ? all[all.length - 1]!.position : null;
};

/**
 * Reads the log after `after` until `done` holds. The global order is only final for events whose
 * transactions are older than every running one (Postgres: below the cluster's snapshot xmin), so
 * a fresh append may take a moment to appear while other transactions, in any database, still run.
 */
export const readAllUntil = async (
  store: EventStore,
  after: RecordedEvent['position'] | null,
  done: (events: RecordedEvent[]) => boolean,
) => {
  let events: RecordedEvent[] = [];
  await expect
    .poll(
      async () => {
        events = await readAllFrom(store, after);
        return done(events);
      },
      { timeout: 10_000, interval: 50 },
    )
    .toBe(true);
  return events;
};

/**
 * Checks a whole stream as read back: revisions 0, 1, 2, …, the first event linking to the
 * genesis hash, every later one to its predecessor's hash, and every hash recomputing from the
 * values read (so from what the store really keeps, not from what was sent).
 */
export const expectIntactChain = (events: RecordedEvent[]) => {
  let previous = GENESIS_HASH;
  events.forEach((event, i) => {
    expect(event.revision).toBe(i);
    expect(event.metadata.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(event.metadata.vorherigerHash).toBe(previous);
    expect(eventHash(previous, event)).toBe(event.metadata.hash);
    previous = event.metadata.hash!;
  });
};

/**
 * The behaviour every event store adapter must show. Called inside a describe block of the
 * adapter's test with a function that returns the store under test.
 */
export function eventStoreContract(getStore: () => EventStore) {
  it('appends to a new stream and reads the events back in order with revisions 0, 1, 2', async () => {
    const store = getStore();
    const stream = uniqueStream();
    const result = await store.appendToStream(
      stream,
      [newEvent('A', { n: 1 }), newEvent('B', { n: 2 }), newEvent('C', { n: 3 })],
      'no_stream',
    );
    expect(result.nextExpectedRevision).toBe(2);
    const { revision, events } = await store.readStream(stream);
    expect(revision).toBe(2);
    expect(events.map((e) => [e.type, e.revision, e.data])).toEqual([
      ['A', 0, { n: 1 }],
      ['B', 1, { n: 2 }],
      ['C', 2, { n: 3 }],
    ]);
    expect(events[0]!.metadata.correlationId).toMatch(/[0-9a-f-]{36}/);
  });

  it('answers an unknown stream with no revision and no events', async () => {
    const { revision, events } = await getStore().readStream(uniqueStream());
    expect(revision).toBeNull();
    expect(events).toEqual([]);
  });

  it('refuses a stale expected revision with a typed conflict and writes nothing', async () => {
    const store = getStore();
    const stream = uniqueStream();
    await store.appendToStream(stream, [newEvent('A')], 'no_stream');
    await store.appendToStream(stream, [newEvent('B')], 0);
    await expect(store.appendToStream(stream, [newEvent('C')], 0)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    await expect(store.appendToStream(stream, [newEvent('C')], 'no_stream')).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    await expect(store.appendToStream(uniqueStream(), [newEvent('C')], 3)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect((await store.readStream(stream)).events.map((e) => e.type)).toEqual(['A', 'B']);
    await store.appendToStream(stream, [newEvent('D')], 'any');
    expect((await store.readStream(stream)).revision).toBe(2);
  });

  it('lets exactly one of many concurrent appends with the same expected revision through', async () => {
    const store = getStore();
    const stream = uniqueStream();
    await store.appendToStream(stream, [newEvent('Start')], 'no_stream');
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => store.appendToStream(stream, [newEvent('Versuch', { i })], 0)),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const conflicts = results.filter((r) => r.status === 'rejected' && r.reason instanceof WrongExpectedRevisionError);
    expect(ok).toHaveLength(1);
    expect(conflicts).toHaveLength(7);
    expect((await store.readStream(stream)).events).toHaveLength(2);
  });

  it('lets exactly one of concurrent creators of a new stream through', async () => {
    const store = getStore();
    const stream = uniqueStream();
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => store.appendToStream(stream, [newEvent('Angelegt')], 'no_stream')),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await store.readStream(stream)).events).toHaveLength(1);
  });

  it('treats a repeated append of the same event ids as done: same answer, nothing written twice', async () => {
    const store = getStore();
    const stream = uniqueStream();
    const events = [newEvent('A'), newEvent('B')];
    const first = await store.appendToStream(stream, events, 'no_stream');
    const again = await store.appendToStream(stream, events, 'no_stream');
    expect(again).toEqual(first);
    const concurrent = [newEvent('C')];
    const both = await Promise.all([store.appendToStream(stream, concurrent, 1), store.appendToStream(stream, concurrent, 1)]);
    expect(both[0]).toEqual(both[1]);
    expect((await store.readStream(stream)).events.map((e) => e.type)).toEqual(['A', 'B', 'C']);
  });

  it('reads all streams in one global order, each event exactly once, positions increasing', async () => {
    const store = getStore();
    const before = await lastPosition(store);
    const s1 = uniqueStream();
    const s2 = uniqueStream();
    await store.appendToStream(s1, [newEvent('Eins')], 'no_stream');
    await store.appendToStream(s2, [newEvent('Zwei'), newEvent('Drei')], 'no_stream');
    await store.appendToStream(s1, [newEvent('Vier')], 0);
    const mine = (events: RecordedEvent[]) => events.filter((e) => e.streamName === s1 || e.streamName === s2);
    const ours = mine(await readAllUntil(store, before, (events) => mine(events).length >= 4));
    expect(ours.map((e) => e.type)).toEqual(['Eins', 'Zwei', 'Drei', 'Vier']);
    for (let i = 1; i < ours.length; i++) expect(comparePositions(ours[i - 1]!.position, ours[i]!.position)).toBeLessThan(0);
    const paged = await store.readAll(ours[1]!.position, 1);
    expect(paged.map((e) => e.id)).toEqual([ours[2]!.id]);
  });

  it('delivers appended events to a catch-up subscription, old ones first, then new ones as they come', async () => {
    const store = getStore();
    const before = await lastPosition(store);
    const stream = uniqueStream();
    await store.appendToStream(stream, [newEvent('Alt')], 'no_stream');
    const controller = new AbortController();
    const seen: string[] = [];
    const done = (async () => {
      for await (const batch of subscribe(store, before, { signal: controller.signal, idleWaitMs: 500 })) {
        for (const event of batch) if (event.streamName === stream) seen.push(event.type);
        if (seen.length >= 3) controller.abort();
      }
    })();
    try {
      await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(1);
      await store.appendToStream(stream, [newEvent('Neu1'), newEvent('Neu2')], 0);
      await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(3);
      await done;
      expect(seen).toEqual(['Alt', 'Neu1', 'Neu2']);
    } finally {
      controller.abort();
    }
  });

  it('wakes a wait promptly for an append that committed between the read and the wait', async () => {
    const store = getStore();
    const stream = uniqueStream();
    await store.appendToStream(stream, [newEvent('Vorher')], 'no_stream');
    const visible = await readAllUntil(store, null, (events) => events.some((e) => e.streamName === stream));
    const last = visible.at(-1)!.position;
    expect(await store.readAll(last, 10)).toEqual([]);
    await store.appendToStream(stream, [newEvent('Dazwischen')], 0);
    await new Promise((resolve) => setTimeout(resolve, 200)); // the wake-up signal arrives before anyone waits
    const started = Date.now();
    await store.waitForAppend(5000);
    expect(Date.now() - started).toBeLessThan(1000);
    const after = await readAllUntil(store, last, (events) => events.length > 0);
    expect(after.map((e) => e.type)).toEqual(['Dazwischen']);
  });

  it('chains each stream by hash: every event links to the one before, and its hash covers its content', async () => {
    const store = getStore();
    const stream = uniqueStream();
    const first = [newEvent('A', { n: 1, name: 'Füchse', b: [true, null, 2.5] }), newEvent('B', { z: 1, a: { y: 2, x: 3 } })];
    const sent = structuredClone(first);
    await store.appendToStream(stream, first, 'no_stream');
    await store.appendToStream(stream, [newEvent('C'), newEvent('D', { leer: {} })], 1);
    const { events } = await store.readStream(stream);
    expect(events.map((e) => e.type)).toEqual(['A', 'B', 'C', 'D']);
    expectIntactChain(events);
    expect(first).toEqual(sent); // the caller's events are not changed
    // The hash covers data and metadata: a changed value no longer matches.
    const changed = { ...events[1]!, data: { z: 2, a: { y: 2, x: 3 } } };
    expect(eventHash(events[0]!.metadata.hash!, changed)).not.toBe(events[1]!.metadata.hash);
    const otherActor = { ...events[1]!, metadata: { ...events[1]!.metadata, actorId: randomUUID() } };
    expect(eventHash(events[0]!.metadata.hash!, otherActor)).not.toBe(events[1]!.metadata.hash);
    // Streams chain independently: another stream starts at the genesis hash again.
    const other = uniqueStream();
    await store.appendToStream(other, [newEvent('A')], 'no_stream');
    expect((await store.readStream(other)).events[0]!.metadata.vorherigerHash).toBe(GENESIS_HASH);
  });

  it('keeps every chain intact under concurrent appends to several streams', async () => {
    const store = getStore();
    const streams = [uniqueStream(), uniqueStream(), uniqueStream()];
    await Promise.all(
      streams.flatMap((stream, s) =>
        Array.from({ length: 6 }, (_, i) =>
          store.appendToStream(stream, [newEvent('Parallel', { s, i }), newEvent('Zweites', { i })], 'any'),
        ),
      ),
    );
    for (const stream of streams) {
      const { events } = await store.readStream(stream);
      expect(events).toHaveLength(12);
      expectIntactChain(events);
    }
  });

  it('answers a repeated append with the original result and leaves the chain as it was', async () => {
    const store = getStore();
    const stream = uniqueStream();
    const events = [newEvent('A'), newEvent('B')];
    const first = await store.appendToStream(stream, events, 'no_stream');
    const before = (await store.readStream(stream)).events.map((e) => e.metadata.hash);
    expect(await store.appendToStream(stream, events, 'no_stream')).toEqual(first);
    await store.appendToStream(stream, [newEvent('C')], 1);
    expect(await store.appendToStream(stream, events, 'any')).toEqual(first);
    const after = await store.readStream(stream);
    expect(after.events.slice(0, 2).map((e) => e.metadata.hash)).toEqual(before);
    expect(after.events).toHaveLength(3);
    expectIntactChain(after.events);
  });

  it('reads several streams at once, each in revision order; a stream without events answers empty', async () => {
    const store = getStore();
    const [s1, s2, leer] = [uniqueStream(), uniqueStream(), uniqueStream()];
    await store.appendToStream(s1, [newEvent('A'), newEvent('B')], 'no_stream');
    await store.appendToStream(s2, [newEvent('X')], 'no_stream');
    await store.appendToStream(s1, [newEvent('C')], 1);
    const read = await store.readStreams([s2, leer, s1]);
    expect([...read.keys()]).toEqual([s2, leer, s1]);
    expect(read.get(s1)!.events.map((e) => [e.type, e.revision])).toEqual([
      ['A', 0],
      ['B', 1],
      ['C', 2],
    ]);
    expect(read.get(s1)!.revision).toBe(2);
    expect(read.get(s2)!.events.map((e) => e.type)).toEqual(['X']);
    expect(read.get(leer)).toEqual({ revision: null, events: [] });
  });

  it('reads a stream after a revision: only the later events, and the last revision even when none follow', async () => {
    const store = getStore();
    const [s1, s2, leer] = [uniqueStream(), uniqueStream(), uniqueStream()];
    await store.appendToStream(s1, [newEvent('A'), newEvent('B'), newEvent('C'), newEvent('D')], 'no_stream');
    await store.appendToStream(s2, [newEvent('X'), newEvent('Y')], 'no_stream');
    const after = await store.readStream(s1, 1);
    expect(after.revision).toBe(3);
    expect(after.events.map((e) => [e.type, e.revision])).toEqual([
      ['C', 2],
      ['D', 3],
    ]);
    expectIntactChain((await store.readStream(s1)).events);
    expect(await store.readStream(s1, 3)).toEqual({ revision: 3, events: [] });
    expect(await store.readStream(leer, 5)).toEqual({ revision: null, events: [] });
    // Several streams at once: each from its own revision, a stream not named in `after` in full.
    const read = await store.readStreams(
      [s1, s2, leer],
      new Map([
        [s1, 2],
        [leer, 0],
      ]),
    );
    expect([...read.keys()]).toEqual([s1, s2, leer]);
    expect(read.get(s1)!.events.map((e) => e.type)).toEqual(['D']);
    expect(read.get(s2)).toMatchObject({ revision: 1 });
    expect(read.get(s2)!.events.map((e) => e.type)).toEqual(['X', 'Y']);
    expect(read.get(leer)).toEqual({ revision: null, events: [] });
    // Appends after such a read chain on as usual.
    await store.appendToStream(s1, [newEvent('E')], 3);
    expect((await store.readStream(s1, 3)).events.map((e) => e.type)).toEqual(['E']);
    expectIntactChain((await store.readStream(s1)).events);
  });

  it('appends to several streams in one call: each chained on its own, answered in the order asked', async () => {
    const store = getStore();
    const [alt, neu] = [uniqueStream(), uniqueStream()];
    await store.appendToStream(alt, [newEvent('Vorher')], 'no_stream');
    const results = await store.appendToStreams([
      { streamName: neu, events: [newEvent('N1'), newEvent('N2')], expectedRevision: 'no_stream' },
      { streamName: alt, events: [newEvent('Danach')], expectedRevision: 0 },
    ]);
    expect(results.map((r) => r.nextExpectedRevision)).toEqual([1, 1]);
    const read = await store.readStreams([alt, neu]);
    expect(read.get(neu)!.events.map((e) => e.type)).toEqual(['N1', 'N2']);
    expect(read.get(alt)!.events.map((e) => e.type)).toEqual(['Vorher', 'Danach']);
    expectIntactChain(read.get(neu)!.events);
    expectIntactChain(read.get(alt)!.events);
    // Each answer is the position of that stream's last event, as the log reports it.
    const log = await readAllUntil(store, null, (events) => events.some((e) => e.id === read.get(alt)!.events[1]!.id));
    expect(log.find((e) => e.id === read.get(neu)!.events[1]!.id)!.position).toEqual(results[0]!.position);
    expect(log.find((e) => e.id === read.get(alt)!.events[1]!.id)!.position).toEqual(results[1]!.position);
  });

  it('answers a repeated appendToStreams with the original results and writes nothing twice', async () => {
    const store = getStore();
    const appends = [
      { streamName: uniqueStream(), events: [newEvent('A')], expectedRevision: 'no_stream' as const },
      { streamName: uniqueStream(), events: [newEvent('B'), newEvent('C')], expectedRevision: 'no_stream' as const },
    ];
    const first = await store.appendToStreams(appends);
    expect(await store.appendToStreams(appends)).toEqual(first);
    const read = await store.readStreams(appends.map((a) => a.streamName));
    expect([...read.values()].map((r) => r.events.length)).toEqual([1, 2]);
  });

  it('refuses a batch at a stale expected revision: the conflicting stream gets nothing', async () => {
    const store = getStore();
    const [stream, other] = [uniqueStream(), uniqueStream()];
    await store.appendToStream(stream, [newEvent('A'), newEvent('B')], 'no_stream');
    await expect(
      store.appendToStreams([
        { streamName: stream, events: [newEvent('Veraltet')], expectedRevision: 0 },
        { streamName: other, events: [newEvent('Neu')], expectedRevision: 'no_stream' },
      ]),
    ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect((await store.readStream(stream)).events.map((e) => e.type)).toEqual(['A', 'B']);
    await expect(store.appendToStreams([{ streamName: other, events: [], expectedRevision: 'any' }])).rejects.toThrow(/at least one event/);
    const twice = { streamName: other, events: [newEvent('X')], expectedRevision: 'any' as const };
    await expect(store.appendToStreams([twice, { ...twice, events: [newEvent('Y')] }])).rejects.toThrow(/twice/);
  });
}
