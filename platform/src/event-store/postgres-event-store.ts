import type pg from 'pg';
import {
  type AppendResult,
  checkStreamAppends,
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
import { OneOnItsWay } from './one-on-its-way.js';
import { PostgresSnapshotStore, type SnapshotKey, type SnapshotStore, type StoredSnapshot } from './snapshots.js';

const CHANNEL = 'waldkita_events';
/** Notifications sent in one statement at most (see PostgresEventStore.wake). */
const NOTIFY_MAX = 1000;
/** An append's notification: its (first) stream and the revision it moved to, so that no two are equal. */
const notification = (streamName: string, revision: number) => `${streamName}@${revision}`;

/** A row of the `events` table as COLUMNS selects it; shared with readers of the log (audit). */
export type EventRow = {
  event_id: string;
  event_type: string;
  data: unknown;
  metadata: RecordedEvent['metadata'];
  stream_name: string;
  stream_revision: string;
  transaction_id: string;
  global_position: string;
};

// Careful: the output column `transaction_id` is text, so ORDER BY must name `events.transaction_id`
// (the xid8): ordered as text, "100000" would come before "99999" and readers would skip events.
export const COLUMNS = 'event_id, event_type, data, metadata, stream_name, stream_revision, transaction_id::text, global_position';

export const toRecorded = (row: EventRow): RecordedEvent => ({
  id: row.event_id,
  type: row.event_type,
  data: row.data,
  metadata: row.metadata,
  streamName: row.stream_name,
  revision: Number(row.stream_revision),
  position: { commit: Number(row.transaction_id), prepare: Number(row.global_position) },
});

const matches = (expected: ExpectedRevision, actual: number | null) =>
  expected === 'any' || (expected === 'no_stream' ? actual === null : expected === actual);

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/**
 * The one-statement append gave up without writing anything: a unique id or revision taken (a
 * conflict or a retry), its guard's NULL event id (a stream not where it was read, an idempotency
 * key of another request), or a deadlock. The transaction then answers which it was.
 */
const isFastAppendRefusal = (error: unknown) => ['23505', '23502', '40P01'].includes((error as { code?: string }).code ?? '');

/**
 * The transaction id readers of the log read below: the oldest transaction still running at the
 * statement's snapshot, not counting those of other databases on the same server (a transaction
 * id belongs to one backend, and a backend to one database, for good), else the snapshot's end.
 * `pg_snapshot_xmin` alone counts every database: a `DROP DATABASE` next door (it holds its id
 * through a checkpoint) or another kindergarten's long import would hold back every projector on
 * the server. A running transaction whose database cannot be told (it ended since the snapshot,
 * or the role may not see other roles' `backend_xid`: grant it `pg_read_all_stats`) still counts,
 * as with `pg_snapshot_xmin`. `backend_xid` is the 32-bit form of the snapshot's xid8 ids.
 */
export const READ_HORIZON = `COALESCE(
  (SELECT min(x) FROM pg_snapshot_xip(pg_current_snapshot()) AS x
    WHERE (x::text::numeric % 4294967296)::text NOT IN (
      SELECT backend_xid::text FROM pg_stat_get_activity(NULL)
       WHERE backend_xid IS NOT NULL AND datid <> (SELECT oid FROM pg_database WHERE datname = current_database()))),
  pg_snapshot_xmax(pg_current_snapshot()))`;

/** Stream heads (revision and the hash of that event) kept per store, the least recently used going first. */
const HEADS_KEPT = 20_000;

/** An error of the caller's side writes, carried past the append's own error handling. */
class SideWriteFailure extends Error {
  constructor(readonly original: unknown) {
    super('side write failed');
  }
}

type InsertedRow = { stream_name: string; stream_revision: string; transaction_id: string; global_position: string };

/** Each append's result: the one found already (`earlier`, a retry), else its last event inserted. */
function resultsOf(appends: readonly StreamAppend[], inserted: readonly InsertedRow[], earlier: readonly (AppendResult | null)[]) {
  const lastOf = new Map<string, InsertedRow>();
  for (const row of inserted) {
    const seen = lastOf.get(row.stream_name);
    if (!seen || Number(row.global_position) > Number(seen.global_position)) lastOf.set(row.stream_name, row);
  }
  return appends.map((a, i): AppendResult => {
    const found = earlier[i];
    if (found) return found;
    const last = lastOf.get(a.streamName)!;
    return {
      nextExpectedRevision: Number(last.stream_revision),
      position: { commit: Number(last.transaction_id), prepare: Number(last.global_position) },
    };
  });
}

/** A new event as a row of `eventRows`. */
type NewEventRow = { i: string; s: string; r: number; t: string; d: unknown; m: unknown };

/**
 * The rows to insert into \`events\`, from one parameter: a JSON array of NewEventRow (their order is
 * \`e.ord\`). PostgreSQL parses it once, and each event's data and metadata are taken from it as
 * they are. Six array parameters (\`unnest($n::jsonb[], …)\`) cost pg escaping every element and
 * PostgreSQL parsing the array and then each element again: for the 20,000 events of a yearly
 * import that took about twice as long.
 */
const eventRows = (param: string) => `(
  SELECT (x.e->>'i')::uuid AS id, x.e->>'s' AS stream, (x.e->>'r')::bigint AS revision, x.e->>'t' AS type,
         x.e->'d' AS data, x.e->'m' AS metadata, x.ord
  FROM jsonb_array_elements(${param}::jsonb) WITH ORDINALITY AS x(e, ord)
) AS e`;

/**
 * The append as one statement (see PostgresEventStore.statementFor). $1-$5: per stream its name,
 * the revision and hash expected (-1 and NULL: a new stream) and the ones it moves to; $6: the
 * events (eventRows); $7-$9: the idempotency keys' scopes, keys and requests (one per append that
 * claims one); $10-$11: the channel and the appends' notifications (see wake), sent when the
 * statement commits and dropped with it when it does not.
 * The guard's subqueries run before the first event is inserted: the streams' rows are moved and
 * locked first, then the keys claimed, in the order of the transaction (no deadlock between them).
 */
const ONE_STATEMENT_APPEND = `
WITH m AS MATERIALIZED (
  SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[], $4::bigint[], $5::text[]) AS m(name, expected, expected_hash, revision, hash)
), moved AS (
  INSERT INTO streams AS s (stream_name, revision, last_hash)
  SELECT name, revision, hash FROM m ORDER BY name
  ON CONFLICT (stream_name) DO UPDATE SET revision = EXCLUDED.revision, last_hash = EXCLUDED.last_hash
  WHERE EXISTS (SELECT FROM m WHERE m.name = s.stream_name AND m.expected = s.revision AND m.expected_hash IS NOT DISTINCT FROM s.last_hash)
  RETURNING s.stream_name
), claimed AS (
  INSERT INTO idempotenz AS i (scope, schluessel, anfrage_id)
  SELECT * FROM unnest($7::text[], $8::text[], $9::text[])
  ON CONFLICT (scope, schluessel) DO UPDATE SET anfrage_id = EXCLUDED.anfrage_id WHERE i.anfrage_id = EXCLUDED.anfrage_id
  RETURNING 1
), woken AS MATERIALIZED (
  SELECT pg_notify($10, n) FROM unnest($11::text[]) WITH ORDINALITY AS w(n, i) ORDER BY i
)
INSERT INTO events (event_id, stream_name, stream_revision, event_type, data, metadata)
SELECT CASE
         WHEN (SELECT count(*) FROM moved) = cardinality($1::text[])
          AND (SELECT count(*) FROM claimed) = cardinality($7::text[])
          AND (SELECT count(*) FROM woken) = cardinality($11::text[])
         THEN e.id
       END,
       e.stream, e.revision, e.type, e.data, e.metadata
FROM ${eventRows('$6')}
ORDER BY e.ord
RETURNING stream_name, stream_revision, transaction_id::text, global_position`;

/** A stream's events, chained and numbered from \`first\`, as rows of \`eventRows\`. */
const eventRowsOf = (stream: string, first: number, events: readonly { id: string; type: string; data: unknown; metadata: unknown }[]) =>
  events.map((e, k): NewEventRow => ({ i: e.id, s: stream, r: first + k, t: e.type, d: e.data, m: e.metadata }));

/**
 * The events of one transaction go in statements of at most about this much JSON (some 1,200
 * events of a yearly import). One statement for all 20,000 events of an import took PostgreSQL
 * about three times as long as ten statements of 2,000, one after another in the same transaction.
 */
const INSERT_SLICE_CHARS = 1_000_000;

/** `rows` as JSON arrays of at most `maxChars` characters each (a row longer than that alone). */
function* jsonSlices(rows: readonly NewEventRow[], maxChars: number): Generator<string> {
  let parts: string[] = [];
  let chars = 0;
  for (const row of rows) {
    const json = JSON.stringify(row);
    if (parts.length > 0 && chars + json.length > maxChars) {
      yield `[${parts.join(',')}]`;
      parts = [];
      chars = 0;
    }
    parts.push(json);
    chars += json.length + 1;
  }
  if (parts.length > 0) yield `[${parts.join(',')}]`;
}

/** At most this many events go into one group-committed statement (see PostgresEventStore.appendGrouped). */
const GROUP_MAX_EVENTS = 1000;
/** Reads after a revision that go together in one statement at most (readStreamsAfter). */
const READ_GROUP_MAX = 500;

/** A read after a revision waiting for the statement on its way (readStreamsAfter). */
type WaitingRead = {
  read: Map<string, StreamRead>;
  after: ReadonlyMap<string, number>;
  resolve: (read: Map<string, StreamRead>) => void;
  reject: (error: unknown) => void;
};

/** The revision an append moves its stream to. */
const revisionAfter = (a: StreamAppend) => (a.expectedRevision === 'no_stream' ? -1 : (a.expectedRevision as number)) + a.events.length;

/** An append waiting for the statement in flight (see PostgresEventStore.appendGrouped). */
type Waiting = {
  appends: readonly StreamAppend[];
  side: SideWrites | undefined;
  resolve: (results: AppendResult[]) => void;
  reject: (error: unknown) => void;
};

/**
 * Event store on the `events` table (see db/migrations.ts).
 *
 * Global order is (transaction_id, global_position), and readers only see transactions below the
 * oldest transaction still running in this database (READ_HORIZON). A reader therefore never
 * passes an event whose transaction commits later with a lower number: that transaction's id holds
 * the horizon back until it has committed or rolled back. Appends to different streams never wait
 * for each other; `appendToStreams` writes several streams in one transaction (all or nothing).
 */
export class PostgresEventStore implements EventStore {
  readonly kind = 'postgres' as const;
  readonly chainsAppends = true;
  private listener: pg.PoolClient | null = null;
  private listening: Promise<void> | null = null;
  private waiters = new Set<() => void>();
  /**
   * A notification came since the last wait began: the next wait returns at once. Set on every
   * notification, so a reader between its read and its wait never misses one; the price is one
   * spare read now and then.
   */
  private missed = false;

  readonly snapshots: SnapshotStore;

  /**
   * The last known head of each stream: its revision and the hash of that event, as read from the
   * log or appended by this store (committed only). A revision's hash never changes in a log that
   * only grows, so a head is never wrong, only old: an append that expects exactly this revision
   * can chain its events without reading the stream (see statementFor). `eventId` is the id of
   * that event when known, for appends chained on it (StreamAppend.chainedOn).
   */
  private readonly heads = new Map<string, { revision: number; hash: string; eventId: string | null }>();

  /** Streams whose appends have committed and whose readers are not woken yet (see wake). */
  private toWake: string[] = [];
  private waking = false;

  constructor(private readonly pool: pg.Pool) {
    this.snapshots = new PostgresSnapshotStore(pool);
  }

  withPool(pool: pg.Pool): EventStore {
    return new PostgresEventStore(pool);
  }

  async readStream(streamName: string, after?: number) {
    return (await this.readStreams([streamName], after === undefined ? undefined : new Map([[streamName, after]]))).get(streamName)!;
  }

  async readStreams(streamNames: readonly string[], after?: ReadonlyMap<string, number>) {
    const read = new Map<string, StreamRead>(streamNames.map((name) => [name, { revision: null, events: [] }]));
    if (read.size === 0) return read;
    if (after && after.size > 0) return this.readStreamsAfter(read, after);
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${COLUMNS} FROM events WHERE stream_name = ANY($1::text[]) ORDER BY stream_name, stream_revision`,
      [[...read.keys()]],
    );
    for (const row of rows) {
      const stream = read.get(row.stream_name)!;
      const event = toRecorded(row);
      stream.events.push(event);
      stream.revision = event.revision;
    }
    for (const [name, stream] of read) {
      const last = stream.events.at(-1);
      if (last?.metadata.hash) this.rememberHead(name, last.revision, last.metadata.hash, last.id);
    }
    return read;
  }

  private rememberHead(streamName: string, revision: number, hash: string, eventId: string | null) {
    const known = this.heads.get(streamName);
    if (known && (known.revision > revision || (known.revision === revision && (known.eventId !== null || eventId === null)))) return;
    this.heads.delete(streamName);
    this.heads.set(streamName, { revision, hash, eventId });
    if (this.heads.size > HEADS_KEPT) this.heads.delete(this.heads.keys().next().value!);
  }

  /**
   * The events after a revision, and each stream's last revision from `streams` (in the same
   * statement, so both from one snapshot of the database): the head even when nothing follows.
   * Such reads group as appends do (appendGrouped): while one statement is on its way, the reads
   * that come meanwhile wait and then go together as the next one, each of them answered from its
   * own rows. Every command reads this way (a caller's check, a kept fold), so under load this
   * spares PostgreSQL and the app a round trip for most of them; alone, a read goes at once.
   */
  private readStreamsAfter(read: Map<string, StreamRead>, after: ReadonlyMap<string, number>): Promise<Map<string, StreamRead>> {
    return new Promise((resolve, reject) => this.reads.add({ read, after, resolve, reject }));
  }

  private readonly reads = new OneOnItsWay<WaitingRead>(async (waiting) => {
    const group = waiting.splice(0, READ_GROUP_MAX);
    try {
      await this.sendReadGroup(group);
      for (const w of group) w.resolve(w.read);
    } catch (error) {
      for (const w of group) w.reject(error);
    }
  });

  /**
   * One statement for the reads of `group`. A named statement, planned once per connection; the
   * joins are lateral and fenced (OFFSET 0), so that even its generic plan, which knows neither
   * names nor revisions, looks each stream up by index instead of scanning the log. Each
   * (stream, revision) pair keeps its place (`i`), so two reads of one stream from different
   * revisions each get their own rows.
   */
  private async sendReadGroup(group: readonly WaitingRead[]) {
    const names: string[] = [];
    const afters: number[] = [];
    const into: StreamRead[] = [];
    for (const { read, after } of group)
      for (const [name, stream] of read) {
        names.push(name);
        afters.push(after.get(name) ?? -1);
        into.push(stream);
      }
    const { rows } = await this.pool.query<
      Omit<EventRow, 'stream_name'> & { stream_name: string; i: string; head: string | null; head_hash: string | null }
    >({
      name: 'waldkita_read_after',
      text: `SELECT r.i, r.name AS stream_name, s.revision AS head, s.last_hash AS head_hash, e.event_id, e.event_type, e.data, e.metadata,
              e.stream_revision, e.transaction_id::text, e.global_position
       FROM unnest($1::text[], $2::bigint[]) WITH ORDINALITY AS r(name, after, i)
       LEFT JOIN LATERAL (SELECT revision, last_hash FROM streams WHERE stream_name = r.name OFFSET 0) s ON true
       LEFT JOIN LATERAL (
         SELECT event_id, event_type, data, metadata, stream_revision, transaction_id, global_position FROM events
         WHERE events.stream_name = r.name AND events.stream_revision > r.after OFFSET 0
       ) e ON true
       ORDER BY r.i, e.stream_revision`,
      values: [names, afters],
    });
    for (const row of rows) this.takeReadRow(into[Number(row.i) - 1]!, row);
  }

  /** One row of a read after a revision: the stream's head (remembered for the hash chain) and its event, if any. */
  private takeReadRow(
    stream: StreamRead,
    row: Omit<EventRow, 'stream_name'> & { stream_name: string; head: string | null; head_hash: string | null },
  ) {
    if (row.head !== null && Number(row.head) >= 0) {
      stream.revision = Number(row.head);
      const atHead = row.event_id !== null && Number(row.stream_revision) === stream.revision;
      if (row.head_hash !== null) this.rememberHead(row.stream_name, stream.revision, row.head_hash, atHead ? row.event_id : null);
    }
    if (row.event_id === null) return;
    const event = toRecorded(row);
    stream.events.push(event);
    if (stream.revision === null || event.revision > stream.revision) stream.revision = event.revision;
  }

  /**
   * `readStreams` and the snapshots of `keys` in one statement (a command's read when the process
   * holds no state for its stream): a stream with a snapshot answers its events after the
   * snapshot's revision (or after `after`, whichever is later), with the snapshot beside them; the
   * snapshot's rows come after the events, one per stream. Named and fenced as `readStreamsAfter`.
   */
  async readStreamsWithSnapshots(streamNames: readonly string[], keys: readonly SnapshotKey[], after?: ReadonlyMap<string, number>) {
    const read = new Map<string, StreamRead>(streamNames.map((name) => [name, { revision: null, events: [] }]));
    const snapshots = new Map<string, StoredSnapshot>();
    if (read.size === 0) return { streams: read, snapshots };
    const names = [...read.keys()];
    const key = new Map(keys.map((k) => [k.streamName, k]));
    const { rows } = await this.pool.query<
      Omit<EventRow, 'stream_name'> & {
        stream_name: string;
        head: string | null;
        head_hash: string | null;
        snapshot_revision: string | null;
        snapshot_state: unknown;
      }
    >({
      name: 'waldkita_read_with_snapshots',
      text: `WITH r AS (
         SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[], $4::int[]) AS r(name, after, decider, version)
       ), sn AS (
         SELECT r.name, x.revision, x.state FROM r
         JOIN LATERAL (
           SELECT revision, state FROM snapshots
           WHERE stream_name = r.name AND decider = r.decider AND version = r.version OFFSET 0
         ) x ON true
       )
       SELECT * FROM (
         SELECT r.name AS stream_name, s.revision AS head, s.last_hash AS head_hash,
                NULL::bigint AS snapshot_revision, NULL::jsonb AS snapshot_state,
                e.event_id, e.event_type, e.data, e.metadata, e.stream_revision, e.transaction_id::text, e.global_position
         FROM r
         LEFT JOIN sn ON sn.name = r.name
         LEFT JOIN LATERAL (SELECT revision, last_hash FROM streams WHERE stream_name = r.name OFFSET 0) s ON true
         LEFT JOIN LATERAL (
           SELECT event_id, event_type, data, metadata, stream_revision, transaction_id, global_position FROM events
           WHERE events.stream_name = r.name AND events.stream_revision > GREATEST(r.after, COALESCE(sn.revision, -1)) OFFSET 0
         ) e ON true
         UNION ALL
         SELECT sn.name, NULL, NULL, sn.revision, sn.state, NULL, NULL, NULL, NULL, NULL, NULL, NULL FROM sn
       ) u
       ORDER BY stream_name, snapshot_revision NULLS FIRST, stream_revision`,
      values: [
        names,
        names.map((name) => after?.get(name) ?? -1),
        names.map((name) => key.get(name)?.decider ?? null),
        names.map((name) => key.get(name)?.version ?? null),
      ],
    });
    for (const row of rows) {
      if (row.snapshot_revision !== null)
        snapshots.set(row.stream_name, { revision: Number(row.snapshot_revision), state: row.snapshot_state });
      else this.takeReadRow(read.get(row.stream_name)!, row);
    }
    return { streams: read, snapshots };
  }

  async appendToStream(streamName: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    return (await this.appendToStreams([{ streamName, events, expectedRevision }]))[0]!;
  }

  /**
   * Appends whose streams' heads are known and whose side writes are none or an idempotency claim
   * are one statement (statementFor) and go together with the ones waiting beside them
   * (appendGrouped); any other append is a transaction (appendAndWake).
   */
  async appendToStreams(appends: readonly StreamAppend[], side?: SideWrites): Promise<AppendResult[]> {
    checkStreamAppends(appends);
    if (appends.length === 0) return [];
    if (!side?.release && (!side?.claim || side.idempotencyClaim)) return this.appendGrouped(appends, side);
    return this.appendAsTransaction(appends, side);
  }

  /**
   * Group commit: while one statement is on its way, the appends that come meanwhile wait and then
   * go together as the next statement (one round trip and one commit for all of them), in the
   * order they came. An append that expects the revision an earlier one of the same group moves
   * its stream to is chained on it. When the group's statement gives up, nothing was written and
   * each append of the group runs on its own, in order, so that the outcome of each is the one it
   * would have had alone (a conflict, a retry, a refusal of its key).
   */
  private appendGrouped(appends: readonly StreamAppend[], side: SideWrites | undefined): Promise<AppendResult[]> {
    return new Promise((resolve, reject) => this.appends.add({ appends, side, resolve, reject }));
  }

  private readonly appends = new OneOnItsWay<Waiting>(async (waiting) => {
    const { group, alone } = this.nextGroup(waiting);
    for (const w of alone) this.appendAlone(w).then(w.resolve, w.reject);
    if (group.length > 0) await this.sendGroup(group);
  });

  /**
   * The appends that can go together now, from the front of the queue: each stream's head must be
   * known (or the stream new), or be where an earlier append of the group leaves it; no idempotency
   * key twice. The others (`alone`) run as transactions, which read the heads themselves; an append
   * chained on an event that is not its stream's head is refused at once (`refused`).
   */
  private nextGroup(waiting: Waiting[]) {
    const group: Waiting[] = [];
    const alone: Waiting[] = [];
    const tails = new Map<string, { revision: number; eventId: string | null }>();
    const keys = new Set<string>();
    let events = 0;
    let i = 0;
    for (; i < waiting.length; i++) {
      const w = waiting[i]!;
      const size = w.appends.reduce((n, a) => n + a.events.length, 0);
      if (group.length > 0 && events + size > GROUP_MAX_EVENTS) break;
      const fit = w.appends.map((a) => this.fit(a, tails));
      const broken = fit.indexOf('refused');
      if (broken >= 0) {
        const a = w.appends[broken]!;
        w.reject(new WrongExpectedRevisionError(a.streamName, a.expectedRevision, this.heads.get(a.streamName)?.revision ?? null));
        continue;
      }
      if (fit.includes('unknown')) {
        // Behind a group member on the same stream it waits for that one's outcome (the next round).
        if (w.appends.some((a) => tails.has(a.streamName))) break;
        alone.push(w);
        continue;
      }
      const key = w.side?.idempotencyClaim;
      const keyName = key ? `${key.scope}\u0000${key.schluessel}` : null;
      if (keyName !== null && keys.has(keyName)) break;
      if (keyName !== null) keys.add(keyName);
      for (const a of w.appends) tails.set(a.streamName, { revision: revisionAfter(a), eventId: a.events.at(-1)!.id });
      events += size;
      group.push(w);
    }
    waiting.splice(0, i);
    return { group, alone };
  }

  /**
   * Whether an append can be one statement on the heads known (and `tails`, where the appends
   * before it in its group leave their streams): 'fits'; 'unknown' when only a transaction can
   * tell; 'refused' when it is chained on an event that is not its stream's head.
   */
  private fit(a: StreamAppend, tails: ReadonlyMap<string, { revision: number; eventId: string | null }> = new Map()) {
    const at = tails.get(a.streamName) ?? this.heads.get(a.streamName);
    if (a.chainedOn !== undefined)
      return at !== undefined && at.revision === a.expectedRevision && at.eventId === a.chainedOn ? 'fits' : 'refused';
    if (a.expectedRevision === 'no_stream') return at === undefined ? 'fits' : 'unknown';
    return at?.revision === a.expectedRevision ? 'fits' : 'unknown';
  }

  /**
   * The appends of `group` as one statement (statementFor); once it committed, the streams' new
   * heads are known, and the readers were woken by its commit. Each append's result, in the
   * group's order.
   */
  private async sendStatement(group: readonly Pick<Waiting, 'appends' | 'side'>[]): Promise<AppendResult[][]> {
    const statement = this.statementFor(group);
    const { rows } = await this.pool.query<InsertedRow>({ name: 'waldkita_append', text: ONE_STATEMENT_APPEND, values: statement.params });
    for (const head of statement.heads) this.rememberHead(head.streamName, head.revision, head.hash, head.eventId);
    const byRevision = new Map(rows.map((row) => [`${row.stream_name}\u0000${row.stream_revision}`, row]));
    return group.map(({ appends }) => {
      const results = appends.map((a): AppendResult => {
        const revision = revisionAfter(a);
        const row = byRevision.get(`${a.streamName}\u0000${revision}`)!;
        return { nextExpectedRevision: revision, position: { commit: Number(row.transaction_id), prepare: Number(row.global_position) } };
      });
      return results;
    });
  }

  private async sendGroup(group: Waiting[]) {
    try {
      const results = await this.sendStatement(group);
      for (const [i, w] of group.entries()) w.resolve(results[i]!);
    } catch (error) {
      // Nothing was written. A refusal: each append on its own, in order; anything else (a lost
      // connection) is every append's answer, as it would have been alone.
      if (!isFastAppendRefusal(error)) {
        for (const w of group) w.reject(error);
        return;
      }
      if (group.length === 1) {
        await this.appendAsTransaction(group[0]!.appends, group[0]!.side).then(group[0]!.resolve, group[0]!.reject);
        return;
      }
      for (const w of group) await this.appendAlone(w).then(w.resolve, w.reject);
    }
  }

  /** One append by itself: its own statement when its heads are known, else (or when that gives up) a transaction. */
  private async appendAlone({ appends, side }: Pick<Waiting, 'appends' | 'side'>): Promise<AppendResult[]> {
    const fit = appends.map((a) => this.fit(a));
    const broken = fit.indexOf('refused');
    if (broken >= 0) {
      const a = appends[broken]!;
      throw new WrongExpectedRevisionError(a.streamName, a.expectedRevision, this.heads.get(a.streamName)?.revision ?? null);
    }
    if (!fit.includes('unknown')) {
      try {
        return (await this.sendStatement([{ appends, side }]))[0]!;
      } catch (error) {
        if (!isFastAppendRefusal(error)) throw error;
      }
    }
    return this.appendAsTransaction(appends, side);
  }

  /** The append as a transaction: a conflict, a repeated append and the caller's side writes are told apart there. */
  private async appendAsTransaction(appends: readonly StreamAppend[], side?: SideWrites): Promise<AppendResult[]> {
    // The transaction checks revisions only: an append chained on an event must find exactly that
    // event as its stream's committed head (a head known here never changes at its revision).
    const chained = appends.find((a) => a.chainedOn !== undefined && this.fit(a) !== 'fits');
    if (chained)
      throw new WrongExpectedRevisionError(
        chained.streamName,
        chained.expectedRevision,
        this.heads.get(chained.streamName)?.revision ?? null,
      );
    try {
      try {
        return await this.appendAndWake(appends, false, side);
      } catch (error) {
        // The events were there already (a retry), or a concurrent append of the same stream or
        // the same event ids won the race: look again, which answers either as an idempotent retry
        // or with a typed conflict.
        if (isUniqueViolation(error)) return await this.appendAndWake(appends, true, side);
        throw error;
      }
    } catch (error) {
      throw error instanceof SideWriteFailure ? error.original : error;
    }
  }

  /**
   * One append transaction (when the one statement cannot be used or gave up), then, after its
   * commit, the notification that wakes the readers (see wake).
   */
  private async appendAndWake(appends: readonly StreamAppend[], lookForEarlier: boolean, side?: SideWrites) {
    const client = await this.pool.connect();
    let results: AppendResult[];
    const heads: { streamName: string; revision: number; hash: string; eventId: string }[] = [];
    try {
      await client.query('BEGIN');
      results = await this.appendAll(client, appends, lookForEarlier, side, heads);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      client.release();
      throw error;
    }
    client.release();
    // Known now: the next append of these streams can be one statement again.
    for (const head of heads) this.rememberHead(head.streamName, head.revision, head.hash, head.eventId);
    this.wake(appends, results);
    return results;
  }

  /**
   * Wakes the readers after a transaction's commit: one notification per append, with the (first)
   * stream's name and the revision it moved to, so that no two are equal
   * (bench/projection-lag.mjs pairs them with its commands). Appends that go as one statement
   * (statementFor) notify in that statement instead, which saves a round trip per statement.
   * A transaction does not: PostgreSQL serialises the commits of all transactions that NOTIFY
   * (one lock for the whole server, held through the commit's WAL flush), and a transaction's
   * commit may be the import's, or run beside the statements; the statements of one process are
   * one at a time anyway. The append does not wait for this; the notifications of transactions
   * that commit while one is on its way go together in the next. Readers also poll, so a
   * notification lost to a crash only delays them.
   */
  private wake(appends: readonly StreamAppend[], results: readonly AppendResult[]) {
    this.toWake.push(notification(appends[0]!.streamName, results[0]!.nextExpectedRevision));
    if (this.waking) return;
    this.waking = true;
    void (async () => {
      try {
        while (this.toWake.length > 0) {
          const payloads = this.toWake.slice(0, NOTIFY_MAX);
          this.toWake = this.toWake.slice(payloads.length);
          await this.pool
            .query('SELECT pg_notify($1, n) FROM unnest($2::text[]) WITH ORDINALITY AS w(n, i) ORDER BY i', [CHANNEL, payloads])
            .catch(() => undefined); // lost: readers poll
        }
      } catch {
        this.toWake = []; // the pool is closed: readers poll
      } finally {
        this.waking = false;
      }
    })();
  }

  /**
   * The appends of a group as one statement, so that they cost one round trip and commit together;
   * every stream's head must be known, or be where an earlier append of the group leaves it (see
   * nextGroup), or the stream new.
   *
   * The statement moves the streams' rows (in name order, as the transaction locks them) only
   * from the revision and hash expected, claims the keys only for their requests, and inserts the
   * events chained on the known heads. When a stream was not where expected or a key is another
   * request's, a guard turns the event ids to NULL, so the insert fails and the whole statement is
   * rolled back; so does a revision or event id already taken (unique). Nothing is written then,
   * and the appends run again on their own (sendGroup), which tells a retry from a conflict.
   */
  private statementFor(group: readonly Pick<Waiting, 'appends' | 'side'>[]) {
    const moves = new Map<string, { expected: number; expectedHash: string | null; revision: number; hash: string; eventId: string }>();
    const rows: NewEventRow[] = [];
    const keys = { scope: [] as string[], schluessel: [] as string[], anfrage: [] as string[] };
    const woken: string[] = [];
    for (const { appends, side } of group) {
      for (const a of appends) {
        const earlier = moves.get(a.streamName);
        const expected = a.expectedRevision === 'no_stream' ? -1 : (a.expectedRevision as number);
        const previousHash = earlier ? earlier.hash : expected < 0 ? GENESIS_HASH : this.heads.get(a.streamName)!.hash;
        const chained = chainEvents(a.streamName, expected + 1, previousHash, a.events);
        rows.push(...eventRowsOf(a.streamName, expected + 1, chained.events));
        const revision = expected + a.events.length;
        const eventId = a.events.at(-1)!.id;
        if (earlier) Object.assign(earlier, { revision, hash: chained.lastHash, eventId });
        else
          moves.set(a.streamName, {
            expected,
            expectedHash: expected < 0 ? null : previousHash,
            revision,
            hash: chained.lastHash,
            eventId,
          });
      }
      woken.push(notification(appends[0]!.streamName, revisionAfter(appends[0]!)));
      const key = side?.idempotencyClaim;
      if (key) {
        keys.scope.push(key.scope);
        keys.schluessel.push(key.schluessel);
        keys.anfrage.push(key.anfrageId);
      }
    }
    const streams = [...moves];
    return {
      params: [
        streams.map(([name]) => name),
        streams.map(([, m]) => m.expected),
        streams.map(([, m]) => m.expectedHash),
        streams.map(([, m]) => m.revision),
        streams.map(([, m]) => m.hash),
        JSON.stringify(rows),
        keys.scope,
        keys.schluessel,
        keys.anfrage,
        CHANNEL,
        woken,
      ],
      heads: streams.map(([streamName, m]) => ({ streamName, revision: m.revision, hash: m.hash, eventId: m.eventId })),
    };
  }

  /** Appends inside a transaction the caller owns (used to hold one open in the gap-safety test); readers are woken at its commit. */
  async appendInTransaction(client: pg.ClientBase, streamName: string, events: NewEvent[], expected: ExpectedRevision) {
    const [result] = await this.appendAll(client, [{ streamName, events, expectedRevision: expected }], true);
    await client.query('SELECT pg_notify($1, $2)', [CHANNEL, streamName]);
    return result!;
  }

  /**
   * The appends of one transaction, in four statements whatever their number:
   * 1. create the missing rows of `streams` and lock all of them, in name order, so two batches
   *    never wait for each other in a circle; each row holds its stream's revision and the hash
   *    of its last event, so new events are chained without reading the streams;
   * 2. (only for a retry or a revision that does not match) look for the event ids, which
   *    answers a repeated append with its original result;
   * 3. insert all events; 4. move the streams' revisions and hashes on.
   * Without the look of step 2, events already there fail step 3 on their unique id; the caller
   * then runs this again with `lookForEarlier`. Then the side writes, in the same transaction.
   */
  private async appendAll(
    client: pg.ClientBase,
    appends: readonly StreamAppend[],
    lookForEarlier: boolean,
    side?: SideWrites,
    movedTo: { streamName: string; revision: number; hash: string; eventId: string }[] = [],
  ): Promise<AppendResult[]> {
    const { rows: locked } = await client.query<{ stream_name: string; revision: string; last_hash: string | null }>(
      `INSERT INTO streams (stream_name, revision) SELECT n, -1 FROM unnest($1::text[]) AS n ORDER BY n
       ON CONFLICT (stream_name) DO UPDATE SET revision = streams.revision
       RETURNING stream_name, revision, last_hash`,
      [appends.map((a) => a.streamName)],
    );
    const heads = new Map(
      locked.map((r) => [r.stream_name, { actual: Number(r.revision) < 0 ? null : Number(r.revision), lastHash: r.last_hash }]),
    );
    const actualOf = (a: StreamAppend) => heads.get(a.streamName)!.actual;

    const results: (AppendResult | null)[] = appends.map(() => null);
    if (lookForEarlier || appends.some((a) => !matches(a.expectedRevision, actualOf(a)))) {
      const { rows } = await client.query<EventRow>(
        `SELECT ${COLUMNS} FROM events WHERE event_id = ANY($1::uuid[]) ORDER BY stream_revision`,
        [appends.flatMap((a) => a.events.map((e) => e.id))],
      );
      const found = new Map(rows.map((row) => [row.event_id, row]));
      appends.forEach((a, i) => {
        const existing = a.events.map((e) => found.get(e.id)).filter((row) => row !== undefined);
        if (existing.length === 0) return;
        const sameAppend = existing.length === a.events.length && existing.every((row) => row.stream_name === a.streamName);
        if (!sameAppend) throw new WrongExpectedRevisionError(a.streamName, a.expectedRevision, actualOf(a));
        const last = toRecorded(existing.reduce((x, y) => (Number(y.stream_revision) > Number(x.stream_revision) ? y : x)));
        results[i] = { nextExpectedRevision: last.revision, position: last.position };
      });
    }

    const pending = appends.filter((_, i) => results[i] === null);
    if (pending.length === 0) return results as AppendResult[];
    const rows: NewEventRow[] = [];
    const moved = { stream: [] as string[], revision: [] as number[], hash: [] as string[] };
    for (const a of pending) {
      const actual = actualOf(a);
      if (!matches(a.expectedRevision, actual)) throw new WrongExpectedRevisionError(a.streamName, a.expectedRevision, actual);
      const first = (actual ?? -1) + 1;
      const previousHash =
        heads.get(a.streamName)!.lastHash ?? (actual === null ? GENESIS_HASH : await this.legacyHead(client, a.streamName));
      const chained = chainEvents(a.streamName, first, previousHash, a.events);
      rows.push(...eventRowsOf(a.streamName, first, chained.events));
      moved.stream.push(a.streamName);
      moved.revision.push(first + a.events.length - 1);
      moved.hash.push(chained.lastHash);
    }
    const inserted: InsertedRow[] = [];
    for (const slice of jsonSlices(rows, INSERT_SLICE_CHARS)) {
      const some = await client.query<InsertedRow>(
        `INSERT INTO events (event_id, stream_name, stream_revision, event_type, data, metadata)
         SELECT e.id, e.stream, e.revision, e.type, e.data, e.metadata
         FROM ${eventRows('$1')}
         ORDER BY e.ord
         RETURNING stream_name, stream_revision, transaction_id::text, global_position`,
        [slice],
      );
      for (const row of some.rows) inserted.push(row);
    }
    await client.query(
      `UPDATE streams s SET revision = m.revision, last_hash = m.hash
       FROM unnest($1::text[], $2::bigint[], $3::text[]) AS m(stream, revision, hash)
       WHERE s.stream_name = m.stream`,
      [moved.stream, moved.revision, moved.hash],
    );
    try {
      await side?.claim?.(client);
      await side?.release?.(client);
    } catch (error) {
      throw new SideWriteFailure(error);
    }
    for (const [i, a] of pending.entries())
      movedTo.push({ streamName: a.streamName, revision: moved.revision[i]!, hash: moved.hash[i]!, eventId: a.events.at(-1)!.id });
    return resultsOf(appends, inserted, results);
  }

  /**
   * The chain head of a stream whose events all predate the hash chain (no `last_hash` yet): read
   * once, on its first append since migration 6; that append's first event seals them.
   */
  private async legacyHead(client: pg.ClientBase, streamName: string) {
    const { rows } = await client.query<EventRow>(`SELECT ${COLUMNS} FROM events WHERE stream_name = $1 ORDER BY stream_revision`, [
      streamName,
    ]);
    return chainHead(rows.map(toRecorded));
  }

  async readAll(after: Position | null, maxCount: number): Promise<RecordedEvent[]> {
    // Listen before reading, so that an append committing after this read always wakes the next wait.
    await this.listen().catch(() => undefined);
    const from = after ?? { commit: 0, prepare: 0 };
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${COLUMNS} FROM events
       WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
         AND transaction_id < ${READ_HORIZON}
       ORDER BY events.transaction_id, events.global_position
       LIMIT $3`,
      [String(from.commit), from.prepare, maxCount],
    );
    return rows.map(toRecorded);
  }

  async waitForAppend(timeoutMs: number, signal?: AbortSignal): Promise<void> {
    await this.listen().catch(() => undefined); // polling by timeout is the fallback
    if (signal?.aborted) return;
    if (this.missed) {
      this.missed = false;
      return;
    }
    await waitForWake(this.waiters, timeoutMs, signal);
  }

  private listen() {
    this.listening ??= (async () => {
      const client = await this.pool.connect();
      client.on('notification', () => {
        this.missed = true;
        for (const wake of [...this.waiters]) wake();
      });
      client.on('error', () => {
        this.listener = null;
        this.listening = null;
        this.missed = true; // notifications may have been lost: look once more
      });
      await client.query(`LISTEN ${CHANNEL}`);
      this.listener = client;
    })().catch((error: unknown) => {
      this.listening = null; // try again on the next read or wait
      throw error;
    });
    return this.listening;
  }

  async close() {
    for (const wake of [...this.waiters]) wake();
    if (this.listening) await this.listening.catch(() => undefined);
    if (this.listener) {
      const client = this.listener;
      this.listener = null;
      await client.query(`UNLISTEN ${CHANNEL}`).catch(() => undefined);
      client.release();
    }
  }
}
