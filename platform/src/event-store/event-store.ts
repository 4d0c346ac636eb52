import type pg from 'pg';
import type { SnapshotKey, SnapshotStore, StoredSnapshot } from './snapshots.js';

/**
 * The event store port. Two adapters implement it (Postgres, the embedded default, and
 * EventStoreDB); both pass the same contract suite in `contract.ts`.
 */

/**
 * Who caused an event and when; never a password or any other secret. Callers leave out `hash`
 * and `vorherigerHash`: the store adds them when appending (the stream's hash chain, see
 * hash-chain.ts). Events written before the chain existed have neither.
 */
export type EventMetadata = {
  actorId: string | null;
  correlationId: string;
  causationId: string | null;
  occurredAt: string;
  /** The Idempotency-Key of the request that caused the event (platform/src/http/idempotenz.ts). */
  idempotencyKey?: string;
  /** The role the actor held at that moment (platform/src/akteur-kontext.ts); absent in older events and for the system. */
  rolle?: 'admin' | 'pruefer' | 'eltern';
  /** The family the admin acted for, when the event names another family than the actor. */
  fuerElternId?: string;
  /** SHA-256 (hex) over `vorherigerHash` and this event's content. */
  hash?: string;
  /** The hash of the stream's previous event; 64 zeros for its first event. */
  vorherigerHash?: string;
};

export type NewEvent = { id: string; type: string; data: unknown; metadata: EventMetadata };

/**
 * A place in the global order. Postgres: (transaction id, sequence number); EventStoreDB:
 * (commit, prepare). Compared lexicographically; written as "commit/prepare" in headers.
 */
export type Position = { commit: number; prepare: number };

export type RecordedEvent = {
  id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  streamName: string;
  /** 0 for the first event of a stream. */
  revision: number;
  position: Position;
};

/** 'no_stream': the stream must not exist; 'any': no check; a number: the revision of its last event. */
export type ExpectedRevision = 'no_stream' | 'any' | number;

export type AppendResult = { nextExpectedRevision: number; position: Position };

/** One stream's part of `appendToStreams`. */
export type StreamAppend = {
  streamName: string;
  events: NewEvent[];
  expectedRevision: ExpectedRevision;
  /**
   * The id of the event at `expectedRevision` this append was decided on, when that event's own
   * append has not been answered yet (see EventStore.chainsAppends): the append is refused with
   * WrongExpectedRevisionError, without writing, unless exactly that event is the stream's head.
   */
  chainedOn?: string;
};

/**
 * Rows of the tables beside the log (credentials, group names, password links) that an append
 * explains. `claim` writes rows the new events back, `release` removes rows they retire.
 * Postgres runs both in the append's own transaction, so rows and events commit together or not
 * at all. EventStoreDB has no such transaction: it commits `claim` before appending, as a
 * reservation that the events confirm (side-tables.ts releases one that no event backs), and runs
 * `release` after the append. Either may throw to refuse the append (e.g. a name taken).
 */
export type SideWrites = {
  claim?: (db: pg.ClientBase) => Promise<void>;
  release?: (db: pg.ClientBase) => Promise<void>;
  /**
   * What `claim` writes, as data, when all it writes is the claim of a request's Idempotency-Key
   * (platform/src/http/idempotenz.ts): the Postgres adapter then writes that row inside its one
   * append statement instead of calling `claim` (and calls `claim` when it falls back to its
   * transaction). Other adapters ignore it.
   */
  idempotencyClaim?: { scope: string; schluessel: string; anfrageId: string };
};

/** A stream as read: `revision` is null when it has no events. */
export type StreamRead = { revision: number | null; events: RecordedEvent[] };

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamName: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | null,
  ) {
    super(`Stream ${streamName}: expected revision ${String(expected)}, actual ${actual ?? 'no stream'}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

export interface EventStore {
  readonly kind: 'postgres' | 'eventstoredb';
  /**
   * `revision` is null when the stream has no events. With `after`, only the events after that
   * revision; `revision` is still the stream's last one (`after` itself when nothing follows it).
   */
  readStream(streamName: string, after?: number): Promise<StreamRead>;
  /**
   * Several streams at once (Postgres: one query); every name asked for is in the answer. A stream
   * named in `after` answers only its events after that revision, as `readStream` does.
   */
  readStreams(streamNames: readonly string[], after?: ReadonlyMap<string, number>): Promise<Map<string, StreamRead>>;
  /** Where the command side keeps snapshots of folded streams (snapshots.ts); none: always fold in full. */
  readonly snapshots?: SnapshotStore;
  /**
   * `readStreams` with the snapshots of `keys` read in the same go (Postgres: one statement): a
   * stream with a snapshot answers only its events after the snapshot's revision (or after
   * `after`, whichever is later). None: the command side reads `snapshots`, then the streams.
   */
  readStreamsWithSnapshots?(
    streamNames: readonly string[],
    keys: readonly SnapshotKey[],
    after?: ReadonlyMap<string, number>,
  ): Promise<{ streams: Map<string, StreamRead>; snapshots: Map<string, StoredSnapshot> }>;
  /**
   * Appends atomically. Appending the same event ids to the same stream again succeeds without
   * writing anything (idempotent retry) and answers with the original result.
   */
  appendToStream(streamName: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult>;
  /**
   * Appends to several streams (each at most once), answering in the order asked. Each stream's
   * append behaves as `appendToStream`, retries included. Postgres: one transaction, so one
   * conflict refuses all of them and nothing is written. EventStoreDB: all or nothing as well
   * (multiStreamAppend on KurrentDB 25.1+, else an intent rolled forward after a crash; see
   * docs/decisions.md); the same call repeated answers as a retry.
   * `side` writes the rows beside the log that these events explain (see SideWrites); a repeated
   * append that writes no new event does not run it again.
   */
  appendToStreams(appends: readonly StreamAppend[], side?: SideWrites): Promise<AppendResult[]>;
  /**
   * Appends handed in one after another are written in that order: an append that expects the
   * revision an earlier, unanswered one moves its stream to is chained on it, and fails (without
   * writing) when that one fails (Postgres: the group commit). The command side may then decide a
   * stream's next command before the one before it has committed. None: it waits for the commit.
   */
  readonly chainsAppends?: boolean;
  /** Events strictly after `after` (null: from the start) in global order, at most `maxCount`. */
  readAll(after: Position | null, maxCount: number): Promise<RecordedEvent[]>;
  /** Resolves when something may have been appended, or after `timeoutMs` at the latest. */
  waitForAppend(timeoutMs: number, signal?: AbortSignal): Promise<void>;
  /** Answers when the store can be reached, reading as little as it can (the health check, platform/src/http/health.ts); none: `readAll(null, 1)`. */
  ping?(): Promise<void>;
  /** The same store on other Postgres connections (the projector's own pool); none: the store does not use the pool for its log. */
  withPool?(pool: pg.Pool): EventStore;
  close(): Promise<void>;
}

/** What every adapter's `appendToStreams` refuses before writing: an empty append, a stream named twice. */
export function checkStreamAppends(appends: readonly StreamAppend[]) {
  const names = new Set<string>();
  for (const { streamName, events } of appends) {
    if (events.length === 0) throw new Error(`appendToStreams needs at least one event for ${streamName}`);
    if (names.has(streamName)) throw new Error(`appendToStreams names stream ${streamName} twice`);
    names.add(streamName);
  }
}

export const START: Position = { commit: 0, prepare: 0 };

export const comparePositions = (a: Position, b: Position) => a.commit - b.commit || a.prepare - b.prepare;

export const formatPosition = (p: Position) => `${p.commit}/${p.prepare}`;

export const parsePosition = (text: string): Position | null => {
  const match = /^(\d{1,16})\/(\d{1,16})$/.exec(text.trim());
  if (!match) return null;
  return { commit: Number(match[1]), prepare: Number(match[2]) };
};

/**
 * Catch-up subscription in global order, built on `readAll` and `waitForAppend`: yields batches
 * until the signal aborts. Never skips an event, whichever adapter is underneath.
 */
export async function* subscribe(
  store: EventStore,
  after: Position | null,
  options: { batchSize?: number; idleWaitMs?: number; signal?: AbortSignal } = {},
): AsyncGenerator<RecordedEvent[]> {
  const { batchSize = 500, idleWaitMs = 250, signal } = options;
  let position = after;
  while (!signal?.aborted) {
    const batch = await store.readAll(position, batchSize);
    if (batch.length === 0) {
      await store.waitForAppend(idleWaitMs, signal);
      continue;
    }
    position = batch[batch.length - 1]!.position;
    yield batch;
  }
}

/**
 * Waits until one of `waiters` is called (an adapter calls them all when something was appended),
 * `timeoutMs` passes or `signal` aborts; shared by the adapters' `waitForAppend`.
 */
export const waitForWake = (waiters: Set<() => void>, timeoutMs: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      waiters.delete(done);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    waiters.add(done);
    signal?.addEventListener('abort', done, { once: true });
  });
