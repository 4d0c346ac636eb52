import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countingPool } from '../testing/counting-pool.js';
import { createTestDatabase } from '../testing/test-database.js';
import { eventStoreContract, expectIntactChain, newEvent, readAllFrom, readAllUntil } from './contract.js';
import { type StreamRead, subscribe, WrongExpectedRevisionError } from './event-store.js';
import { PostgresEventStore } from './postgres-event-store.js';

describe('Postgres event store', () => {
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

  describe('contract', () => eventStoreContract(() => store));

  it('writes a batch of streams all or nothing: a conflict in its last stream leaves the others untouched', async () => {
    const [a, b, c] = ['batch-a', 'batch-b', 'batch-c'].map((name) => `${name}-${randomUUID()}`) as [string, string, string];
    await store.appendToStream(c, [newEvent('C0'), newEvent('C1')], 'no_stream');
    await expect(
      store.appendToStreams([
        { streamName: a, events: [newEvent('A0')], expectedRevision: 'no_stream' },
        { streamName: b, events: [newEvent('B0'), newEvent('B1')], expectedRevision: 'no_stream' },
        { streamName: c, events: [newEvent('C2')], expectedRevision: 0 },
      ]),
    ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    const read = await store.readStreams([a, b, c]);
    expect([...read.values()].map((r) => r.events.length)).toEqual([0, 0, 2]);
    // The streams stay usable: new streams can still be created, with an intact chain.
    await store.appendToStreams([
      { streamName: a, events: [newEvent('A0')], expectedRevision: 'no_stream' },
      { streamName: c, events: [newEvent('C2')], expectedRevision: 1 },
    ]);
    const after = await store.readStreams([a, c]);
    expectIntactChain(after.get(a)!.events);
    expectIntactChain(after.get(c)!.events);
  });

  it.each([
    ['as one statement', false],
    ['with rows beside the log, in a transaction of several insert statements', true],
  ])('writes an append of 3.3 MB (a yearly import) all or nothing, in order and chained: %s', async (_, beside) => {
    const streams = Array.from({ length: 3 }, () => `gross-${randomUUID()}`);
    await db.pool.query('CREATE TABLE IF NOT EXISTS gross_daneben (stream text PRIMARY KEY)');
    // rows written with the events (as the import's logins and links), in the same transaction
    const side = beside
      ? { claim: (c: pg.ClientBase) => c.query('INSERT INTO gross_daneben VALUES ($1)', [streams[0]]).then(() => undefined) }
      : undefined;
    const daneben = async () => (await db.pool.query('SELECT 1 FROM gross_daneben WHERE stream = $1', [streams[0]])).rowCount;
    const text = 'ä'.repeat(500);
    const appends = streams.map((streamName, s) => ({
      streamName,
      events: Array.from({ length: 1000 }, (_, i) => newEvent('Gross', { s, i, text })),
      expectedRevision: 'no_stream' as const,
    }));
    await store.appendToStream(streams[2]!, [newEvent('Vorher')], 'no_stream');
    await expect(store.appendToStreams(appends, side)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect([...(await store.readStreams(streams)).values()].map((r) => r.events.length)).toEqual([0, 0, 1]);
    expect(await daneben()).toBe(0);

    const results = await store.appendToStreams([...appends.slice(0, 2), { ...appends[2]!, expectedRevision: 0 }], side);
    expect(await daneben()).toBe(beside ? 1 : 0);
    expect(results.map((r) => r.nextExpectedRevision)).toEqual([999, 999, 1000]);
    const read = await store.readStreams(streams);
    for (const [s, name] of streams.entries()) {
      const events = read.get(name)!.events.filter((e) => e.type === 'Gross');
      expect(events.map((e) => (e.data as { i: number }).i)).toEqual(Array.from({ length: 1000 }, (_, i) => i));
      expect(events.every((e) => (e.data as { s: number; text: string }).s === s && (e.data as { text: string }).text === text)).toBe(true);
      expectIntactChain(read.get(name)!.events);
    }
    const positions = [...read.values()].flatMap((r) => r.events.filter((e) => e.type === 'Gross').map((e) => e.position.prepare));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('lets batches over the same streams in opposite orders finish without a deadlock, every event once', async () => {
    const streams = Array.from({ length: 6 }, () => `kreuz-${randomUUID()}`);
    const batch = (order: string[], i: number) =>
      store.appendToStreams(order.map((streamName) => ({ streamName, events: [newEvent('Kreuz', { i })], expectedRevision: 'any' })));
    await Promise.all(Array.from({ length: 10 }, (_, i) => batch(i % 2 ? [...streams].reverse() : streams, i)));
    for (const events of (await store.readStreams(streams)).values()) {
      expect(events.events).toHaveLength(10);
      expectIntactChain(events.events);
    }
  });

  it('never lets a subscriber pass an event whose transaction commits after a higher-numbered one', async () => {
    const held = await db.pool.connect();
    const controller = new AbortController();
    const seen: string[] = [];
    try {
      const start = (await readAllFrom(store, null)).at(-1)?.position ?? null;
      const subscriber = (async () => {
        for await (const batch of subscribe(store, start, { signal: controller.signal, idleWaitMs: 50 })) {
          // Only this test's streams: events of earlier tests may still become visible meanwhile.
          seen.push(...batch.filter((e) => e.streamName.startsWith('gap-')).map((e) => e.type));
          if (seen.length >= 4) controller.abort();
        }
      })();

      // The slow append takes its sequence number first and keeps its transaction open ...
      await held.query('BEGIN');
      await store.appendInTransaction(held, 'gap-langsam', [newEvent('Langsam')], 'no_stream');
      // ... while three later appends, with higher numbers, commit.
      await store.appendToStream('gap-schnell-1', [newEvent('Schnell1')], 'no_stream');
      await store.appendToStream('gap-schnell-2', [newEvent('Schnell2')], 'no_stream');
      await store.appendToStream('gap-schnell-3', [newEvent('Schnell3')], 'no_stream');

      // Several polls later the subscriber has delivered none of them: it waits for the gap.
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(seen).toEqual([]);

      await held.query('COMMIT');
      await subscriber;
      expect(seen).toEqual(['Langsam', 'Schnell1', 'Schnell2', 'Schnell3']);
    } finally {
      controller.abort();
      held.release();
    }
  });

  it("is not held back by a transaction running in another database on the same server (a DROP DATABASE, another kindergarten's import)", async () => {
    const nebenan = await createTestDatabase('waldkita_nebenan');
    const lang = await nebenan.pool.connect();
    try {
      await lang.query('BEGIN');
      const { rows } = await lang.query<{ xid: string }>('SELECT pg_current_xact_id()::text AS xid');
      const start = (await readAllFrom(store, null)).at(-1)?.position ?? null;
      await store.appendToStream('nebenan-hier', [newEvent('Hier')], 'no_stream');
      // The other database's transaction is older than the append, and still running ...
      const { rows: snapshot } = await db.pool.query<{ xmin: string }>('SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin');
      expect(BigInt(snapshot[0]!.xmin)).toBeLessThanOrEqual(BigInt(rows[0]!.xid));
      // ... yet the event is read while it runs (a read may still miss it if a transaction of
      // another test ends between its snapshot and its look at the activity, so it polls).
      const read = await readAllUntil(store, start, (events) => events.some((e) => e.type === 'Hier'));
      expect(read.map((e) => e.type)).toContain('Hier');
    } finally {
      await lang.query('ROLLBACK');
      lang.release();
      await nebenan.drop();
    }
  });

  it('skips the events of a rolled-back append and carries on', async () => {
    const before = (await readAllFrom(store, null)).at(-1)?.position ?? null;
    const client = await db.pool.connect();
    await client.query('BEGIN');
    await store.appendInTransaction(client, 'rollback-stream', [newEvent('Verworfen')], 'no_stream');
    await client.query('ROLLBACK');
    client.release();
    await store.appendToStream('rollback-stream', [newEvent('Behalten')], 'no_stream');
    // Wait until the kept event is readable (a transaction of this database, or one that ended
    // before it could be placed, can hold it back for a moment); the discarded one must never show up.
    const after = await readAllUntil(store, before, (events) => events.some((e) => e.type === 'Behalten'));
    expect(after.map((e) => e.type)).toEqual(['Behalten']);
  });

  it('reads in the numeric order of transaction ids, also across a power of ten (999 before 1000)', async () => {
    // A database of its own: the two rows below are the whole log, written directly with the
    // transaction ids a busy cluster passes through. Read as text, "1000" would sort before "999",
    // and a reader positioned after 1000 would never see 999.
    const own = await createTestDatabase();
    const ownStore = new PostgresEventStore(own.pool);
    try {
      const insert = (xid: number, type: string) =>
        own.pool.query(
          `INSERT INTO events (event_id, transaction_id, stream_name, stream_revision, event_type, data, metadata)
           VALUES (gen_random_uuid(), $1::text::xid8, $2, 0, $2, '{}', '{}')`,
          [String(xid), type],
        );
      await insert(1000, 'Spaeter');
      await insert(999, 'Frueher');
      const all = await ownStore.readAll(null, 10);
      expect(all.map((e) => [e.type, e.position.commit])).toEqual([
        ['Frueher', 999],
        ['Spaeter', 1000],
      ]);
      expect((await ownStore.readAll(all[0]!.position, 10)).map((e) => e.type)).toEqual(['Spaeter']);
    } finally {
      await ownStore.close();
      await own.drop();
    }
  });

  it('keeps the log append-only: updating or deleting an event is refused by the database', async () => {
    await store.appendToStream('unveraenderlich', [newEvent('Fest')], 'no_stream');
    await expect(db.pool.query("UPDATE events SET data = '{}' WHERE stream_name = 'unveraenderlich'")).rejects.toThrow(/append-only/);
    await expect(db.pool.query("DELETE FROM events WHERE stream_name = 'unveraenderlich'")).rejects.toThrow(/append-only/);
  });
});

describe('Postgres event store: group commit', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  /** The append statements the store sent (each a round trip and a commit). */
  let appendStatements = { sent: 0 };
  let store: PostgresEventStore;
  /** Another process on the same database. */
  let other: PostgresEventStore;
  beforeAll(async () => {
    db = await createTestDatabase();
    const pool = db.pool;
    const counting = countingPool(pool);
    appendStatements = counting.counter;
    store = new PostgresEventStore(counting.pool);
    other = new PostgresEventStore(pool);
  });
  afterAll(async () => {
    await store.close();
    await other.close();
    await db.drop();
  });
  const name = (label: string) => `${label}-${randomUUID()}`;

  it('appends handed in while a statement is on its way go together as the next one, each answered with its own revision', async () => {
    const streams = Array.from({ length: 10 }, () => name('gruppe'));
    appendStatements.sent = 0;
    const results = await Promise.all(
      streams.map((s, i) => store.appendToStream(s, [newEvent('A', { i }), newEvent('B', { i })], 'no_stream')),
    );
    // The first went at once; the nine that came meanwhile went together.
    expect(appendStatements.sent).toBe(2);
    expect(results.map((r) => r.nextExpectedRevision)).toEqual(streams.map(() => 1));
    expect(new Set(results.map((r) => `${r.position.commit}/${r.position.prepare}`)).size).toBe(10);
    const read = await other.readStreams(streams);
    for (const [i, s] of streams.entries()) {
      expect(read.get(s)!.events.map((e) => [e.type, (e.data as { i: number }).i])).toEqual([
        ['A', i],
        ['B', i],
      ]);
      expectIntactChain(read.get(s)!.events);
      // Each answer is the position of its own last event.
      expect(read.get(s)!.events[1]!.position).toEqual(results[i]!.position);
    }
  });

  it('reads after a revision handed in while one is on its way go together, each answered from its own revision', async () => {
    const reads = countingPool(db.pool, 'waldkita_read_after');
    const lesend = new PostgresEventStore(reads.pool);
    const [a, b] = [name('lesen-a'), name('lesen-b')] as [string, string];
    await other.appendToStream(a, [newEvent('A0'), newEvent('A1'), newEvent('A2')], 'no_stream');
    await other.appendToStream(b, [newEvent('B0')], 'no_stream');
    const [erster, ...weitere] = await Promise.all([
      lesend.readStream(a, 0),
      // the same stream from other revisions, a stream with nothing after, and one that does not exist
      lesend.readStream(a, 1),
      lesend.readStream(a, 2),
      lesend.readStreams([b, a], new Map([[b, 0]])),
      lesend.readStream(name('fehlt'), 3),
    ]);
    // The first went at once; the four that came meanwhile went together.
    expect(reads.counter.sent).toBe(2);
    expect(erster!.events.map((e) => e.type)).toEqual(['A1', 'A2']);
    const [nachEins, nachZwei, beide, fehlt] = weitere as [StreamRead, StreamRead, Map<string, StreamRead>, StreamRead];
    expect([nachEins.events.map((e) => e.type), nachEins.revision]).toEqual([['A2'], 2]);
    expect([nachZwei.events, nachZwei.revision]).toEqual([[], 2]);
    expect([beide.get(b)!.events, beide.get(b)!.revision]).toEqual([[], 0]);
    // a stream without a revision to read after is read in full
    expect(beide.get(a)!.events.map((e) => e.type)).toEqual(['A0', 'A1', 'A2']);
    expect([fehlt.events, fehlt.revision]).toEqual([[], null]);
    await lesend.close();
  });

  it('one append of a group that conflicts: the others are written, and it alone is refused', async () => {
    const [vorne, a, c, b] = ['vorne', 'a', 'c', 'b'].map(name) as [string, string, string, string];
    await store.appendToStream(c, [newEvent('C0'), newEvent('C1')], 'no_stream');
    // Another process appends to c; this store still knows c at revision 1.
    await other.appendToStream(c, [newEvent('Anderer')], 1);
    const [, ra, rc, rb] = await Promise.allSettled([
      store.appendToStream(vorne, [newEvent('V')], 'no_stream'),
      store.appendToStream(a, [newEvent('A0')], 'no_stream'),
      store.appendToStream(c, [newEvent('C2')], 1),
      store.appendToStream(b, [newEvent('B0')], 'no_stream'),
    ]);
    expect([ra.status, rb.status]).toEqual(['fulfilled', 'fulfilled']);
    expect(rc).toMatchObject({ status: 'rejected', reason: { name: 'WrongExpectedRevisionError' } });
    const read = await other.readStreams([a, b, c]);
    expect(read.get(c)!.events.map((e) => e.type)).toEqual(['C0', 'C1', 'Anderer']);
    expect(read.get(a)!.events.map((e) => e.type)).toEqual(['A0']);
    expect(read.get(b)!.events.map((e) => e.type)).toEqual(['B0']);
    expectIntactChain(read.get(c)!.events);
  });

  it('an append chained on an unanswered one goes after it in the same statement', async () => {
    const [vorne, s] = [name('vorne'), name('kette')];
    await store.appendToStream(s, [newEvent('S0')], 'no_stream');
    const erstes = newEvent('S1');
    const zweites = newEvent('S2');
    appendStatements.sent = 0;
    const [, r1, r2] = await Promise.all([
      store.appendToStream(vorne, [newEvent('V')], 'no_stream'),
      store.appendToStream(s, [erstes], 0),
      store.appendToStreams([{ streamName: s, events: [zweites], expectedRevision: 1, chainedOn: erstes.id }]),
    ]);
    expect(appendStatements.sent).toBe(2);
    expect([r1!.nextExpectedRevision, r2![0]!.nextExpectedRevision]).toEqual([1, 2]);
    const { events } = await other.readStream(s);
    expect(events.map((e) => e.type)).toEqual(['S0', 'S1', 'S2']);
    expectIntactChain(events);
  });

  it('an append chained on one that fails is refused and writes nothing, also when another writer filled that revision', async () => {
    const [vorne, s] = [name('vorne'), name('kette')];
    await store.appendToStream(s, [newEvent('S0')], 'no_stream');
    await other.appendToStream(s, [newEvent('Anderer')], 0);
    const erstes = newEvent('S1');
    const [, r1, r2] = await Promise.allSettled([
      store.appendToStream(vorne, [newEvent('V')], 'no_stream'),
      store.appendToStream(s, [erstes], 0),
      store.appendToStreams([{ streamName: s, events: [newEvent('S2')], expectedRevision: 1, chainedOn: erstes.id }]),
    ]);
    expect(r1).toMatchObject({ status: 'rejected', reason: { name: 'WrongExpectedRevisionError' } });
    expect(r2).toMatchObject({ status: 'rejected', reason: { name: 'WrongExpectedRevisionError' } });
    // Revision 1 is the other writer's now and known to this store; chained on an event never written, still refused.
    await store.readStream(s);
    await expect(
      store.appendToStreams([{ streamName: s, events: [newEvent('S2')], expectedRevision: 1, chainedOn: erstes.id }]),
    ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    // With side writes the append is a transaction, which checks revisions only: still refused.
    let seiteGeschrieben = false;
    await expect(
      store.appendToStreams([{ streamName: s, events: [newEvent('S2')], expectedRevision: 1, chainedOn: erstes.id }], {
        claim: async () => {
          seiteGeschrieben = true;
        },
      }),
    ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect(seiteGeschrieben).toBe(false);
    const { events } = await other.readStream(s);
    expect(events.map((e) => e.type)).toEqual(['S0', 'Anderer']);
  });
});
