import { randomUUID } from 'node:crypto';
import { abwesenheitDecider, abwesenheitenStream } from '@waldkita/domain/abwesenheit/abwesenheit';
import { type Decider, DomainError } from '@waldkita/domain/shared/decider';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { handleCommand, handleCommands, MAX_QUEUE_WAIT_MS, streamCommand } from './command-handler.js';
import type { EventStore } from './event-store/event-store.js';
import { PostgresEventStore } from './event-store/postgres-event-store.js';
import type { SnapshotKey } from './event-store/snapshots.js';
import { verifyHashChain } from './event-store/verify-hash-chain.js';
import { type IdempotenzAnfrage, IdempotenzVergeben, idempotenzKontext } from './http/idempotenz.js';
import { countingPool } from './testing/counting-pool.js';
import { createTestDatabase } from './testing/test-database.js';

/** A small account: deposits, and withdrawals that must not overdraw it. */
type Konto = { stand: number };
type Buchung = { type: 'Eingezahlt' | 'Abgehoben'; data: { betrag: number } };
type Auftrag = { type: 'Einzahlen' | 'Abheben'; betrag: number };
const konto: Decider<Auftrag, Buchung, Konto> = {
  initialState: () => ({ stand: 0 }),
  evolve: (s, e) => ({ stand: s.stand + (e.type === 'Eingezahlt' ? e.data.betrag : -e.data.betrag) }),
  decide: (c, s) => {
    if (c.type === 'Abheben' && c.betrag > s.stand) throw new DomainError('konflikt', 'Nicht gedeckt.');
    if (c.betrag === 0) return [];
    return [{ type: c.type === 'Einzahlen' ? 'Eingezahlt' : 'Abgehoben', data: { betrag: c.betrag } }];
  },
};
const stream = () => `konto-${randomUUID()}`;
const einzahlen = (name: string, betrag: number) => streamCommand(name, konto, { type: 'Einzahlen', betrag });
const abheben = (name: string, betrag: number) => streamCommand(name, konto, { type: 'Abheben', betrag });

describe('handleCommands: several streams decided and appended together', () => {
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

  it('decides each command on its own stream and appends them all, answering the latest position', async () => {
    const [a, b] = [stream(), stream()];
    await handleCommand(store, a, konto, { type: 'Einzahlen', betrag: 50 }, { actorId: null });
    const { position, results } = await handleCommands(store, [abheben(a, 20), einzahlen(b, 7), einzahlen(b, 0)], {
      actorId: 'admin',
      correlationId: 'umbuchung-1',
    });
    expect(results.map((r) => r.state)).toEqual([{ stand: 30 }, { stand: 7 }, { stand: 0 }]);
    const read = await store.readStreams([a, b]);
    expect(read.get(a)!.events.map((e) => e.type)).toEqual(['Eingezahlt', 'Abgehoben']);
    expect(read.get(b)!.events.map((e) => [e.type, e.metadata.actorId, e.metadata.correlationId])).toEqual([
      ['Eingezahlt', 'admin', 'umbuchung-1'],
    ]);
    const lastOfBoth = [read.get(a)!.events[1]!, read.get(b)!.events[0]!].map((e) => e.position.prepare);
    expect(position!.prepare).toBe(Math.max(...lastOfBoth));
  });

  it('writes nothing at all when one command is refused', async () => {
    const [a, b] = [stream(), stream()];
    await expect(handleCommands(store, [einzahlen(a, 10), abheben(b, 1)], { actorId: null })).rejects.toThrow('Nicht gedeckt.');
    expect([...(await store.readStreams([a, b])).values()].map((r) => r.events.length)).toEqual([0, 0]);
  });

  it('reads and decides again after a conflict, so a write in between is neither lost nor overdrawn', async () => {
    const [a, b] = [stream(), stream()];
    await handleCommand(store, a, konto, { type: 'Einzahlen', betrag: 100 }, { actorId: null });
    let dazwischen = true;
    // Another request withdraws 80 from `a` after this batch read it and before it appends.
    const store2: EventStore = Object.assign(Object.create(store), {
      appendToStreams: async (appends: Parameters<EventStore['appendToStreams']>[0]) => {
        if (dazwischen) {
          dazwischen = false;
          await handleCommand(store, a, konto, { type: 'Abheben', betrag: 80 }, { actorId: null });
        }
        return store.appendToStreams(appends);
      },
    });
    await expect(handleCommands(store2, [abheben(a, 50), einzahlen(b, 50)], { actorId: null })).rejects.toThrow('Nicht gedeckt.');
    const read = await store.readStreams([a, b]);
    expect(read.get(a)!.events.map((e) => e.type)).toEqual(['Eingezahlt', 'Abgehoben']);
    expect(read.get(b)!.events).toEqual([]);
  });

  it('runs commands for one stream in this process one after another: sixteen at once all succeed, none starts again', async () => {
    const a = stream();
    const appends = vi.spyOn(store, 'appendToStreams');
    try {
      const results = await Promise.allSettled(
        Array.from({ length: 16 }, (_, i) => handleCommand(store, a, konto, { type: 'Einzahlen', betrag: i + 1 }, { actorId: null })),
      );
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      expect(appends).toHaveBeenCalledTimes(16);
      const events = (await store.readStreams([a])).get(a)!.events;
      // In the order they were sent, each decided on the state the one before left.
      expect(events.map((e) => (e.data as { betrag: number }).betrag)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    } finally {
      appends.mockRestore();
    }
  });

  it('a refused or failed command does not hold up the ones after it', async () => {
    const a = stream();
    const [zuViel, danach] = await Promise.allSettled([
      handleCommand(store, a, konto, { type: 'Abheben', betrag: 10 }, { actorId: null }),
      handleCommand(store, a, konto, { type: 'Einzahlen', betrag: 10 }, { actorId: null }),
    ]);
    expect(zuViel).toMatchObject({ status: 'rejected', reason: { message: 'Nicht gedeckt.' } });
    expect(danach.status).toBe('fulfilled');
    await expect(handleCommand(store, a, konto, { type: 'Abheben', betrag: 10 }, { actorId: null })).resolves.toBeDefined();
  });

  it('does not wait for ever behind a command that hangs: the next one runs after MAX_QUEUE_WAIT_MS', async () => {
    const a = stream();
    const haengend = new PostgresEventStore(db.pool);
    const echt = haengend.appendToStreams.bind(haengend);
    let erster = true;
    vi.spyOn(haengend, 'appendToStreams').mockImplementation((appends, side) => {
      if (erster) {
        erster = false;
        return new Promise(() => undefined); // a query on a connection that was lost
      }
      return echt(appends, side);
    });
    void handleCommand(haengend, a, konto, { type: 'Einzahlen', betrag: 1 }, { actorId: null });
    const t0 = performance.now();
    await handleCommand(haengend, a, konto, { type: 'Einzahlen', betrag: 2 }, { actorId: null });
    expect(performance.now() - t0).toBeGreaterThanOrEqual(MAX_QUEUE_WAIT_MS - 50);
    expect((await store.readStreams([a])).get(a)!.events.map((e) => (e.data as { betrag: number }).betrag)).toEqual([2]);
  }, 20_000);

  it('does not read streams marked new, uses streams handed in, and refuses a "new" stream that exists', async () => {
    const [a, b] = [stream(), stream()];
    const gelesen: string[][] = [];
    const zaehlend: EventStore = Object.assign(Object.create(store), {
      readStreams: (names: readonly string[]) => {
        gelesen.push([...names]);
        return store.readStreams(names);
      },
    });
    await handleCommand(store, a, konto, { type: 'Einzahlen', betrag: 5 }, { actorId: null });
    const read = await store.readStreams([a]);
    await handleCommands(
      zaehlend,
      [abheben(a, 5), streamCommand(b, konto, { type: 'Einzahlen', betrag: 1 }, { neu: true })],
      { actorId: null },
      { read },
    );
    expect(gelesen).toEqual([]);
    await expect(
      handleCommands(store, [streamCommand(b, konto, { type: 'Einzahlen', betrag: 1 }, { neu: true })], { actorId: null }),
    ).rejects.toThrow(/expected revision no_stream/);
  });
});

/** The account with a snapshot codec: its state is plain JSON already. */
const sparkonto: Decider<Auftrag, Buchung, Konto> = {
  ...konto,
  snapshot: { name: 'sparkonto', version: 1, toJson: (s) => s, fromJson: (json) => json as Konto },
};

describe('handleCommands: long streams folded from a snapshot', () => {
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

  /** A store (as a freshly started process has it) that counts the events it reads. */
  const zaehlenderStore = () => {
    const frisch = new PostgresEventStore(db.pool);
    const gelesen = { events: 0, lesungen: 0 };
    const zaehlend: EventStore = Object.assign(Object.create(frisch), {
      readStreams: async (names: readonly string[], after?: ReadonlyMap<string, number>) => {
        const read = await frisch.readStreams(names, after);
        gelesen.lesungen++;
        for (const s of read.values()) gelesen.events += s.events.length;
        return read;
      },
      readStreamsWithSnapshots: async (names: readonly string[], keys: readonly SnapshotKey[], after?: ReadonlyMap<string, number>) => {
        const read = await frisch.readStreamsWithSnapshots(names, keys, after);
        gelesen.lesungen++;
        for (const s of read.streams.values()) gelesen.events += s.events.length;
        return read;
      },
    });
    return { zaehlend, gelesen };
  };
  const snapshotZeile = async (name: string) =>
    (
      await db.pool.query<{ revision: string; state: Konto; version: number }>(
        'SELECT revision, state, version FROM snapshots WHERE stream_name = $1',
        [name],
      )
    ).rows[0];
  const buchungen = async (name: string, anzahl: number) => {
    await store.appendToStream(
      name,
      Array.from({ length: anzahl }, () => ({
        id: randomUUID(),
        type: 'Eingezahlt',
        data: { betrag: 1 },
        metadata: { actorId: null, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() },
      })),
      'any',
    );
  };

  it('after a command folded more than SNAPSHOT_EVERY events, later commands read only the events after the snapshot', async () => {
    const name = stream();
    await buchungen(name, 600);
    const erster = zaehlenderStore();
    await handleCommand(erster.zaehlend, name, sparkonto, { type: 'Abheben', betrag: 10 }, { actorId: null });
    expect(erster.gelesen.events).toBe(600);
    await expect.poll(() => snapshotZeile(name)).toMatchObject({ state: { stand: 600 }, version: 1 });
    expect(Number((await snapshotZeile(name))!.revision)).toBe(599);
    // The same process: decided on the state kept in memory, nothing read (the append's expected revision checks it).
    const lesungen = erster.gelesen.lesungen;
    await handleCommand(erster.zaehlend, name, sparkonto, { type: 'Einzahlen', betrag: 5 }, { actorId: null });
    expect(erster.gelesen).toEqual({ events: 600, lesungen });
    // A process started afresh: the snapshot and the two events after it.
    const zweiter = zaehlenderStore();
    const { state } = await handleCommand(zweiter.zaehlend, name, sparkonto, { type: 'Abheben', betrag: 595 }, { actorId: null });
    expect(state).toEqual({ stand: 0 });
    expect(zweiter.gelesen.events).toBe(2);
    await expect(handleCommand(zweiter.zaehlend, name, sparkonto, { type: 'Abheben', betrag: 1 }, { actorId: null })).rejects.toThrow(
      'Nicht gedeckt.',
    );
    expect((await store.readStream(name)).events).toHaveLength(603);
  });

  it('sees what another process appended after its own fold, so a withdrawal is never overdrawn', async () => {
    const name = stream();
    await buchungen(name, 120);
    const a = zaehlenderStore();
    const b = zaehlenderStore();
    await handleCommand(a.zaehlend, name, sparkonto, { type: 'Abheben', betrag: 100 }, { actorId: null });
    await handleCommand(b.zaehlend, name, sparkonto, { type: 'Abheben', betrag: 15 }, { actorId: null });
    await expect(handleCommand(a.zaehlend, name, sparkonto, { type: 'Abheben', betrag: 10 }, { actorId: null })).rejects.toThrow(
      'Nicht gedeckt.',
    );
    const { state } = await handleCommand(a.zaehlend, name, sparkonto, { type: 'Abheben', betrag: 5 }, { actorId: null });
    expect(state).toEqual({ stand: 0 });
  });

  it('folds on with the events it appended as the log gives them back, and decides the next command without reading', async () => {
    /** Records each event's data in the state: a Date or an undefined field would show there. */
    type Notiz = { type: 'Notiert'; data: { text: string; wann?: unknown; leer?: undefined } };
    const notizen: Decider<{ text: string }, Notiz, { notizen: unknown[] }> = {
      initialState: () => ({ notizen: [] }),
      decide: (c) => [{ type: 'Notiert', data: { text: c.text, wann: new Date('2026-11-28T10:00:00Z'), leer: undefined } }],
      evolve: (state, event) => ({ notizen: [...state.notizen, event.data] }),
      snapshot: { name: 'notizen', version: 1, toJson: (s) => s, fromJson: (json) => json as { notizen: unknown[] } },
    };
    const name = stream();
    const prozess = zaehlenderStore();
    await handleCommand(prozess.zaehlend, name, notizen, { text: 'eins' }, { actorId: null });
    const lesungen = prozess.gelesen.lesungen;
    const { state } = await handleCommand(prozess.zaehlend, name, notizen, { text: 'zwei' }, { actorId: null });
    expect(prozess.gelesen.lesungen).toBe(lesungen);
    // The answer's state is folded from the events as decided; the next command starts from the log's form.
    expect(state.notizen[1]).toEqual({ text: 'zwei', wann: new Date('2026-11-28T10:00:00Z'), leer: undefined });
    const dritter = await handleCommand(prozess.zaehlend, name, notizen, { text: 'drei' }, { actorId: null });
    const ausDemLog = await handleCommand(zaehlenderStore().zaehlend, name, notizen, { text: 'vier' }, { actorId: null });
    expect(dritter.state.notizen.slice(0, 2)).toStrictEqual(ausDemLog.state.notizen.slice(0, 2));
    expect(dritter.state.notizen[0]).toStrictEqual({ text: 'eins', wann: '2026-11-28T10:00:00.000Z' });
  });

  it('folds a stream in full when its snapshot, read with its events, cannot be read', async () => {
    const heikel: Decider<Auftrag, Buchung, Konto> = {
      ...konto,
      snapshot: {
        name: 'heikel',
        version: 1,
        toJson: (s) => s,
        fromJson: (json) => {
          if (typeof (json as Konto).stand !== 'number') throw new Error('unlesbar');
          return json as Konto;
        },
      },
    };
    const name = stream();
    await buchungen(name, 3);
    await db.pool.query(
      `INSERT INTO snapshots (stream_name, decider, version, revision, state) VALUES ($1, 'heikel', 1, 1, '{"stand": "kaputt"}')`,
      [name],
    );
    const prozess = zaehlenderStore();
    const { state } = await handleCommand(prozess.zaehlend, name, heikel, { type: 'Abheben', betrag: 3 }, { actorId: null });
    expect(state).toEqual({ stand: 0 });
    // the events after the snapshot with it, then the whole stream once more
    expect(prozess.gelesen).toEqual({ events: 1 + 3, lesungen: 2 });
  });

  it('ignores a snapshot of another version or beyond the end of the stream, and folds without a deleted one', async () => {
    const name = stream();
    await buchungen(name, 3);
    const falsch = (version: number, revision: number) =>
      db.pool.query(
        `INSERT INTO snapshots (stream_name, decider, version, revision, state) VALUES ($1, 'sparkonto', $2, $3, '{"stand": 1000}')
         ON CONFLICT (stream_name, decider) DO UPDATE SET version = EXCLUDED.version, revision = EXCLUDED.revision, state = EXCLUDED.state`,
        [name, version, revision],
      );
    await falsch(2, 1);
    await expect(
      handleCommand(zaehlenderStore().zaehlend, name, sparkonto, { type: 'Abheben', betrag: 4 }, { actorId: null }),
    ).rejects.toThrow('Nicht gedeckt.');
    await falsch(1, 50);
    await expect(
      handleCommand(zaehlenderStore().zaehlend, name, sparkonto, { type: 'Abheben', betrag: 4 }, { actorId: null }),
    ).rejects.toThrow('Nicht gedeckt.');
    await db.pool.query('DELETE FROM snapshots WHERE stream_name = $1', [name]);
    const { state } = await handleCommand(zaehlenderStore().zaehlend, name, sparkonto, { type: 'Abheben', betrag: 3 }, { actorId: null });
    expect(state).toEqual({ stand: 0 });
  });
});

describe('round trips to Postgres per command', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let store: PostgresEventStore;
  /** The statements sent to the server (every one is a round trip), while counting. */
  let sent: string[] | null = null;
  beforeAll(async () => {
    db = await createTestDatabase();
    store = new PostgresEventStore(db.pool);
    const query = pg.Client.prototype.query;
    vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      const text = args[0] as string | { text: string };
      sent?.push(typeof text === 'string' ? text : text.text);
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await store.close();
    await db.drop();
  });

  /**
   * The statements `work` waits for. The wake-up of the readers after a transaction's commit (a
   * statement of its own, `SELECT pg_notify`) is left out: the command does not wait for it, and
   * transactions committing meanwhile share one. A one-statement append wakes them itself.
   */
  const counted = async <T>(work: () => Promise<T>) => {
    sent = [];
    try {
      const result = await work();
      return { result, statements: sent.filter((text) => !text.startsWith('SELECT pg_notify')) };
    } finally {
      sent = null;
    }
  };

  const elternId = randomUUID();
  const melden = (kalenderwoche: number) => ({
    type: 'MeldeAbwesenheit' as const,
    data: {
      abwesenheitId: randomUUID(),
      elternId,
      jahr: 2027,
      kalenderwoche,
      heute: '2026-03-02',
      aktuelleWoche: { jahr: 2026, kalenderwoche: 10 },
      frist: null,
    },
  });
  const mitSchluessel = <T>(work: () => Promise<T>) => {
    const anfrage: IdempotenzAnfrage = { scope: elternId, schluessel: randomUUID(), anfrageId: randomUUID() };
    return { anfrage, run: () => idempotenzKontext.run(anfrage, work) };
  };

  it('an absence report with an Idempotency-Key: one statement appends, claims the key and commits; a process started afresh reads once first', async () => {
    const stream = abwesenheitenStream(elternId);
    for (let kw = 1; kw <= 20; kw++) await handleCommand(store, stream, abwesenheitDecider, melden(kw), { actorId: elternId });

    // This process holds the stream's state since its last command: no read.
    const { anfrage, run } = mitSchluessel(() => handleCommand(store, stream, abwesenheitDecider, melden(30), { actorId: elternId }));
    const { result, statements } = await counted(run);
    expect(result.events.map((e) => e.type)).toEqual(['AbwesenheitGemeldet']);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/INSERT INTO idempotenz/);
    // Another process (a store of its own) holds nothing yet: one statement reads the snapshot and
    // the events after it, then the same one statement appends.
    const anderer = new PostgresEventStore(db.pool);
    const zweite = mitSchluessel(() => handleCommand(anderer, stream, abwesenheitDecider, melden(31), { actorId: elternId }));
    const frisch = await counted(zweite.run);
    expect(frisch.statements).toHaveLength(2);
    expect(frisch.statements[0]).toMatch(/FROM snapshots/);
    expect(frisch.statements[1]).toMatch(/INSERT INTO idempotenz/);

    const { rows } = await db.pool.query('SELECT anfrage_id FROM idempotenz WHERE scope = $1 AND schluessel = $2', [
      anfrage.scope,
      anfrage.schluessel,
    ]);
    expect(rows).toEqual([{ anfrage_id: anfrage.anfrageId }]);
    const { events } = await store.readStream(stream);
    expect(events).toHaveLength(22);
    expect(events.at(-2)!.metadata.idempotencyKey).toBe(anfrage.schluessel);
    expect(await verifyHashChain(db.pool)).toMatchObject({ brokenLinks: 0, unhashed: 0 });
  });

  it('an append as one statement wakes the readers with its own commit: no statement after it', async () => {
    const listener = await db.pool.connect();
    const heard: string[] = [];
    listener.on('notification', (n) => heard.push(n.payload ?? ''));
    try {
      await listener.query('LISTEN waldkita_events');
      const name = stream();
      await handleCommand(store, name, konto, { type: 'Einzahlen', betrag: 10 }, { actorId: null });
      sent = [];
      await handleCommand(store, name, konto, { type: 'Abheben', betrag: 4 }, { actorId: null });
      await expect.poll(() => heard).toContain(`${name}@1`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      // The read of the stream (this decider keeps no state), then the append; nothing after it.
      expect(sent).toHaveLength(2);
      expect(sent[1]).toMatch(/INSERT INTO events/);
      expect(heard.filter((payload) => payload.startsWith(name))).toEqual([`${name}@0`, `${name}@1`]);
    } finally {
      sent = null;
      listener.release();
    }
  });

  it("a command on a new stream and several streams together cost the same: one read (none for a new stream's), one append", async () => {
    const [a, b] = [stream(), stream()];
    const neu = await counted(() =>
      handleCommands(store, [streamCommand(a, konto, { type: 'Einzahlen', betrag: 5 }, { neu: true })], { actorId: null }),
    );
    expect(neu.statements).toHaveLength(1);
    await handleCommand(store, b, konto, { type: 'Einzahlen', betrag: 5 }, { actorId: null });
    const beide = await counted(() => handleCommands(store, [abheben(a, 2), einzahlen(b, 3)], { actorId: null }));
    expect(beide.result.results.map((r) => r.state)).toEqual([{ stand: 3 }, { stand: 8 }]);
    expect(beide.statements).toHaveLength(2);
    expect(await verifyHashChain(db.pool)).toMatchObject({ brokenLinks: 0 });
  });

  it('a writer in another process appending in between: the command is decided again on the new state and appended once', async () => {
    const name = stream();
    await handleCommand(store, name, konto, { type: 'Einzahlen', betrag: 10 }, { actorId: null });
    const gelesen = await store.readStream(name);
    const andererProzess = new PostgresEventStore(db.pool);
    await handleCommand(andererProzess, name, konto, { type: 'Abheben', betrag: 8 }, { actorId: null });

    // Decided on the stream as read before (10 on the account), the withdrawal's append loses; decided
    // again on the 2 that are left, it is appended. Then 5 more, decided on the old read, are refused.
    const { result, statements } = await counted(() =>
      handleCommands(store, [abheben(name, 2)], { actorId: null }, { read: new Map([[name, gelesen]]) }),
    );
    expect(result.results[0]!.state).toEqual({ stand: 0 });
    // the lost one-statement append, the transaction that tells the conflict, the read, the append
    expect(statements.filter((text) => /INSERT INTO events/.test(text))).toHaveLength(2);
    await expect(handleCommands(store, [abheben(name, 5)], { actorId: null }, { read: new Map([[name, gelesen]]) })).rejects.toThrow(
      'Nicht gedeckt.',
    );
    const { events } = await store.readStream(name);
    expect(events.map((e) => [e.revision, e.type, (e.data as { betrag: number }).betrag])).toEqual([
      [0, 'Eingezahlt', 10],
      [1, 'Abgehoben', 8],
      [2, 'Abgehoben', 2],
    ]);
    expect(await verifyHashChain(db.pool)).toMatchObject({ brokenLinks: 0 });
    await andererProzess.close();
  });

  it("another request's Idempotency-Key refuses the append, and nothing of it is written", async () => {
    const stream = abwesenheitenStream(elternId);
    const vorher = (await store.readStream(stream)).revision;
    const erste = mitSchluessel(() => handleCommand(store, stream, abwesenheitDecider, melden(40), { actorId: elternId }));
    await erste.run();
    const zweite: IdempotenzAnfrage = { ...erste.anfrage, anfrageId: randomUUID() };
    await expect(
      idempotenzKontext.run(zweite, () => handleCommand(store, stream, abwesenheitDecider, melden(41), { actorId: elternId })),
    ).rejects.toBeInstanceOf(IdempotenzVergeben);
    expect((await store.readStream(stream)).revision).toBe(vorher! + 1);
  });
});

describe('commands on one stream, chained (group commit)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let store: PostgresEventStore;
  /** The append statements the store sent (each a round trip and a commit). */
  let appendStatements = { sent: 0 };
  beforeAll(async () => {
    db = await createTestDatabase();
    const pool = db.pool;
    const counting = countingPool(pool);
    appendStatements = counting.counter;
    store = new PostgresEventStore(counting.pool);
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });
  const auftrag = (name: string, type: Auftrag['type'], betrag: number) =>
    handleCommand(store, name, sparkonto, { type, betrag }, { actorId: null });

  it('eight at once: each decided on the state the one before leads to, all appended in two statements, none read', async () => {
    const name = stream();
    await auftrag(name, 'Einzahlen', 100);
    appendStatements.sent = 0;
    const reads = vi.spyOn(store, 'readStreams');
    try {
      const results = await Promise.all(Array.from({ length: 8 }, (_, i) => auftrag(name, 'Abheben', i + 1)));
      expect(results.map((r) => r.state)).toEqual([99, 97, 94, 90, 85, 79, 72, 64].map((stand) => ({ stand })));
      // The first went at once; the seven decided meanwhile went together, chained on it.
      expect(appendStatements.sent).toBe(2);
      expect(reads).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
    }
    const { events } = await store.readStream(name);
    expect(events.map((e) => (e.data as { betrag: number }).betrag)).toEqual([100, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await verifyHashChain(db.pool)).toMatchObject({ brokenLinks: 0 });
    // The state kept in memory is the log's: exactly what is left can be withdrawn, no more.
    await expect(auftrag(name, 'Abheben', 65)).rejects.toThrow('Nicht gedeckt.');
    await expect(auftrag(name, 'Abheben', 64)).resolves.toMatchObject({ state: { stand: 0 } });
  });

  it('when the command before loses to another process, the one decided on it is decided again and never overdraws', async () => {
    const name = stream();
    await auftrag(name, 'Einzahlen', 100);
    const andererProzess = new PostgresEventStore(db.pool);
    await handleCommand(andererProzess, name, sparkonto, { type: 'Abheben', betrag: 80 }, { actorId: null });
    // This process still holds 100: the first is decided on it and loses its append, the second
    // is decided on the first's 85. Both are decided again on the 20 really left.
    const [erster, zweiter] = await Promise.allSettled([auftrag(name, 'Abheben', 15), auftrag(name, 'Abheben', 10)]);
    expect(erster).toMatchObject({ status: 'fulfilled', value: { state: { stand: 5 } } });
    expect(zweiter).toMatchObject({ status: 'rejected', reason: { message: 'Nicht gedeckt.' } });
    const { events } = await store.readStream(name);
    expect(events.map((e) => [e.type, (e.data as { betrag: number }).betrag])).toEqual([
      ['Eingezahlt', 100],
      ['Abgehoben', 80],
      ['Abgehoben', 15],
    ]);
    await andererProzess.close();
  });

  it('a refusal decided on the state the command before leads to is not the answer when that one is refused', async () => {
    const name = stream();
    await auftrag(name, 'Einzahlen', 100);
    const andererProzess = new PostgresEventStore(db.pool);
    await handleCommand(andererProzess, name, sparkonto, { type: 'Abheben', betrag: 50 }, { actorId: null });
    // On the 40 the first would leave, 45 is too much; the first is refused on the 50 really there,
    // so the 45 are decided again on those 50 and withdrawn.
    const [erster, zweiter] = await Promise.allSettled([auftrag(name, 'Abheben', 60), auftrag(name, 'Abheben', 45)]);
    expect(erster).toMatchObject({ status: 'rejected', reason: { message: 'Nicht gedeckt.' } });
    expect(zweiter).toMatchObject({ status: 'fulfilled', value: { state: { stand: 5 } } });
    expect((await store.readStream(name)).events.map((e) => (e.data as { betrag: number }).betrag)).toEqual([100, 50, 45]);
    await andererProzess.close();
  });

  it('the same Idempotency-Key sent twice at once by different requests: one is written, the other refused', async () => {
    const elternId = randomUUID();
    const name = abwesenheitenStream(elternId);
    const melden = (kalenderwoche: number) => ({
      type: 'MeldeAbwesenheit' as const,
      data: {
        abwesenheitId: randomUUID(),
        elternId,
        jahr: 2027,
        kalenderwoche,
        heute: '2026-03-02',
        aktuelleWoche: { jahr: 2026, kalenderwoche: 10 },
        frist: null,
      },
    });
    await handleCommand(store, name, abwesenheitDecider, melden(1), { actorId: elternId });
    const schluessel = randomUUID();
    const mit = (kw: number) =>
      idempotenzKontext.run({ scope: elternId, schluessel, anfrageId: randomUUID() }, () =>
        handleCommand(store, name, abwesenheitDecider, melden(kw), { actorId: elternId }),
      );
    const [a, b] = await Promise.allSettled([mit(2), mit(3)]);
    expect([a.status, b.status]).toEqual(['fulfilled', 'rejected']);
    expect(b).toMatchObject({ reason: expect.any(IdempotenzVergeben) });
    const { events } = await store.readStream(name);
    expect(events.map((e) => (e.data as { kalenderwoche: number }).kalenderwoche)).toEqual([1, 2]);
  });
});
