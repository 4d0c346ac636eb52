import { type EventStore, formatPosition, type Position, START } from '@waldkita/platform/event-store/event-store';
import { PROJECTED_CHANNEL } from '@waldkita/platform/read-models';
import pg from 'pg';
import { CHECKPOINT, createReadModelSchema, LIVE_SCHEMA, PROJECTOR_LOCK } from './read-models.js';
import {
  BATCH_SIZE,
  countEvents,
  createScratchSchema,
  ensureLogStatistics,
  expectEveryEventOnce,
  Fold,
  foldLog,
  READ_SIZE,
  type ReplayOptions,
  type ReplayPhase,
  rate,
  withReplayClients,
} from './replay-fold.js';
import { writeCheckpoint } from './runner.js';
import { compareTables, type TableChecksum, tableChecksums, tableColumns } from './table-checksums.js';

/**
 * `npm run replay`: rebuilds the read models beside the live ones, verifies the rebuild by a
 * second fold and swaps it in. The fold machinery both this and `--check` (check-read-models.ts)
 * use is in replay-fold.ts, the table checksums in table-checksums.ts.
 */

/** Where a replay builds the read models that are swapped in. */
const NEXT_SCHEMA = 'rm_next';
/** Scratch schema of the second fold that a replay verifies `rm_next` against. */
const VERIFY_SCHEMA = 'rm_verify';
/** The replaced read models between the swap and their removal (queries in flight finish on them). */
const RETIRED_SCHEMA = 'rm_old';

/**
 * Batch size of the second fold: prime and far from BATCH_SIZE, so nearly every batch boundary
 * of one fold falls inside a batch of the other.
 */
const VERIFY_BATCH_SIZE = 7919;

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

/** The two folds of a replay disagree: nothing was swapped, the live read models are untouched. */
export class ReplayVerificationError extends Error {
  constructor(readonly differences: { table: string; rebuilt: TableChecksum | null; secondFold: TableChecksum | null }[]) {
    super(`Replay stopped: the second fold differs in ${differences.map((d) => d.table).join(', ')}; the live read models are unchanged.`);
    this.name = 'ReplayVerificationError';
  }
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
  const differences = compareTables(second, rebuilt).filter((c) => !c.same);
  if (differences.length > 0)
    throw new ReplayVerificationError(differences.map(({ table, live, rebuilt }) => ({ table, rebuilt, secondFold: live })));
  return rebuilt;
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
export async function replayReadModels(store: EventStore, pool: pg.Pool, options: ReplayOptions): Promise<ReplayResult> {
  const { batchSize = BATCH_SIZE, verifyBatchSize = VERIFY_BATCH_SIZE, onProgress = () => undefined, projections } = options;
  const started = performance.now();
  return withReplayClients(pool, [NEXT_SCHEMA, VERIFY_SCHEMA, RETIRED_SCHEMA], async (a, b) => {
    await ensureLogStatistics(store, pool);
    const total = await countEvents(store, pool, 'end');
    await createReadModelSchema(a, NEXT_SCHEMA, projections);
    await createScratchSchema(b, VERIFY_SCHEMA, projections);
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
