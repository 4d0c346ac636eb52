import {
  type AllStreamSubscription,
  type AppendStreamRequest,
  type AppendStreamState,
  BACKWARDS,
  END,
  START as ESDB_START,
  type AppendResult as EsdbAppendResult,
  type Position as EsdbPosition,
  type RecordedEvent as EsdbRecordedEvent,
  excludeSystemEvents,
  type JSONType,
  jsonEvent,
  KurrentDBClient,
  NO_STREAM,
  StreamNotFoundError,
  UnsupportedError,
  WrongExpectedVersionError,
} from '@kurrent/kurrentdb-client';
import type pg from 'pg';
import { withTransaction } from '../db/postgres.js';
import {
  type AppendResult,
  checkStreamAppends,
  comparePositions,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type RecordedEvent,
  type SideWrites,
  type StreamAppend,
  type StreamRead,
  WrongExpectedRevisionError,
  waitForWake,
} from './event-store.js';
import { chainEvents, chainHead, GENESIS_HASH } from './hash-chain.js';
import { confirmReservation, recordReservation } from './side-tables.js';
import { PostgresSnapshotStore, type SnapshotStore } from './snapshots.js';

/** Smallest page read from $all: a few extra rows are cheaper than one more round trip. */
const MIN_PAGE = 64;
/** Largest page read from $all in one request. */
const MAX_PAGE = 1000;
/** Streams read at the same time by `readStreams`. */
const READ_CONCURRENCY = 16;
/** After the live subscription failed, wait this long before opening it again. */
const RESUBSCRIBE_AFTER_MS = 1000;
/** An append with expected revision 'any' that lost the race for the chain head tries again this often. */
const ANY_ATTEMPTS = 10;
/** How often `readAll` looks for intents a crash left (servers without multi-stream appends). */
const RECOVER_EVERY_MS = 10_000;
/** gRPC's UNIMPLEMENTED: the server has no such call. */
const GRPC_UNIMPLEMENTED = 12;

/** One stream's part of a multi-stream append, as recorded before the first stream is written. */
type Intent = { streamName: string; events: NewEvent[]; revision: number | null }[];

/** The server has no multi-stream append (before KurrentDB 25.1). */
const isUnsupported = (error: unknown) =>
  error instanceof UnsupportedError ||
  (error as { code?: unknown } | null)?.code === GRPC_UNIMPLEMENTED ||
  /unimplemented|not implemented|unknown service/i.test((error as Error | null)?.message ?? '');

const toPosition = (position: EsdbPosition | undefined): Position | null => {
  if (!position) return null;
  const { commit, prepare } = position;
  // Older servers answer some appends without a position, or with -1 sent as an unsigned number.
  const max = BigInt(Number.MAX_SAFE_INTEGER);
  if (commit < 0n || prepare < 0n || commit > max || prepare > max) return null;
  if (commit === 0n && prepare === 0n) return null; // no event lives at the very start of the log
  return { commit: Number(commit), prepare: Number(prepare) };
};

const toEsdbPosition = (position: Position): EsdbPosition => ({
  commit: BigInt(position.commit),
  prepare: BigInt(position.prepare),
});

const checkExpected = (expected: ExpectedRevision) => {
  if (typeof expected === 'number' && (!Number.isSafeInteger(expected) || expected < 0))
    throw new Error(`Invalid expected revision: ${String(expected)}`);
};

const matches = (expected: ExpectedRevision, actual: number | null) =>
  expected === 'any' || (expected === 'no_stream' ? actual === null : expected === actual);

/** The revision the chained events were computed for: the append must land exactly there. */
const toEsdbExpected = (actual: number | null): AppendStreamState => (actual === null ? NO_STREAM : BigInt(actual));

/** Events of EventStoreDB itself ($stats, $metadata, links, users, …) are not part of our log. */
const isOurs = (event: EsdbRecordedEvent) => event.isJson && !event.type.startsWith('$') && !event.streamId.startsWith('$');

/**
 * `multiStreamAppend` takes only string-valued metadata (record properties), so our metadata rides
 * in one property as JSON text; `decodeMetadata` gives every event its metadata object back,
 * however it was appended.
 */
const METADATA_PROPERTY = 'waldkita.metadata';
const encodeMetadata = (metadata: unknown): Record<string, string> => ({ [METADATA_PROPERTY]: JSON.stringify(metadata) });
const decodeMetadata = (raw: unknown): EventMetadata => {
  let metadata = raw;
  if (metadata instanceof Uint8Array) {
    try {
      metadata = JSON.parse(Buffer.from(metadata).toString('utf8'));
    } catch {
      return {} as EventMetadata;
    }
  }
  const packed = (metadata as Record<string, unknown> | null | undefined)?.[METADATA_PROPERTY];
  if (typeof packed === 'string') return JSON.parse(packed) as EventMetadata;
  return metadata as EventMetadata;
};

const toRecorded = (event: EsdbRecordedEvent, position: Position): RecordedEvent => ({
  id: event.id,
  type: event.type,
  data: event.data,
  metadata: decodeMetadata(event.metadata),
  streamName: event.streamId,
  revision: Number(event.revision),
  position,
});

/** The original answer when all of `events` are in `recorded`, one after another in the same order. */
const earlierAppendIn = (recorded: RecordedEvent[], events: NewEvent[]): AppendResult | null => {
  const start = recorded.findIndex((e) => e.id === events[0]!.id);
  if (start < 0 || start + events.length > recorded.length) return null;
  for (let i = 0; i < events.length; i++) if (recorded[start + i]!.id !== events[i]!.id) return null;
  const last = recorded[start + events.length - 1]!;
  // A fresh append answers with the log position of its last event as both commit and prepare
  // position (appends over gRPC are implicitly committed, and $all reports them the same way).
  // The prepare position of a stream read is that log position on every server version.
  const logPosition = last.position.prepare;
  return { nextExpectedRevision: last.revision, position: { commit: logPosition, prepare: logPosition } };
};

/**
 * Event store on EventStoreDB (gRPC client, `kurrentdb://…` or the older `esdb://…` connection string).
 *
 * - Appends pass the expected revision to the server and keep our event ids, so the server's own
 *   idempotency check applies. Whatever the server answers to a repeated append (a success without
 *   a position on older versions, a wrong-expected-version, or a dropped write that times out while
 *   the original is not yet indexed), the adapter looks the ids up in the stream and answers with
 *   the original revision and position, as the port demands.
 * - Appends carry the stream's hash chain (hash-chain.ts), as on Postgres: the previous hash is
 *   the stream's last event's, read backwards before appending, and the append states exactly the
 *   revision the chain was computed for, so nothing can slip in between.
 * - `readAll` reads $all forwards and leaves out EventStoreDB's own events; positions are the
 *   server's (commit, prepare) log positions, which for an append are also what the append answers.
 * - `waitForAppend` is woken by one live `subscribeToAll` (from the end, system events filtered out
 *   by the server), opened lazily by the first reader and kept open.
 */
export class EventStoreDbEventStore implements EventStore {
  readonly kind = 'eventstoredb' as const;
  private readonly client: KurrentDBClient;
  private subscription: AllStreamSubscription | null = null;
  private subscribeNotBefore = 0;
  private closed = false;
  private readonly waiters = new Set<() => void>();
  /** Counts live notifications, so an append seen between a read and the next wait is not lost. */
  private signals = 0;
  private signalsAtLastRead = 0;
  /** Identical appends in flight from this process share one request and one answer. */
  private readonly inflight = new Map<string, Promise<AppendResult>>();
  /** In the Postgres database beside the log, when there is one. */
  readonly snapshots?: SnapshotStore;
  /** Whether the server appends to several streams atomically (KurrentDB 25.1+); unknown until the first try. */
  private multiAppend: boolean | undefined;
  private nextRecovery = 0;

  /**
   * `sidePool`: the Postgres pool of the tables beside the log. Without a transaction shared with
   * the log, a claim is committed before its append as a reservation (side-tables.ts), and a
   * release runs after it.
   */
  constructor(
    connectionString: string,
    private readonly sidePool?: pg.Pool,
  ) {
    // `esdb://` (older configurations, EventStoreDB's docs) means the same as `kurrentdb://`; the
    // client would print a deprecation warning for it on every start.
    this.client = KurrentDBClient.connectionString(connectionString.replace(/^esdb(\+discover)?:\/\//i, 'kurrentdb$1://'));
    if (sidePool) this.snapshots = new PostgresSnapshotStore(sidePool);
  }

  /** One read per stream, a few at a time (EventStoreDB reads one stream per request). */
  async readStreams(streamNames: readonly string[], after?: ReadonlyMap<string, number>): Promise<Map<string, StreamRead>> {
    const names = [...new Set(streamNames)];
    const read = new Map<string, StreamRead>();
    let next = 0;
    const reader = async () => {
      while (next < names.length) {
        const name = names[next++]!;
        read.set(name, await this.readStream(name, after?.get(name)));
      }
    };
    await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, names.length) }, reader));
    return new Map(names.map((name) => [name, read.get(name)!]));
  }

  /**
   * Several streams, all or nothing (docs/decisions.md, "Writes to several EventStoreDB streams"):
   * - KurrentDB 25.1 and later: one `multiStreamAppend`, atomic on the server.
   * - older servers (they answer that the call is not implemented): an intent in Postgres, written
   *   before the first stream and removed after the last, under advisory locks on every stream
   *   named. An intent left by a crash is rolled forward — its remaining streams appended exactly
   *   where they were meant to go — before anything else is appended to one of its streams, and
   *   by the next `readAll` at the latest. Single appends take the same locks (shared), so nothing
   *   slips in between an intent and its streams.
   */
  async appendToStreams(appends: readonly StreamAppend[], side?: SideWrites): Promise<AppendResult[]> {
    checkStreamAppends(appends);
    if (side && !this.sidePool) throw new Error('EventStoreDbEventStore: side writes need the Postgres pool');
    if (side?.claim) {
      const claim = side.claim;
      await withTransaction(this.sidePool!, async (db) => {
        await claim(db);
        await recordReservation(db, appends);
      });
    }
    let results: AppendResult[];
    if (appends.length === 1) {
      const [a] = appends;
      results = [await this.appendToStream(a!.streamName, a!.events, a!.expectedRevision)];
    } else {
      results = (this.multiAppend !== false ? await this.appendAtomically(appends) : null) ?? (await this.appendWithIntent(appends));
    }
    if (side?.claim) await confirmReservation(this.sidePool!, appends);
    if (side?.release) await withTransaction(this.sidePool!, side.release);
    return results;
  }

  /** `multiStreamAppend`; null when the server does not have it (then never asked again). */
  private async appendAtomically(appends: readonly StreamAppend[]): Promise<AppendResult[] | null> {
    for (const a of appends) checkExpected(a.expectedRevision);
    const heads = await Promise.all(appends.map((a) => this.readHead(a.streamName)));
    const conflict = appends.findIndex((a, i) => !matches(a.expectedRevision, heads[i]!.revision));
    if (conflict >= 0) return this.earlierAppendsOrConflict(appends, conflict, heads[conflict]!.revision);
    const requests: AppendStreamRequest[] = appends.map((a, i) => {
      const head = heads[i]!;
      const chained = chainEvents(a.streamName, (head.revision ?? -1) + 1, head.hash, a.events).events;
      return {
        streamName: a.streamName,
        expectedState: toEsdbExpected(head.revision),
        events: chained.map((e) =>
          jsonEvent({ id: e.id, type: e.type, data: e.data as JSONType, metadata: encodeMetadata(e.metadata) as JSONType }),
        ),
      };
    });
    try {
      await this.client.multiStreamAppend(requests);
    } catch (error) {
      if (isUnsupported(error)) {
        this.multiAppend = false;
        return null;
      }
      const earlier = await this.earlierAppends(appends).catch(() => null);
      if (earlier) return earlier;
      if (error instanceof WrongExpectedVersionError) {
        const index = Math.max(
          0,
          appends.findIndex((a) => a.streamName === error.streamName),
        );
        const actual = error.actualState;
        throw new WrongExpectedRevisionError(
          appends[index]!.streamName,
          appends[index]!.expectedRevision,
          typeof actual === 'bigint' ? Number(actual) : null,
        );
      }
      throw error;
    }
    this.multiAppend = true;
    // The answer has one position for the whole append; each stream answers with its last event's,
    // read backwards (as many events as were appended).
    const found = await Promise.all(appends.map((a) => this.lastAppendOf(a.streamName, a.events)));
    const results = found.every((f) => f !== null) ? (found as AppendResult[]) : await this.earlierAppends(appends);
    if (!results) throw new Error('KurrentDB acknowledged a multi-stream append whose events are not in their streams');
    return results;
  }

  /** The answer for `events` when they are the stream's last events, read backwards; null otherwise. */
  private async lastAppendOf(streamName: string, events: NewEvent[]): Promise<AppendResult | null> {
    const recorded: RecordedEvent[] = [];
    for await (const resolved of this.client.readStream(streamName, { direction: BACKWARDS, fromRevision: END, maxCount: events.length }))
      if (resolved.event) recorded.unshift(toRecorded(resolved.event, toPosition(resolved.event.position) ?? { commit: 0, prepare: 0 }));
    return earlierAppendIn(recorded, events);
  }

  /** The original answers when every append is already in its stream (a repeated call); null otherwise. */
  private async earlierAppends(appends: readonly StreamAppend[]): Promise<AppendResult[] | null> {
    const found = await Promise.all(appends.map((a) => this.findEarlierAppend(a.streamName, a.events)));
    return found.every((f) => f !== null) ? (found as AppendResult[]) : null;
  }

  private async earlierAppendsOrConflict(appends: readonly StreamAppend[], index: number, actual: number | null): Promise<AppendResult[]> {
    const earlier = await this.earlierAppends(appends);
    if (earlier) return earlier;
    throw new WrongExpectedRevisionError(appends[index]!.streamName, appends[index]!.expectedRevision, actual);
  }

  /** Older servers: an intent in Postgres makes the batch complete after a crash between two streams. */
  private async appendWithIntent(appends: readonly StreamAppend[]): Promise<AppendResult[]> {
    if (!this.sidePool)
      throw new Error('EventStoreDbEventStore: appends to several streams need the Postgres pool on servers before KurrentDB 25.1');
    for (const a of appends) checkExpected(a.expectedRevision);
    const names = appends.map((a) => a.streamName);
    for (;;) {
      const done = await this.underLocks(names, 'exclusive', async (db) => {
        if (await this.pendingOn(db, names)) return null;
        const heads = await Promise.all(appends.map((a) => this.readHead(a.streamName)));
        const conflict = appends.findIndex((a, i) => !matches(a.expectedRevision, heads[i]!.revision));
        if (conflict >= 0) return this.earlierAppendsOrConflict(appends, conflict, heads[conflict]!.revision);
        const intent: Intent = appends.map((a, i) => ({ streamName: a.streamName, events: a.events, revision: heads[i]!.revision }));
        const { rows } = await db.query<{ id: string }>(
          'INSERT INTO eventstore_pending_appends (streams, appends) VALUES ($1, $2) RETURNING id',
          [names, JSON.stringify(intent)],
        );
        // A crash from here on leaves the intent: the next append to one of these streams, or the
        // next readAll, completes it (settle).
        const results = await this.completeIntent(intent);
        await db.query('DELETE FROM eventstore_pending_appends WHERE id = $1', [rows[0]!.id]);
        return results;
      });
      if (done) return done;
      await this.settle(names);
    }
  }

  /** A single append on a server without multi-stream appends: after any intent left on its stream. */
  private async appendAfterIntents(streamName: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    for (;;) {
      const done = await this.underLocks([streamName], 'shared', async (db) =>
        (await this.pendingOn(db, [streamName])) ? null : { result: await this.append(streamName, events, expectedRevision) },
      );
      if (done) return done.result;
      await this.settle([streamName]);
    }
  }

  private async pendingOn(db: pg.ClientBase, streams: readonly string[]) {
    const { rows } = await db.query('SELECT 1 FROM eventstore_pending_appends WHERE streams && $1 LIMIT 1', [streams]);
    return rows.length > 0;
  }

  /** Appends each stream's part exactly after the revision recorded in the intent; parts already there answer as they did. */
  private async completeIntent(intent: Intent): Promise<AppendResult[]> {
    const results: AppendResult[] = [];
    for (const part of intent) {
      const done = await this.findEarlierAppend(part.streamName, part.events);
      results.push(done ?? (await this.append(part.streamName, part.events, part.revision ?? 'no_stream')));
    }
    return results;
  }

  /**
   * Completes the intents a crash left that name one of `streams` (null: every one), each under
   * exclusive locks on all of its own streams, holding no other lock meanwhile.
   */
  private async settle(streams: readonly string[] | null) {
    await this.ensureIntentTable();
    const { rows } = await this.sidePool!.query<{ id: string; streams: string[] }>(
      streams
        ? 'SELECT id, streams FROM eventstore_pending_appends WHERE streams && $1 ORDER BY id'
        : 'SELECT id, streams FROM eventstore_pending_appends ORDER BY id LIMIT 100',
      streams ? [streams] : [],
    );
    for (const row of rows)
      await this.underLocks(row.streams, 'exclusive', async (db) => {
        const { rows: found } = await db.query<{ appends: Intent }>('SELECT appends FROM eventstore_pending_appends WHERE id = $1', [
          row.id,
        ]);
        if (!found[0]) return; // completed meanwhile by another process
        await this.completeIntent(found[0].appends);
        await db.query('DELETE FROM eventstore_pending_appends WHERE id = $1', [row.id]);
      });
  }

  /**
   * Runs `work` holding session advisory locks on the streams (sorted, so two batches never wait
   * for each other crosswise), on a connection of its own. A crash releases them with the session.
   */
  private async underLocks<T>(
    streams: readonly string[],
    mode: 'exclusive' | 'shared',
    work: (db: pg.PoolClient) => Promise<T>,
  ): Promise<T> {
    await this.ensureIntentTable();
    const db = await this.sidePool!.connect();
    const keys = [...new Set(streams)].sort();
    const lock = mode === 'exclusive' ? 'pg_advisory_lock' : 'pg_advisory_lock_shared';
    const unlock = mode === 'exclusive' ? 'pg_advisory_unlock' : 'pg_advisory_unlock_shared';
    let broken: Error | undefined;
    try {
      for (const key of keys) await db.query(`SELECT ${lock}(hashtextextended($1, 0))`, [`eventstore-stream:${key}`]);
      return await work(db);
    } finally {
      try {
        for (const key of keys) await db.query(`SELECT ${unlock}(hashtextextended($1, 0))`, [`eventstore-stream:${key}`]);
      } catch (error) {
        broken = error as Error; // a connection that cannot unlock is discarded: its session's locks go with it
      }
      db.release(broken);
    }
  }

  private intentTable: Promise<void> | null = null;
  private ensureIntentTable(): Promise<void> {
    this.intentTable ??= (async () => {
      const db = await this.sidePool!.connect();
      try {
        await db.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', ['eventstore-pending-appends-table']);
        await db.query(
          `CREATE TABLE IF NOT EXISTS eventstore_pending_appends (
             id bigserial PRIMARY KEY,
             streams text[] NOT NULL,
             appends jsonb NOT NULL,
             created_at timestamptz NOT NULL DEFAULT now()
           )`,
        );
      } finally {
        await db.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', ['eventstore-pending-appends-table']).catch(() => undefined);
        db.release();
      }
    })().catch((error: unknown) => {
      this.intentTable = null;
      throw error;
    });
    return this.intentTable;
  }

  /** Completes every intent a crash left (servers without multi-stream appends); called by `readAll` now and then. */
  private async recoverPending() {
    if (!this.sidePool || this.multiAppend === true) return;
    await this.settle(null);
  }

  async readStream(streamName: string, after?: number): Promise<StreamRead> {
    const events: RecordedEvent[] = [];
    const from = after === undefined || after < 0 ? undefined : { fromRevision: BigInt(after + 1) };
    try {
      for await (const resolved of this.client.readStream(streamName, from)) {
        const event = resolved.event;
        if (!event) continue;
        events.push(toRecorded(event, toPosition(event.position) ?? { commit: 0, prepare: 0 }));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return { revision: null, events: [] };
      throw error;
    }
    if (events.length > 0) return { revision: events[events.length - 1]!.revision, events };
    // Nothing after `after`: the stream's head, read backwards (one event).
    return { revision: from ? await this.lastRevision(streamName) : null, events };
  }

  private async lastRevision(streamName: string): Promise<number | null> {
    try {
      for await (const resolved of this.client.readStream(streamName, { direction: BACKWARDS, fromRevision: END, maxCount: 1 }))
        if (resolved.event) return Number(resolved.event.revision);
    } catch (error) {
      if (error instanceof StreamNotFoundError) return null;
      throw error;
    }
    return null;
  }

  appendToStream(streamName: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) return Promise.reject(new Error('appendToStream needs at least one event'));
    const key = `${streamName}\u0000${String(expectedRevision)}\u0000${events.map((e) => e.id).join(',')}`;
    const running = this.inflight.get(key);
    if (running) return running;
    // Unless the server appends several streams atomically, a single append waits for a batch on
    // its stream and first completes an intent a crash left there (appendWithIntent).
    const append = (
      this.sidePool && this.multiAppend !== true
        ? this.appendAfterIntents(streamName, events, expectedRevision)
        : this.append(streamName, events, expectedRevision)
    ).finally(() => this.inflight.delete(key));
    this.inflight.set(key, append);
    return append;
  }

  /**
   * Chains the events to the stream's last one (hash-chain.ts) and appends them with the exact
   * revision the chain was computed for, so no other append can slip in between: for 'any', a
   * lost race reads the new head and tries again.
   */
  private async append(streamName: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    checkExpected(expectedRevision);
    for (let attempt = 1; ; attempt++) {
      let head: { revision: number | null; hash: string };
      if (expectedRevision === 'any') {
        // The server's own id check only works with ANY, which cannot pin the chain head; so an
        // 'any' append (not used by the app, only by tools) looks for an earlier append itself.
        const { revision, events: recorded } = await this.readStream(streamName);
        const original = earlierAppendIn(recorded, events);
        if (original) return original;
        head = { revision, hash: chainHead(recorded) };
      } else {
        head = await this.readHead(streamName);
      }
      if (!matches(expectedRevision, head.revision)) {
        // A real conflict, or a retry of an append that already happened.
        const original = await this.findEarlierAppend(streamName, events).catch(() => null);
        if (original) return original;
        throw new WrongExpectedRevisionError(streamName, expectedRevision, head.revision);
      }
      const chained = chainEvents(streamName, (head.revision ?? -1) + 1, head.hash, events).events;
      let result: EsdbAppendResult;
      try {
        result = await this.client.appendToStream(
          streamName,
          chained.map((e) => jsonEvent({ id: e.id, type: e.type, data: e.data as JSONType, metadata: e.metadata })),
          { streamState: toEsdbExpected(head.revision) },
        );
      } catch (error) {
        // Either a real conflict, or a retry of an append that already happened (the server reports
        // a retry it cannot confirm yet as a conflict or drops it until it times out).
        const original = await this.findEarlierAppend(streamName, events).catch(() => null);
        if (original) return original;
        if (error instanceof WrongExpectedVersionError) {
          if (expectedRevision === 'any' && attempt < ANY_ATTEMPTS) continue;
          const actual = error.actualState;
          throw new WrongExpectedRevisionError(streamName, expectedRevision, typeof actual === 'bigint' ? Number(actual) : null);
        }
        throw error;
      }

      if (!result.success) {
        // Only with throwOnAppendFailure=false, which this adapter does not set; kept for safety.
        const original = await this.findEarlierAppend(streamName, events);
        if (original) return original;
        const actual = Number(result.nextExpectedRevision);
        throw new WrongExpectedRevisionError(streamName, expectedRevision, actual >= 0 ? actual : null);
      }

      const position = toPosition(result.position);
      if (position) return { nextExpectedRevision: Number(result.nextExpectedRevision), position };
      // An idempotent retry answered without a position: answer with the original append's.
      const original = await this.findEarlierAppend(streamName, events);
      if (original) return original;
      throw new Error(`EventStoreDB acknowledged the append to ${streamName} without a position, and its events are not in the stream`);
    }
  }

  /**
   * The stream's last revision and the hash the next event links to: the last event's hash, read
   * backwards (one event). A stream whose last event has none (written before the hash chain) is
   * read in full once, and the chain computed over it, as the Postgres adapter does.
   */
  private async readHead(streamName: string): Promise<{ revision: number | null; hash: string }> {
    let last: EsdbRecordedEvent | undefined;
    try {
      for await (const resolved of this.client.readStream(streamName, { direction: BACKWARDS, fromRevision: END, maxCount: 1 }))
        last = resolved.event ?? last;
    } catch (error) {
      if (error instanceof StreamNotFoundError) return { revision: null, hash: GENESIS_HASH };
      throw error;
    }
    if (!last) return { revision: null, hash: GENESIS_HASH };
    const stored = (decodeMetadata(last.metadata) as { hash?: unknown } | undefined)?.hash;
    if (typeof stored === 'string') return { revision: Number(last.revision), hash: stored };
    const { revision, events } = await this.readStream(streamName);
    return { revision, hash: chainHead(events) };
  }

  /**
   * When all of `events` are already in the stream, one after another in the same order, this is
   * the answer the original append gave: the revision and position of its last event.
   */
  private async findEarlierAppend(streamName: string, events: NewEvent[]): Promise<AppendResult | null> {
    const { events: recorded } = await this.readStream(streamName);
    return earlierAppendIn(recorded, events);
  }

  async readAll(after: Position | null, maxCount: number): Promise<RecordedEvent[]> {
    if (maxCount <= 0) return [];
    this.ensureSubscription();
    if (this.sidePool && this.multiAppend !== true && Date.now() >= this.nextRecovery) {
      this.nextRecovery = Date.now() + RECOVER_EVERY_MS;
      await this.recoverPending().catch(() => undefined); // tried again on a later read
    }
    this.signalsAtLastRead = this.signals;
    const ours: RecordedEvent[] = [];
    // fromPosition is inclusive: the event at `after` comes back first and is dropped.
    let from: EsdbPosition | typeof ESDB_START = after ? toEsdbPosition(after) : ESDB_START;
    let skipUpTo = after;
    for (;;) {
      const pageSize = Math.min(Math.max(maxCount - ours.length + 1, MIN_PAGE), MAX_PAGE);
      let read = 0;
      let last: Position | null = null;
      for await (const resolved of this.client.readAll({ fromPosition: from, maxCount: pageSize })) {
        read++;
        const event = resolved.event;
        if (!event) continue;
        const position = toPosition(event.position);
        if (!position) continue;
        last = position;
        if (skipUpTo && comparePositions(position, skipUpTo) <= 0) continue;
        if (isOurs(event)) ours.push(toRecorded(event, position));
      }
      if (ours.length >= maxCount) return ours.slice(0, maxCount);
      if (read < pageSize || !last) return ours; // end of the log
      // The page was crowded out by system events: read on after the last one seen.
      from = toEsdbPosition(last);
      skipUpTo = last;
    }
  }

  /** One event of $all from the start, without opening the live subscription (the health check). */
  async ping(): Promise<void> {
    for await (const _ of this.client.readAll({ fromPosition: ESDB_START, maxCount: 1 })) break;
  }

  async waitForAppend(timeoutMs: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted || this.closed) return;
    this.ensureSubscription();
    if (this.signals !== this.signalsAtLastRead) {
      // Something arrived after the last read began: read again right away.
      this.signalsAtLastRead = this.signals;
      return;
    }
    await waitForWake(this.waiters, timeoutMs, signal);
  }

  /** Opens the live subscription that wakes waiters; polling by timeout covers any gap. */
  private ensureSubscription() {
    if (this.subscription || this.closed || Date.now() < this.subscribeNotBefore) return;
    const subscription = this.client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
    this.subscription = subscription;
    subscription.on('data', () => {
      this.signals++;
      this.wakeAll();
    });
    const dropped = () => {
      if (this.subscription !== subscription) return;
      this.subscription = null;
      this.subscribeNotBefore = Date.now() + RESUBSCRIBE_AFTER_MS;
    };
    subscription.on('error', dropped);
    subscription.on('end', dropped);
    subscription.on('close', dropped);
  }

  private wakeAll() {
    for (const wake of [...this.waiters]) wake();
  }

  async close() {
    this.closed = true;
    this.wakeAll();
    const subscription = this.subscription;
    this.subscription = null;
    if (subscription) await subscription.unsubscribe().catch(() => undefined);
    await this.client.dispose();
  }
}
