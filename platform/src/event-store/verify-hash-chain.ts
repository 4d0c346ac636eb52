import type pg from 'pg';
import type { StreamKopf } from '../audit/anker.js';
import { comparePositions, type EventMetadata, type EventStore, formatPosition, type Position, type RecordedEvent } from './event-store.js';
import { eventHash, GENESIS_HASH, type HashFields } from './hash-chain.js';
import { READ_HORIZON } from './postgres-event-store.js';

/**
 * The verify walk of the hash chain (docs/audit.md, "Hash chain and verify"): reads the whole log
 * and recomputes every stream's chain (hash-chain.ts), naming the earliest place that does not fit
 * — over the Postgres log and its `streams` table (`verifyHashChain`) or through the event store
 * port, for EventStoreDB (`verifyEventStoreHashChain`).
 */

type BrokenLink = {
  streamName: string;
  revision: number;
  /** Empty when no event of the stream is left to name. */
  eventId: string;
  /** Global position "commit/prepare" of the event named; empty when there is none. */
  position: string;
  /** German, for auditors: what does not fit. */
  reason: string;
};

export type VerifyResult = {
  /** Events read. */
  checked: number;
  /** Streams with at least one event. */
  streams: number;
  /** Events written before the hash chain started (no hash of their own). */
  unhashed: number;
  /** Of those, the events that no hashed event seals yet: their stream was not appended to since. */
  unsealed: number;
  /** How many places do not fit; `broken` names the earliest in global order. */
  brokenLinks: number;
  broken: BrokenLink | null;
};

export type VerifyOptions = {
  batchSize?: number;
  onProgress?: (p: { checked: number; total: number }) => void;
  /**
   * Also collect every stream's head at a log position (for anchors, platform/src/audit/anker.ts):
   * a position, or 'stabil' for the end of the log's stable prefix in this snapshot (every event of
   * a transaction older than the oldest one still running), which no later commit can enter.
   */
  koepfeBis?: Position | 'stabil';
};

/** The heads collected with `koepfeBis`. */
export type KoepfeBis = { position: Position | null; ereignisse: number; koepfe: StreamKopf[] };

/** A stream's row in the `streams` table. */
type HeadRow = { stream_name: string; revision: string | number; last_hash: string | null };

type CheckedEvent = Pick<RecordedEvent, 'streamName' | 'revision' | 'id' | 'type' | 'data' | 'metadata' | 'position'>;

/** Enough of an event to name it in a finding (a stream's state keeps no more). */
type EventRef = Pick<RecordedEvent, 'id' | 'revision' | 'position'>;

/** The walk along one stream's chain, one event after the other in revision order. */
class StreamChain {
  next = 0;
  head = GENESIS_HASH;
  hashed = false;
  legacy = 0;
  first: EventRef | null = null;
  last: EventRef | null = null;
  /** The head at the position of `koepfeBis`, if the stream has an event up to it. */
  kopfBis: StreamKopf | null = null;
  ereignisseBis = 0;

  /** `headRow`: the stream's row in the `streams` table (Postgres only). */
  constructor(
    readonly streamName: string,
    readonly headRow?: HeadRow,
  ) {}

  /** Checks the next event of the stream; answers why it does not fit, or null. */
  check(event: CheckedEvent, mayLackHash: boolean, koepfeBis: Position | null = null): string | null {
    const problem = this.pruefe(event, mayLackHash);
    if (koepfeBis && comparePositions(event.position, koepfeBis) <= 0) {
      this.kopfBis = { stream: this.streamName, revision: event.revision, hash: this.head };
      this.ereignisseBis++;
    }
    return problem;
  }

  private pruefe(event: CheckedEvent, mayLackHash: boolean): string | null {
    this.last = { id: event.id, revision: event.revision, position: event.position };
    this.first ??= this.last;
    let problem: string | null = null;
    if (event.revision !== this.next) {
      problem =
        event.revision < this.next
          ? `Revision ${event.revision} steht nicht in Reihenfolge`
          : event.revision === this.next + 1
            ? `Revision ${this.next} fehlt (gelöscht)`
            : `Revisionen ${this.next}–${event.revision - 1} fehlen (gelöscht)`;
    }
    const { hash, vorherigerHash } = (event.metadata ?? {}) as HashFields;
    if (typeof hash !== 'string') {
      if (!problem && (this.hashed || !mayLackHash)) problem = 'Hash fehlt';
      if (!this.hashed && !problem) this.legacy++;
      this.head = eventHash(this.head, event);
    } else {
      if (!problem && vorherigerHash !== this.head) problem = this.linkProblem();
      if (!problem && hash !== eventHash(String(vorherigerHash), event)) problem = 'Hash stimmt nicht';
      this.head = hash;
      this.hashed = true;
    }
    this.next = event.revision + 1;
    return problem;
  }

  private linkProblem() {
    if (this.next === 0) return 'vorherigerHash ist nicht der Anfang des Streams';
    if (!this.hashed && this.legacy > 0)
      return `vorherigerHash passt nicht zu den Ereignissen vor der Hash-Kette (Revision 0–${this.next - 1} verändert)`;
    return `vorherigerHash passt nicht zum Hash von Revision ${this.next - 1}`;
  }

  /** Events before the hash chain that no hashed event seals. */
  get unsealed() {
    return this.hashed ? 0 : this.legacy;
  }
}

/** Collects broken links and keeps the earliest in global order (the earliest tampering). */
class Findings {
  count = 0;
  private earliest: { link: BrokenLink; position: Position | null } | null = null;

  /** `times`: the same finding for that many streams (only the first is named). */
  add(streamName: string, event: EventRef | null, reason: string, times = 1) {
    this.count += times;
    const position = event?.position ?? null;
    const link: BrokenLink = {
      streamName,
      revision: event?.revision ?? 0,
      eventId: event?.id ?? '',
      position: position ? formatPosition(position) : '',
      reason,
    };
    const current = this.earliest;
    const earlier = !current || (position !== null && (current.position === null || comparePositions(position, current.position) < 0));
    if (earlier) this.earliest = { link, position };
  }

  get broken() {
    return this.earliest?.link ?? null;
  }
}

/** A page row, as an array (no object per row): the columns of PAGE_COLUMNS in their order. */
type EventRow = [
  eventId: string,
  eventType: string,
  data: unknown,
  metadata: unknown,
  streamName: string,
  streamRevision: number | string,
  transactionId: string,
  globalPosition: number | string,
];

const PAGE_COLUMNS = 'event_id, event_type, data, metadata, stream_name, stream_revision, transaction_id::text, global_position';

const toChecked = (row: EventRow): CheckedEvent => ({
  id: row[0],
  type: row[1],
  data: row[2],
  metadata: row[3] as EventMetadata,
  streamName: row[4],
  revision: Number(row[5]),
  position: { commit: Number(row[6]), prepare: Number(row[7]) },
});

/**
 * Verifies the Postgres event log: for every stream, revisions consecutive from 0 (a deleted event
 * is a broken link), each `vorherigerHash` equal to the previous event's hash, each hash
 * recomputed, and the `streams` table's revision and head hash equal to the last event's.
 *
 * Reads one consistent snapshot (a read-only repeatable-read transaction, which does not hold
 * back the projector) in keyset pages by (stream_name, stream_revision); the next page is read
 * while the current one is hashed. Memory stays bounded by the page size.
 */
export async function verifyHashChain(pool: pg.Pool, options: VerifyOptions = {}): Promise<VerifyResult & { bis?: KoepfeBis }> {
  const batchSize = options.batchSize ?? 10_000;
  const client = await pool.connect();
  let failed = false;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const start = await client.query<{ legacy_until_position: string | number }>('SELECT legacy_until_position FROM hash_chain_start');
    const legacyUntil = Number(start.rows[0]?.legacy_until_position ?? 0);
    const counted = await client.query<{ n: string | number }>('SELECT count(*) AS n FROM events');
    const total = Number(counted.rows[0]!.n);
    let koepfeBis: Position | null = null;
    if (options.koepfeBis === 'stabil') {
      const ende = await client.query<{ c: string; p: string | number }>(
        `SELECT transaction_id::text AS c, global_position AS p FROM events
         WHERE transaction_id < ${READ_HORIZON}
         ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
      );
      const zeile = ende.rows[0];
      koepfeBis = zeile ? { commit: Number(zeile.c), prepare: Number(zeile.p) } : { commit: 0, prepare: 0 };
    } else if (options.koepfeBis) koepfeBis = options.koepfeBis;
    const koepfe: StreamKopf[] = [];
    let ereignisseBis = 0;

    const findings = new Findings();
    let checked = 0;
    let streams = 0;
    let unhashed = 0;
    let unsealed = 0;
    let chain = null as StreamChain | null;

    const finish = (done: StreamChain) => {
      streams++;
      if (done.kopfBis) koepfe.push(done.kopfBis);
      ereignisseBis += done.ereignisseBis;
      unhashed += done.legacy;
      unsealed += done.unsealed;
      const last = done.last!;
      const row = done.headRow;
      if (!row) {
        findings.add(done.streamName, done.first, 'Stream fehlt in der Tabelle streams (am Event-Store vorbei geschrieben)');
        return;
      }
      const recorded = Number(row.revision);
      if (recorded > last.revision) {
        findings.add(
          done.streamName,
          last,
          recorded === last.revision + 1
            ? `Revision ${recorded} am Ende des Streams fehlt (gelöscht)`
            : `Revisionen ${last.revision + 1}–${recorded} am Ende des Streams fehlen (gelöscht)`,
        );
      } else if ((row.last_hash ?? null) !== (done.hashed ? done.head : null) && recorded === last.revision) {
        findings.add(done.streamName, last, 'Hash passt nicht zum Stream-Kopf in der Tabelle streams');
      }
    };

    const page = (after: CheckedEvent | null) => {
      const query = client.query<EventRow>({
        text: after
          ? `SELECT ${PAGE_COLUMNS} FROM events WHERE (stream_name, stream_revision) > ($1, $2::bigint)
             ORDER BY stream_name, stream_revision LIMIT $3`
          : `SELECT ${PAGE_COLUMNS} FROM events ORDER BY stream_name, stream_revision LIMIT $1`,
        values: after ? [after.streamName, after.revision, batchSize] : [batchSize],
        rowMode: 'array',
      });
      query.catch(() => undefined); // awaited below; this only keeps an early failure from going unhandled
      return query;
    };

    let pending: Promise<pg.QueryResult<EventRow>> | null = page(null);
    while (pending) {
      const { rows }: pg.QueryResult<EventRow> = await pending;
      if (rows.length === 0) break;
      const events = rows.map(toChecked);
      const names = [...new Set(events.map((e) => e.streamName))];
      const heads = client.query<HeadRow>('SELECT stream_name, revision, last_hash FROM streams WHERE stream_name = ANY($1)', [names]);
      // Queued behind the heads: Postgres reads the next page while this one is hashed.
      pending = rows.length < batchSize ? null : page(events[events.length - 1]!);
      const headByName = new Map((await heads).rows.map((r) => [r.stream_name, r]));

      for (const event of events) {
        if (chain?.streamName !== event.streamName) {
          if (chain) finish(chain);
          chain = new StreamChain(event.streamName, headByName.get(event.streamName));
        }
        const problem = chain.check(event, event.position.prepare <= legacyUntil, koepfeBis);
        const recorded = chain.headRow ? Number(chain.headRow.revision) : Number.POSITIVE_INFINITY;
        if (problem) findings.add(event.streamName, event, problem);
        else if (event.revision > recorded)
          findings.add(
            event.streamName,
            event,
            `am Event-Store vorbei angehängt (der Stream steht in der Tabelle streams bei Revision ${recorded})`,
          );
      }
      checked += rows.length;
      options.onProgress?.({ checked, total });
    }
    if (chain) finish(chain);

    // Streams whose every event is gone.
    const emptied = await client.query<{ stream_name: string; revision: string | number; n: string | number }>(
      `SELECT s.stream_name, s.revision, count(*) OVER () AS n FROM streams s
       WHERE s.revision >= 0 AND NOT EXISTS (SELECT 1 FROM events e WHERE e.stream_name = s.stream_name)
       ORDER BY s.stream_name LIMIT 1`,
    );
    const firstEmptied = emptied.rows[0];
    if (firstEmptied)
      findings.add(
        firstEmptied.stream_name,
        null,
        `alle Ereignisse fehlen (gelöscht; der Stream steht in der Tabelle streams bei Revision ${Number(firstEmptied.revision)})`,
        Number(firstEmptied.n),
      );

    await client.query('COMMIT');
    const result = { checked, streams, unhashed, unsealed, brokenLinks: findings.count, broken: findings.broken };
    return koepfeBis ? { ...result, bis: { position: koepfeBis, ereignisse: ereignisseBis, koepfe } } : result;
  } catch (error) {
    failed = true;
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release(failed);
  }
}

/**
 * The same check through the event store port's `readAll` (global order), for EventStoreDB,
 * which has no `streams` table and no start position of the chain: an event without a hash
 * counts as written before the chain as long as no hashed event precedes it in its stream.
 * Keeps one small state per stream.
 */
export async function verifyEventStoreHashChain(
  store: EventStore,
  options: {
    batchSize?: number;
    onProgress?: (p: { checked: number; total: number | null }) => void;
    koepfeBis?: Position | 'stabil';
  } = {},
): Promise<VerifyResult & { bis?: KoepfeBis }> {
  const batchSize = options.batchSize ?? 5000;
  // EventStoreDB's $all is committed in order: its stable prefix is all of it.
  const koepfeBis = options.koepfeBis ?? null;
  const chains = new Map<string, StreamChain>();
  const findings = new Findings();
  let checked = 0;
  let after: Position | null = null;
  for (;;) {
    const batch = await store.readAll(after, batchSize);
    if (batch.length === 0) break;
    for (const event of batch) {
      let chain = chains.get(event.streamName);
      if (!chain) {
        chain = new StreamChain(event.streamName);
        chains.set(event.streamName, chain);
      }
      const problem = chain.check(event, true, koepfeBis === 'stabil' ? event.position : koepfeBis);
      if (problem) findings.add(event.streamName, event, problem);
    }
    checked += batch.length;
    after = batch[batch.length - 1]!.position;
    options.onProgress?.({ checked, total: null });
  }
  let unhashed = 0;
  let unsealed = 0;
  for (const chain of chains.values()) {
    unhashed += chain.legacy;
    unsealed += chain.unsealed;
  }
  const result = { checked, streams: chains.size, unhashed, unsealed, brokenLinks: findings.count, broken: findings.broken };
  if (!koepfeBis) return result;
  const koepfe = [...chains.values()].flatMap((c) => (c.kopfBis ? [c.kopfBis] : []));
  const ereignisse = [...chains.values()].reduce((n, c) => n + c.ereignisseBis, 0);
  return { ...result, bis: { position: koepfeBis === 'stabil' ? (after ?? null) : koepfeBis, ereignisse, koepfe } };
}
