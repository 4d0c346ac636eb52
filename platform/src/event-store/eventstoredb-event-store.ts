import {
  type AllStreamSubscription,
  type AppendExpectedRevision,
  BACKWARDS,
  END,
  START as ESDB_START,
  type AppendResult as EsdbAppendResult,
  type Position as EsdbPosition,
  type RecordedEvent as EsdbRecordedEvent,
  EventStoreDBClient,
  excludeSystemEvents,
  type JSONType,
  jsonEvent,
  NO_STREAM,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
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
const toEsdbExpected = (actual: number | null): AppendExpectedRevision => (actual === null ? NO_STREAM : BigInt(actual));

/** Events of EventStoreDB itself ($stats, $metadata, links, users, …) are not part of our log. */
const isOurs = (event: EsdbRecordedEvent) => event.isJson && !event.type.startsWith('$') && !event.streamId.startsWith('$');

const toRecorded = (event: EsdbRecordedEvent, position: Position): RecordedEvent => ({
  id: event.id,
  type: event.type,
  data: event.data,
  metadata: event.metadata as unknown as EventMetadata,
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
 * Event store on EventStoreDB (gRPC client, `esdb://…` connection string).
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
  private readonly client: EventStoreDBClient;
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

  /**
   * `sidePool`: the Postgres pool of the tables beside the log. Without a transaction shared with
   * the log, a claim is committed before its append as a reservation (side-tables.ts), and a
   * release runs after it.
   */
  constructor(
    connectionString: string,
    private readonly sidePool?: pg.Pool,
  ) {
    this.client = EventStoreDBClient.connectionString(connectionString);
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
   * One stream after another: EventStoreDB has no transaction across streams. A conflict stops
   * the batch and keeps the appends before it; repeating the call completes it, because each
   * append already done answers as an idempotent retry.
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
    const results: AppendResult[] = [];
    for (const a of appends) results.push(await this.appendToStream(a.streamName, a.events, a.expectedRevision));
    if (side?.claim) await confirmReservation(this.sidePool!, appends);
    if (side?.release) await withTransaction(this.sidePool!, side.release);
    return results;
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
    const append = this.append(streamName, events, expectedRevision).finally(() => this.inflight.delete(key));
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
          { expectedRevision: toEsdbExpected(head.revision) },
        );
      } catch (error) {
        // Either a real conflict, or a retry of an append that already happened (the server reports
        // a retry it cannot confirm yet as a conflict or drops it until it times out).
        const original = await this.findEarlierAppend(streamName, events).catch(() => null);
        if (original) return original;
        if (error instanceof WrongExpectedVersionError) {
          if (expectedRevision === 'any' && attempt < ANY_ATTEMPTS) continue;
          const actual = error.actualVersion;
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
    const stored = (last.metadata as { hash?: unknown } | undefined)?.hash;
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
