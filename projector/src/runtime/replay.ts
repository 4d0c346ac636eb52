import {
  comparePositions,
  type EventStore,
  formatPosition,
  type Position,
  type RecordedEvent,
  START,
} from '@waldkita/platform/event-store/event-store';
import { PROJECTED_CHANNEL } from '@waldkita/platform/read-models';
import pg from 'pg';
import type { Projection } from './projection.js';
import { CHECKPOINT, createReadModelSchema, LIVE_SCHEMA, PROJECTIONS, PROJECTOR_LOCK } from './read-models.js';
import { applyEvents, readCheckpoint, writeCheckpoint } from './runner.js';

/** Where a replay builds the read models that are swapped in. */
export const NEXT_SCHEMA = 'rm_next';
/** Scratch schema of the second fold that a replay verifies `rm_next` against. */
export const VERIFY_SCHEMA = 'rm_verify';
/** Scratch schema of the fresh fold that `--check` compares the live read models with. */
export const CHECK_SCHEMA = 'rm_check';
/** The replaced read models between the swap and their removal (queries in flight finish on them). */
export const RETIRED_SCHEMA = 'rm_old';
/** Held (session-scoped) by a replay or check, so two of them never share the scratch schemas. */
export const REPLAY_LOCK = 774413;

/** Batch size of the fold that is swapped in. */
export const BATCH_SIZE = 4000;
/** Events read from the log at a time (then cut into each fold's batches); one slice is read ahead. */
const READ_SIZE = 10_000;
/**
 * Batch size of the second fold: prime and far from BATCH_SIZE, so nearly every batch boundary
 * of one fold falls inside a batch of the other.
 */
export const VERIFY_BATCH_SIZE = 1499;

export type ReplayPhase = 'fold' | 'verify' | 'swap';
export type ReplayProgress = { phase: ReplayPhase; applied: number; total: number | null; eventsPerSecond: number };
export type ReplayOptions = {
  batchSize?: number;
  verifyBatchSize?: number;
  onProgress?: (progress: ReplayProgress) => void;
  projections?: Projection[];
};

/** Row count and order-independent checksum of one read-model table. */
export type TableChecksum = { rows: number; checksum: string };
/** One table on both sides of a comparison; null where the table does not exist. */
export type TableComparison = { table: string; live: TableChecksum | null; rebuilt: TableChecksum | null; same: boolean };

export type ReplayResult = {
  applied: number;
  seconds: number;
  eventsPerSecond: number;
  position: Position | null;
  /** How long the live projector was paused: tail, comparison and swap under the projector lock. */
  lockedSeconds: number;
  /** The swapped-in tables, as both folds agreed on them. */
  tables: { table: string; rows: number; checksum: string }[];
};

export type CheckResult = {
  applied: number;
  seconds: number;
  eventsPerSecond: number;
  /** The live checkpoint both sides were compared at. */
  position: Position | null;
  tables: TableComparison[];
  differences: TableComparison[];
};

/** The two folds of a replay disagree: nothing was swapped, the live read models are untouched. */
export class ReplayVerificationError extends Error {
  constructor(readonly differences: { table: string; rebuilt: TableChecksum | null; secondFold: TableChecksum | null }[]) {
    super(`Replay stopped: the second fold differs in ${differences.map((d) => d.table).join(', ')}; the live read models are unchanged.`);
    this.name = 'ReplayVerificationError';
  }
}

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
class Fold {
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

/** Events in the log after `after` up to `until` (Postgres; null for a store that cannot count cheaply). */
const countEvents = async (store: EventStore, pool: pg.Pool, until: Position | null | 'end', after: Position = START) => {
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
async function foldLog(
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
async function expectEveryEventOnce(store: EventStore, pool: pg.Pool, received: number, position: Position, after: Position = START) {
  if (received === 0) return;
  const logged = await countEvents(store, pool, position, after);
  if (logged !== null && logged !== received) throw new ReplayReadError(received, logged, position);
}

/** Tables of `schema` that the client's open transaction has written to (the tail's). */
async function touchedTables(client: pg.ClientBase, schema: string): Promise<Set<string>> {
  const { rows } = await client.query<{ table: string }>(
    `SELECT relname AS table FROM pg_stat_xact_user_tables
     WHERE schemaname = $1 AND n_tup_ins + n_tup_upd + n_tup_del > 0`,
    [schema],
  );
  return new Set(rows.map((r) => r.table));
}

/**
 * Row count and checksum of the tables of both folds (all, or `only` these), summed on both
 * connections at once; throws `ReplayVerificationError` naming each table that differs.
 */
async function verifyFolds(
  a: pg.ClientBase,
  b: pg.ClientBase,
  reference: Map<string, string[]>,
  options: { inTransaction?: boolean; only?: Set<string> } = {},
): Promise<Map<string, TableChecksum>> {
  const [rebuilt, second] = await Promise.all([
    tableChecksums(a, NEXT_SCHEMA, reference, options),
    tableChecksums(b, VERIFY_SCHEMA, reference, options),
  ]);
  const differences = compare(second, rebuilt).filter((c) => !c.same);
  if (differences.length > 0)
    throw new ReplayVerificationError(differences.map(({ table, live, rebuilt }) => ({ table, rebuilt, secondFold: live })));
  return rebuilt;
}

/** Columns of every table of a schema, sorted by name, so checksums do not depend on column order. */
async function tableColumns(client: pg.ClientBase, schema: string): Promise<Map<string, string[]>> {
  const { rows } = await client.query<{ table: string; columns: string[] }>(
    `SELECT c.relname AS table, array_agg(a.attname::text ORDER BY a.attname) AS columns
     FROM pg_class c
     JOIN pg_namespace n ON n.oid = c.relnamespace
     JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
     WHERE n.nspname = $1 AND c.relkind = 'r'
     GROUP BY c.relname`,
    [schema],
  );
  return new Map(rows.map((r) => [r.table, r.columns]));
}

/**
 * Row count and checksum of every table of `schema`, over the columns `reference` names for it:
 * the sum of a 64-bit hash (from md5) of each row's text, so row order and physical layout do
 * not matter while any changed, missing or extra row changes it. A table whose columns differ
 * from the reference is reported as such instead of summed.
 */
async function tableChecksums(
  client: pg.ClientBase,
  schema: string,
  reference: Map<string, string[]>,
  { inTransaction = false, only }: { inTransaction?: boolean; only?: Set<string> } = {},
): Promise<Map<string, TableChecksum>> {
  if (!inTransaction) await client.query('BEGIN READ ONLY');
  try {
    // Row text must not depend on the session: timestamps in UTC, dates in ISO.
    await client.query("SET LOCAL TIME ZONE 'UTC'");
    await client.query("SET LOCAL DateStyle = 'ISO, YMD'");
    const own = await tableColumns(client, schema);
    const sums = new Map<string, TableChecksum>();
    for (const [table, columns] of own) {
      if (only && !only.has(table)) continue;
      const t = `${pg.escapeIdentifier(schema)}.${pg.escapeIdentifier(table)}`;
      const expected = reference.get(table) ?? columns;
      if (expected.join(',') !== columns.join(',')) {
        const { rows } = await client.query<{ n: number }>(`SELECT count(*)::bigint AS n FROM ${t}`);
        sums.set(table, { rows: Number(rows[0]!.n), checksum: `columns ${columns.join(',')}` });
        continue;
      }
      const row = `ROW(${columns.map((c) => `t.${pg.escapeIdentifier(c)}`).join(', ')})::text`;
      const { rows } = await client.query<{ n: number; checksum: string }>(
        `SELECT count(*)::bigint AS n,
                left(md5(coalesce(sum(('x' || left(md5(${row}), 16))::bit(64)::bigint), 0)::text), 16) AS checksum
         FROM ${t} t`,
      );
      sums.set(table, { rows: Number(rows[0]!.n), checksum: rows[0]!.checksum });
    }
    if (!inTransaction) await client.query('COMMIT');
    return sums;
  } catch (error) {
    if (!inTransaction) await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

const compare = (live: Map<string, TableChecksum>, rebuilt: Map<string, TableChecksum>): TableComparison[] =>
  [...new Set([...rebuilt.keys(), ...live.keys()])].sort().map((table) => {
    const l = live.get(table) ?? null;
    const r = rebuilt.get(table) ?? null;
    return { table, live: l, rebuilt: r, same: !!l && !!r && l.rows === r.rows && l.checksum === r.checksum };
  });

/**
 * Two pooled connections for one replay or check: the first holds the replay lock for the whole
 * run. Scratch schemas are dropped and the connections released however the work ends.
 */
async function withReplayClients<T>(
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
 * Drops the replaced read models once the statements still reading them have ended. Each attempt
 * gives up after a moment, so it never holds a table lock long enough to deadlock with a reader;
 * after a minute of attempts the schema is left for the next replay to drop.
 */
async function dropRetired(client: pg.ClientBase) {
  const deadline = performance.now() + 60_000;
  for (;;) {
    try {
      await client.query('BEGIN');
      await client.query("SET LOCAL statement_timeout = '400ms'");
      await client.query(`DROP SCHEMA IF EXISTS ${pg.escapeIdentifier(RETIRED_SCHEMA)} CASCADE`);
      await client.query('COMMIT');
      return;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      if ((error as { code?: string }).code !== '57014' || performance.now() > deadline) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

const createScratchSchema = async (client: pg.ClientBase, schema: string, projections: Projection[], unlogged: boolean) => {
  await createReadModelSchema(client, schema, projections);
  // Scratch tables are compared and dropped, never served: no need to write them to the WAL.
  if (unlogged)
    for (const table of (await tableColumns(client, schema)).keys())
      await client.query(`ALTER TABLE ${pg.escapeIdentifier(schema)}.${pg.escapeIdentifier(table)} SET UNLOGGED`);
};

const rate = (applied: number, started: number) => applied / Math.max((performance.now() - started) / 1000, 1e-3);

/**
 * Rebuilds every read model from position 0 into `rm_next` while the app keeps serving `rm`, and
 * folds the same events a second time, in batches of another size, into `rm_verify`. Both folds
 * must have received every event once and agree on row count and checksum of every table. Then,
 * under the projector lock (the live projector pauses between two of its batches), both take the
 * tail of the log, the tables the tail changed are compared again, and `rm_next` replaces `rm`
 * with the checkpoint where the folds ended — one transaction of schema renames, so a statement
 * reads either the old or the new read models and none waits or fails. When the folds disagree,
 * nothing is swapped and `ReplayVerificationError` names the tables.
 */
export async function replayReadModels(store: EventStore, pool: pg.Pool, options: ReplayOptions = {}): Promise<ReplayResult> {
  const { batchSize = BATCH_SIZE, verifyBatchSize = VERIFY_BATCH_SIZE, onProgress = () => undefined, projections = PROJECTIONS } = options;
  const started = performance.now();
  return withReplayClients(pool, [NEXT_SCHEMA, VERIFY_SCHEMA, RETIRED_SCHEMA], async (a, b) => {
    const total = await countEvents(store, pool, 'end');
    await createReadModelSchema(a, NEXT_SCHEMA, projections);
    await createScratchSchema(b, VERIFY_SCHEMA, projections, true);
    const reference = await tableColumns(a, NEXT_SCHEMA);
    const folds = [new Fold(a, NEXT_SCHEMA, batchSize, projections), new Fold(b, VERIFY_SCHEMA, verifyBatchSize, projections)];
    let applied = 0;
    let phase: ReplayPhase = 'fold';
    const report = () =>
      onProgress({ phase, applied, total: total === null ? null : Math.max(total, applied), eventsPerSecond: rate(applied, started) });
    const onSlice = (n: number) => {
      applied += n;
      report();
    };
    const readSize = Math.max(READ_SIZE, batchSize);

    // The bulk of the log, beside the live schema, and its verification.
    let position = await foldLog(store, folds, START, 'end', { readSize, onSlice });
    phase = 'verify';
    report();
    await expectEveryEventOnce(store, pool, applied, position);
    let tables = await verifyFolds(a, b, reference);

    // The tail and the swap, with the live projector paused; only tables the tail changed are summed again.
    phase = 'swap';
    report();
    await a.query('BEGIN');
    await b.query('BEGIN');
    await a.query('SELECT pg_advisory_xact_lock($1)', [PROJECTOR_LOCK]);
    const locked = performance.now();
    const [tailFrom, bulk] = [position, applied];
    position = await foldLog(store, folds, position, 'end', { readSize, inTransaction: true, onSlice });
    if (applied > bulk) {
      await expectEveryEventOnce(store, pool, applied - bulk, position, tailFrom);
      const only = new Set([...(await touchedTables(a, NEXT_SCHEMA)), ...(await touchedTables(b, VERIFY_SCHEMA))]);
      if (only.size > 0) tables = new Map([...tables, ...(await verifyFolds(a, b, reference, { inTransaction: true, only }))]);
    }
    await b.query('ROLLBACK'); // the second fold has done its part
    // Renames only: they wait for no reader, and no reader waits for them. A statement resolves
    // `rm.…` to the old or the new tables; those in flight finish on the old ones, now `rm_old`.
    const { rowCount: live } = await a.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [LIVE_SCHEMA]);
    if (live) await a.query(`ALTER SCHEMA ${pg.escapeIdentifier(LIVE_SCHEMA)} RENAME TO ${pg.escapeIdentifier(RETIRED_SCHEMA)}`);
    await a.query(`ALTER SCHEMA ${pg.escapeIdentifier(NEXT_SCHEMA)} RENAME TO ${pg.escapeIdentifier(LIVE_SCHEMA)}`);
    if (applied > 0) {
      await writeCheckpoint(a, position, CHECKPOINT);
      await a.query('SELECT pg_notify($1, $2)', [PROJECTED_CHANNEL, formatPosition(position)]);
    } else await a.query('DELETE FROM projector_checkpoints WHERE name = $1', [CHECKPOINT]);
    await a.query('COMMIT');
    const lockedSeconds = (performance.now() - locked) / 1000;
    await dropRetired(a);

    const seconds = (performance.now() - started) / 1000;
    return {
      applied,
      seconds,
      eventsPerSecond: applied / Math.max(seconds, 1e-3),
      position: applied > 0 ? position : null,
      lockedSeconds,
      tables: [...tables].sort(([x], [y]) => x.localeCompare(y)).map(([table, sum]) => ({ table, ...sum })),
    };
  });
}

/**
 * Folds the log afresh into the scratch schema `rm_check` up to the live checkpoint and compares
 * every table with the live one: row count and checksum. The live side is summed in one
 * repeatable-read snapshot together with the checkpoint it belongs to (the projector commits
 * both at once), so the live projector never pauses. Changes nothing the app reads.
 */
export async function checkReadModels(
  store: EventStore,
  pool: pg.Pool,
  options: Omit<ReplayOptions, 'verifyBatchSize'> = {},
): Promise<CheckResult> {
  const { batchSize = BATCH_SIZE, onProgress = () => undefined, projections = PROJECTIONS } = options;
  const started = performance.now();
  return withReplayClients(pool, [CHECK_SCHEMA], async (a, b) => {
    await createScratchSchema(a, CHECK_SCHEMA, projections, true);
    const reference = await tableColumns(a, CHECK_SCHEMA);
    const fold = new Fold(a, CHECK_SCHEMA, batchSize, projections);

    await b.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const live = await readCheckpoint(b);
    const total = await countEvents(store, pool, live);
    let applied = 0;
    const onSlice = (n: number) => {
      applied += n;
      onProgress({
        phase: 'fold',
        applied,
        total: total === null ? null : Math.max(total, applied),
        eventsPerSecond: rate(applied, started),
      });
    };
    // The live tables are summed while the fresh fold runs.
    const [liveSums, position] = await Promise.all([
      tableChecksums(b, LIVE_SCHEMA, reference, { inTransaction: true }),
      live ? foldLog(store, [fold], START, live, { readSize: Math.max(READ_SIZE, batchSize), onSlice }) : START,
    ]);
    await b.query('COMMIT');
    onProgress({ phase: 'verify', applied, total: applied, eventsPerSecond: rate(applied, started) });
    if (live) await expectEveryEventOnce(store, pool, applied, position);
    const tables = compare(liveSums, await tableChecksums(a, CHECK_SCHEMA, reference));
    const seconds = (performance.now() - started) / 1000;
    return {
      applied,
      seconds,
      eventsPerSecond: applied / Math.max(seconds, 1e-3),
      position: live,
      tables,
      differences: tables.filter((t) => !t.same),
    };
  });
}
