import type pg from 'pg';
import { withTransaction } from '../db/postgres.js';
import {
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type RecordedEvent,
  WrongExpectedRevisionError,
  waitForWake,
} from './event-store.js';
import { chainEvents, chainHead, GENESIS_HASH } from './hash-chain.js';

const CHANNEL = 'waldkita_events';

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
 * Event store on the `events` table (see db/migrations.ts).
 *
 * Global order is (transaction_id, global_position), and readers only see transactions below the
 * oldest transaction still running (`pg_snapshot_xmin`). A reader therefore never passes an event
 * whose transaction commits later with a lower number: that transaction's id holds the xmin back
 * until it has committed or rolled back. Appends to different streams never wait for each other.
 */
export class PostgresEventStore implements EventStore {
  readonly kind = 'postgres' as const;
  private listener: pg.PoolClient | null = null;
  private listening: Promise<void> | null = null;
  private waiters = new Set<() => void>();
  /**
   * A notification came since the last wait began: the next wait returns at once. Set on every
   * notification, so a reader between its read and its wait never misses one; the price is one
   * spare read now and then.
   */
  private missed = false;

  constructor(private readonly pool: pg.Pool) {}

  async readStream(streamName: string) {
    const { rows } = await this.pool.query<EventRow>(`SELECT ${COLUMNS} FROM events WHERE stream_name = $1 ORDER BY stream_revision`, [
      streamName,
    ]);
    const events = rows.map(toRecorded);
    return { revision: events.length === 0 ? null : events[events.length - 1]!.revision, events };
  }

  async appendToStream(streamName: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    try {
      return await this.tryAppend(streamName, events, expectedRevision);
    } catch (error) {
      // A concurrent append of the same stream or the same event ids won the race: look again,
      // which answers either as an idempotent retry or with a typed conflict.
      if (isUniqueViolation(error)) return this.tryAppend(streamName, events, expectedRevision);
      throw error;
    }
  }

  /**
   * Appends inside a transaction the caller owns (used to hold one open in the gap-safety test).
   * The stream's row in `streams`, locked for the append, also holds the hash of its last event,
   * so the new events are chained to it without reading the stream.
   */
  async appendInTransaction(client: pg.ClientBase, streamName: string, events: NewEvent[], expected: ExpectedRevision) {
    await client.query('INSERT INTO streams (stream_name, revision) VALUES ($1, -1) ON CONFLICT DO NOTHING', [streamName]);
    const locked = await client.query<{ revision: string; last_hash: string | null }>(
      'SELECT revision, last_hash FROM streams WHERE stream_name = $1 FOR UPDATE',
      [streamName],
    );
    const current = Number(locked.rows[0]!.revision);
    const actual = current < 0 ? null : current;

    const ids = events.map((e) => e.id);
    const existing = await client.query<EventRow>(
      `SELECT ${COLUMNS} FROM events WHERE event_id = ANY($1::uuid[]) ORDER BY stream_revision`,
      [ids],
    );
    if (existing.rows.length > 0) {
      const sameAppend = existing.rows.length === ids.length && existing.rows.every((r) => r.stream_name === streamName);
      if (!sameAppend) throw new WrongExpectedRevisionError(streamName, expected, actual);
      const last = toRecorded(existing.rows[existing.rows.length - 1]!);
      return { nextExpectedRevision: last.revision, position: last.position };
    }

    if (!matches(expected, actual)) throw new WrongExpectedRevisionError(streamName, expected, actual);

    const first = (actual ?? -1) + 1;
    const previousHash = locked.rows[0]!.last_hash ?? (actual === null ? GENESIS_HASH : await this.legacyHead(client, streamName));
    const chained = chainEvents(streamName, first, previousHash, events);
    const inserted = await client.query<{ transaction_id: string; global_position: string }>(
      `INSERT INTO events (event_id, stream_name, stream_revision, event_type, data, metadata)
       SELECT e.id, $1, $2::bigint + e.ord - 1, e.type, e.data, e.metadata
       FROM unnest($3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[]) WITH ORDINALITY AS e(id, type, data, metadata, ord)
       ORDER BY e.ord
       RETURNING transaction_id::text, global_position`,
      [
        streamName,
        first,
        ids,
        events.map((e) => e.type),
        events.map((e) => JSON.stringify(e.data)),
        chained.events.map((e) => JSON.stringify(e.metadata)),
      ],
    );
    const next = first + events.length - 1;
    await client.query('UPDATE streams SET revision = $2, last_hash = $3 WHERE stream_name = $1', [streamName, next, chained.lastHash]);
    await client.query('SELECT pg_notify($1, $2)', [CHANNEL, streamName]);
    const lastRow = inserted.rows.reduce((a, b) => (Number(b.global_position) > Number(a.global_position) ? b : a));
    return {
      nextExpectedRevision: next,
      position: { commit: Number(lastRow.transaction_id), prepare: Number(lastRow.global_position) },
    };
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

  private tryAppend(streamName: string, events: NewEvent[], expected: ExpectedRevision) {
    return withTransaction(this.pool, (client) => this.appendInTransaction(client, streamName, events, expected));
  }

  async readAll(after: Position | null, maxCount: number): Promise<RecordedEvent[]> {
    // Listen before reading, so that an append committing after this read always wakes the next wait.
    await this.listen().catch(() => undefined);
    const from = after ?? { commit: 0, prepare: 0 };
    const { rows } = await this.pool.query<EventRow>(
      `SELECT ${COLUMNS} FROM events
       WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
         AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
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
