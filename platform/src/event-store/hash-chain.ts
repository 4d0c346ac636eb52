import { hash } from 'node:crypto';
import type pg from 'pg';
import {
  comparePositions,
  type EventMetadata,
  type EventStore,
  formatPosition,
  type NewEvent,
  type Position,
  type RecordedEvent,
} from './event-store.js';

/**
 * Tamper evidence for the event log (docs/audit.md, "Hash chain and verify").
 *
 * Every stream is a hash chain: each event's metadata carries `hash`, a SHA-256 over the previous
 * event's hash and the event's own content, and `vorherigerHash`, the hash it links to (the
 * stream's first event links to GENESIS_HASH). Changing, removing or reordering an event breaks
 * the chain at that place. Both adapters compute the chain while appending; `verifyHashChain`
 * recomputes it over the whole log.
 */

/** What the first event of every stream links to. */
export const GENESIS_HASH = '0'.repeat(64);

/** The fields the store adds; callers never set them (they are replaced when they do). */
type HashFields = { hash?: string; vorherigerHash?: string };

/**
 * JSON with object keys sorted (UTF-16 code units, as RFC 8785) and no whitespace. Otherwise as
 * `JSON.stringify`: `toJSON` is called, undefined members are left out, non-finite numbers are
 * null. A value and its JSON round trip (e.g. through Postgres jsonb, which reorders keys, or
 * EventStoreDB) serialise to the same text, which is what makes the hash reproducible.
 */
export function canonicalJson(value: unknown): string {
  const text = serialise(value, '');
  if (text === undefined) throw new TypeError('canonicalJson: the value has no JSON form');
  return text;
}

/** Quoted object keys: the same few names come back in every event. */
const quotedKeys = new Map<string, string>();
const quoteKey = (name: string) => {
  let quoted = quotedKeys.get(name);
  if (quoted === undefined) {
    quoted = JSON.stringify(name);
    if (quotedKeys.size < 10_000) quotedKeys.set(name, quoted);
  }
  return quoted;
};

function serialise(input: unknown, key: string): string | undefined {
  let value = input;
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function')
    value = (value as { toJSON: (key: string) => unknown }).toJSON(key);
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      throw new TypeError('canonicalJson: a BigInt has no JSON form');
    case 'object':
      if (value === null) return 'null';
      if (Array.isArray(value)) {
        let text = '';
        for (let i = 0; i < value.length; i++) text += `${i ? ',' : ''}${serialise(value[i], String(i)) ?? 'null'}`;
        return `[${text}]`;
      }
      return serialiseObject(value as Record<string, unknown>, false);
    default:
      return undefined; // undefined, functions and symbols, as JSON.stringify
  }
}

/** `skipHashFields`: leaves out `hash` and `vorherigerHash` (an event's metadata). */
function serialiseObject(record: Record<string, unknown>, skipHashFields: boolean): string {
  const names = Object.keys(record);
  if (names.length > 1) names.sort();
  let text = '';
  for (const name of names) {
    if (skipHashFields && (name === 'hash' || name === 'vorherigerHash')) continue;
    const member = serialise(record[name], name);
    if (member === undefined) continue;
    text += `${text ? ',' : '{'}${quoteKey(name)}:${member}`;
  }
  return text ? `${text}}` : '{}';
}

/** Metadata as the caller gave it: without the fields the store adds. */
export function withoutHashFields(metadata: unknown): Record<string, unknown> {
  if (metadata === null || typeof metadata !== 'object' || Array.isArray(metadata)) return {};
  const { hash: _hash, vorherigerHash: _vorherigerHash, ...rest } = metadata as Record<string, unknown> & HashFields;
  return rest;
}

/** The part of an event its hash covers. */
export type HashedContent = { streamName: string; revision: number; id: string; type: string; data: unknown; metadata: unknown };

const sha256hex = (text: string) => hash('sha256', text, 'hex');

/**
 * `sha256hex(previousHash + '\n' + canonicalJson({ streamName, revision, id, type, data, metadata }))`
 * with the metadata's own hash fields left out and the id in its canonical lower-case form.
 * (Written out member by member, in the sorted order canonicalJson would give: this runs for
 * every event of the log on each verify.)
 */
export function eventHash(previousHash: string, event: HashedContent): string {
  const data = serialise(event.data, 'data');
  const metadata =
    event.metadata !== null && typeof event.metadata === 'object' && !Array.isArray(event.metadata)
      ? serialiseObject(event.metadata as Record<string, unknown>, true)
      : '{}';
  const content =
    `{${data === undefined ? '' : `"data":${data},`}"id":${JSON.stringify(event.id.toLowerCase())},"metadata":${metadata},` +
    `"revision":${serialise(event.revision, 'revision')},"streamName":${JSON.stringify(event.streamName)},"type":${JSON.stringify(event.type)}}`;
  return sha256hex(`${previousHash}\n${content}`);
}

/**
 * The events of one append with `hash` and `vorherigerHash` in their metadata, the first at
 * `firstRevision` linking to `previousHash`. The caller's objects are left unchanged.
 */
export function chainEvents(
  streamName: string,
  firstRevision: number,
  previousHash: string,
  events: NewEvent[],
): { events: NewEvent[]; lastHash: string } {
  let previous = previousHash;
  const chained = events.map((event, i) => {
    const metadata = withoutHashFields(event.metadata);
    const hash = eventHash(previous, {
      streamName,
      revision: firstRevision + i,
      id: event.id,
      type: event.type,
      data: event.data,
      metadata,
    });
    const linked = { ...event, metadata: { ...metadata, hash, vorherigerHash: previous } as EventMetadata };
    previous = hash;
    return linked;
  });
  return { events: chained, lastHash: previous };
}

/**
 * The hash the next event of a stream links to, from all its events in revision order. Events
 * written before the hash chain existed carry no hash; for them the hash is computed as if they
 * had one, so the first hashed event seals them (see docs/audit.md).
 */
export function chainHead(events: Pick<RecordedEvent, 'streamName' | 'revision' | 'id' | 'type' | 'data' | 'metadata'>[]): string {
  let head = GENESIS_HASH;
  for (const event of events) {
    const stored = (event.metadata as HashFields | null)?.hash;
    head = typeof stored === 'string' ? stored : eventHash(head, event);
  }
  return head;
}

export type BrokenLink = {
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

export type VerifyOptions = { batchSize?: number; onProgress?: (p: { checked: number; total: number }) => void };

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

  /** `headRow`: the stream's row in the `streams` table (Postgres only). */
  constructor(
    readonly streamName: string,
    readonly headRow?: HeadRow,
  ) {}

  /** Checks the next event of the stream; answers why it does not fit, or null. */
  check(event: CheckedEvent, mayLackHash: boolean): string | null {
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
export async function verifyHashChain(pool: pg.Pool, options: VerifyOptions = {}): Promise<VerifyResult> {
  const batchSize = options.batchSize ?? 10_000;
  const client = await pool.connect();
  let failed = false;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const start = await client.query<{ legacy_until_position: string | number }>('SELECT legacy_until_position FROM hash_chain_start');
    const legacyUntil = Number(start.rows[0]?.legacy_until_position ?? 0);
    const counted = await client.query<{ n: string | number }>('SELECT count(*) AS n FROM events');
    const total = Number(counted.rows[0]!.n);

    const findings = new Findings();
    let checked = 0;
    let streams = 0;
    let unhashed = 0;
    let unsealed = 0;
    let chain = null as StreamChain | null;

    const finish = (done: StreamChain) => {
      streams++;
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
        const problem = chain.check(event, event.position.prepare <= legacyUntil);
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
    return { checked, streams, unhashed, unsealed, brokenLinks: findings.count, broken: findings.broken };
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
  options: { batchSize?: number; onProgress?: (p: { checked: number; total: number | null }) => void } = {},
): Promise<VerifyResult> {
  const batchSize = options.batchSize ?? 5000;
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
      const problem = chain.check(event, true);
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
  return { checked, streams: chains.size, unhashed, unsealed, brokenLinks: findings.count, broken: findings.broken };
}
