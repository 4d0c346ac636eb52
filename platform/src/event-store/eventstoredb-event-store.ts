import {
  type AllStreamSubscription,
  ANY,
  type AppendExpectedRevision,
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
import {
  type AppendResult,
  comparePositions,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type RecordedEvent,
  WrongExpectedRevisionError,
  waitForWake,
} from './event-store.js';

/** Smallest page read from $all: a few extra rows are cheaper than one more round trip. */
const MIN_PAGE = 64;
/** Largest page read from $all in one request. */
const MAX_PAGE = 1000;
/** After the live subscription failed, wait this long before opening it again. */
const RESUBSCRIBE_AFTER_MS = 1000;

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

const toEsdbExpected = (expected: ExpectedRevision): AppendExpectedRevision => {
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'any') return ANY;
  if (!Number.isSafeInteger(expected) || expected < 0) throw new Error(`Invalid expected revision: ${String(expected)}`);
  return BigInt(expected);
};

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

/**
 * Event store on EventStoreDB (gRPC client, `esdb://…` connection string).
 *
 * - Appends pass the expected revision to the server and keep our event ids, so the server's own
 *   idempotency check applies. Whatever the server answers to a repeated append (a success without
 *   a position on older versions, a wrong-expected-version, or a dropped write that times out while
 *   the original is not yet indexed), the adapter looks the ids up in the stream and answers with
 *   the original revision and position, as the port demands.
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

  constructor(connectionString: string) {
    this.client = EventStoreDBClient.connectionString(connectionString);
  }

  async readStream(streamName: string): Promise<{ revision: number | null; events: RecordedEvent[] }> {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamName)) {
        const event = resolved.event;
        if (!event) continue;
        events.push(toRecorded(event, toPosition(event.position) ?? { commit: 0, prepare: 0 }));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return { revision: null, events: [] };
      throw error;
    }
    return { revision: events.length === 0 ? null : events[events.length - 1]!.revision, events };
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

  private async append(streamName: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    let result: EsdbAppendResult;
    try {
      result = await this.client.appendToStream(
        streamName,
        events.map((e) => jsonEvent({ id: e.id, type: e.type, data: e.data as JSONType, metadata: e.metadata })),
        { expectedRevision: toEsdbExpected(expectedRevision) },
      );
    } catch (error) {
      // Either a real conflict, or a retry of an append that already happened (the server reports
      // a retry it cannot confirm yet as a conflict or drops it until it times out).
      const original = await this.findEarlierAppend(streamName, events).catch(() => null);
      if (original) return original;
      if (error instanceof WrongExpectedVersionError) {
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

  /**
   * When all of `events` are already in the stream, one after another in the same order, this is
   * the answer the original append gave: the revision and position of its last event.
   */
  private async findEarlierAppend(streamName: string, events: NewEvent[]): Promise<AppendResult | null> {
    const { events: recorded } = await this.readStream(streamName);
    const start = recorded.findIndex((e) => e.id === events[0]!.id);
    if (start < 0 || start + events.length > recorded.length) return null;
    for (let i = 0; i < events.length; i++) if (recorded[start + i]!.id !== events[i]!.id) return null;
    const last = recorded[start + events.length - 1]!;
    // A fresh append answers with the log position of its last event as both commit and prepare
    // position (appends over gRPC are implicitly committed, and $all reports them the same way).
    // The prepare position of a stream read is that log position on every server version.
    const logPosition = last.position.prepare;
    return { nextExpectedRevision: last.revision, position: { commit: logPosition, prepare: logPosition } };
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
