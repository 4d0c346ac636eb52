import {
  comparePositions,
  type EventStore,
  formatPosition,
  type Position,
  type RecordedEvent,
  START,
} from '@waldkita/platform/event-store/event-store';
import pg from 'pg';
import type { Projection } from './projection.js';
import { createReadModelSchema } from './read-models.js';
import { applyEvents } from './runner.js';
import { tableColumns } from './table-checksums.js';

/**
 * What a replay (replay.ts) and a check (check-read-models.ts) share: folding the log into scratch
 * schemas in batches, making sure every event was read exactly once, and the replay lock with the
 * two connections it runs on.
 */

/** Held (session-scoped) by a replay or check, so two of them never share the scratch schemas. */
export const REPLAY_LOCK = 774413;

/**
 * Batch size of the fold that is swapped in. Large: every batch costs a few statements per table
 * whatever its size, and rows created and changed within one batch are written once.
 */
export const BATCH_SIZE = 20_000;

/** Events read from the log at a time (then cut into each fold's batches); one slice is read ahead. */
export const READ_SIZE = 20_000;

export type ReplayPhase = 'fold' | 'verify' | 'swap';
export type ReplayProgress = { phase: ReplayPhase; applied: number; total: number | null; eventsPerSecond: number };
export type ReplayOptions = {
  batchSize?: number;
  verifyBatchSize?: number;
  onProgress?: (progress: ReplayProgress) => void;
  /** The read models to rebuild: the app's list (projector/src/app.ts), tests add their own. */
  projections: Projection[];
};

/** The folds did not read the log exactly once: the event store skipped or repeated events. Nothing was swapped. */
export class ReplayReadError extends Error {
  constructor(
    readonly applied: number,
    readonly logged: number,
    readonly position: Position,
  ) {
    super(
      `Stopped: the folds read ${applied} events, but the log holds ${logged} up to ${formatPosition(position)} — the event store skipped or repeated events; nothing was swapped.`,
    );
    this.name = 'ReplayReadError';
  }
}

export class ReplayRunningError extends Error {
  constructor() {
    super('Another replay or check is running on this database; try again when it has finished.');
    this.name = 'ReplayRunningError';
  }
}

/**
 * One fold of the log into one schema, in batches of its own size. Events are handed over in
 * whatever slices the log is read in; the fold keeps the rest of a slice for its next batch, so
 * two folds with different sizes cut the log at different places.
 */
export class Fold {
  private pending: RecordedEvent[] = [];
  constructor(
    readonly client: pg.PoolClient,
    readonly schema: string,
    private readonly batchSize: number,
    private readonly projections: Projection[],
  ) {}

  /**
   * Applies every whole batch of what is pending (with `flush`, the rest too). Outside an open
   * transaction each batch commits on its own, without waiting for the disk: a crash only loses
   * a scratch schema that the next run drops anyway.
   */
  async push(events: RecordedEvent[], { flush = false, inTransaction = false } = {}) {
    this.pending = this.pending.length === 0 ? events : this.pending.concat(events);
    while (this.pending.length >= this.batchSize || (flush && this.pending.length > 0)) {
      const batch = this.pending.length <= this.batchSize ? this.pending : this.pending.slice(0, this.batchSize);
      this.pending = this.pending.length <= this.batchSize ? [] : this.pending.slice(this.batchSize);
      if (inTransaction) await applyEvents(this.client, this.schema, batch, this.projections);
      else {
        await this.client.query('BEGIN; SET LOCAL synchronous_commit = off');
        await applyEvents(this.client, this.schema, batch, this.projections);
        await this.client.query('COMMIT');
      }
    }
  }
}

/**
 * Gathers the log's statistics when it has none or far too old ones (a database restored from a
 * backup, a log written since the last analysis): without them PostgreSQL reads the log in order
 * by a bitmap scan and a sort on disk instead of walking its index, measured 400 instead of 57 ms
 * for 20,000 of 100,000 events. Only the columns of that index: the statistics of the events'
 * JSON would cost five times as long (750 ms for 100,000 events). A role that does not own the
 * table gets a warning, not an error.
 */
export async function ensureLogStatistics(store: EventStore, pool: pg.Pool) {
  if (store.kind !== 'postgres') return;
  const { rows } = await pool.query<{ tuples: number; changed: string }>(
    `SELECT c.reltuples AS tuples, coalesce(s.n_mod_since_analyze, 0) AS changed
     FROM pg_class c LEFT JOIN pg_stat_user_tables s ON s.relid = c.oid
     WHERE c.oid = 'events'::regclass`,
  );
  const { tuples, changed } = rows[0]!;
  if (tuples < 0 || Number(changed) > Math.max(tuples, 10_000)) await pool.query('ANALYZE events (transaction_id, global_position)');
}

/** Events in the log after `after` up to `until` (Postgres; null for a store that cannot count cheaply). */
export const countEvents = async (store: EventStore, pool: pg.Pool, until: Position | null | 'end', after: Position = START) => {
  if (store.kind !== 'postgres') return null;
  if (until === null) return 0;
  const { rows } = await pool.query<{ n: number }>(
    until === 'end'
      ? 'SELECT count(*)::bigint AS n FROM events'
      : `SELECT count(*)::bigint AS n FROM events
         WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
           AND (transaction_id, global_position) <= ($3::text::xid8, $4::bigint)`,
    until === 'end' ? [] : [String(after.commit), after.prepare, String(until.commit), until.prepare],
  );
  return Number(rows[0]!.n);
};

/**
 * Reads the log after `from` up to `until` (inclusive; 'end': as far as it is visible) in slices
 * and hands every slice to every fold; the next slice is read while the folds apply this one.
 */
export async function foldLog(
  store: EventStore,
  folds: Fold[],
  from: Position,
  until: Position | 'end',
  options: { readSize: number; inTransaction?: boolean; onSlice: (events: number) => void },
): Promise<Position> {
  let position = from;
  const read = (after: Position) => store.readAll(after, options.readSize);
  let next = read(position);
  for (;;) {
    let slice = await next;
    if (until !== 'end') slice = slice.filter((e) => comparePositions(e.position, until) <= 0);
    if (slice.length === 0) break;
    position = slice[slice.length - 1]!.position;
    next = read(position);
    next.catch(() => undefined); // awaited on the next turn; keeps a failed read from going unhandled meanwhile
    await Promise.all(folds.map((f) => f.push(slice, { inTransaction: options.inTransaction })));
    options.onSlice(slice.length);
  }
  await Promise.all(folds.map((f) => f.push([], { flush: true, inTransaction: options.inTransaction })));
  return position;
}

/**
 * The folds must have received every event of the log after `after` up to `position` exactly
 * once (Postgres: the count of those rows; the EventStoreDB adapter has no cheap count and is
 * trusted).
 */
export async function expectEveryEventOnce(
  store: EventStore,
  pool: pg.Pool,
  received: number,
  position: Position,
  after: Position = START,
) {
  if (received === 0) return;
  const logged = await countEvents(store, pool, position, after);
  if (logged !== null && logged !== received) throw new ReplayReadError(received, logged, position);
}

/**
 * Two pooled connections for one replay or check: the first holds the replay lock for the whole
 * run. Scratch schemas are dropped and the connections released however the work ends.
 */
export async function withReplayClients<T>(
  pool: pg.Pool,
  scratch: string[],
  work: (a: pg.PoolClient, b: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const a = await pool.connect();
  let b: pg.PoolClient | null = null;
  let failed = false;
  try {
    const { rows } = await a.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [REPLAY_LOCK]);
    if (!rows[0]!.ok) throw new ReplayRunningError();
    try {
      b = await pool.connect();
      for (const schema of scratch) await a.query(`DROP SCHEMA IF EXISTS ${pg.escapeIdentifier(schema)} CASCADE`);
      return await work(a, b);
    } catch (error) {
      failed = true;
      await a.query('ROLLBACK').catch(() => undefined);
      await b?.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      for (const schema of scratch) await a.query(`DROP SCHEMA IF EXISTS ${pg.escapeIdentifier(schema)} CASCADE`).catch(() => undefined);
      await a.query('SELECT pg_advisory_unlock($1)', [REPLAY_LOCK]).catch(() => undefined);
    }
  } finally {
    b?.release(failed);
    a.release(failed);
  }
}

/**
 * Creates `schema` with the projections' tables, unlogged: scratch tables are compared and
 * dropped, never served, so a fold writes them without the WAL.
 */
export const createScratchSchema = async (client: pg.ClientBase, schema: string, projections: Projection[]) => {
  await createReadModelSchema(client, schema, projections);
  const tables = [...(await tableColumns(client, schema)).keys()];
  if (tables.length > 0)
    await client.query(
      tables.map((table) => `ALTER TABLE ${pg.escapeIdentifier(schema)}.${pg.escapeIdentifier(table)} SET UNLOGGED`).join(';\n'),
    );
};

export const rate = (applied: number, started: number) => applied / Math.max((performance.now() - started) / 1000, 1e-3);
