import { type EventStore, type Position, START } from '@waldkita/platform/event-store/event-store';
import type pg from 'pg';
import { LIVE_SCHEMA } from './read-models.js';
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
  rate,
  withReplayClients,
} from './replay-fold.js';
import { readCheckpoint } from './runner.js';
import { compareTables, type TableComparison, tableChecksums, tableColumns } from './table-checksums.js';

/** Scratch schema of the fresh fold that `--check` compares the live read models with. */
const CHECK_SCHEMA = 'rm_check';

export type CheckResult = {
  applied: number;
  seconds: number;
  eventsPerSecond: number;
  /** The live checkpoint both sides were compared at. */
  position: Position | null;
  tables: TableComparison[];
  differences: TableComparison[];
};

/**
 * Folds the log afresh into the scratch schema `rm_check` up to the live checkpoint and compares
 * every table with the live one: row count and checksum. The live side is summed in one
 * repeatable-read snapshot together with the checkpoint it belongs to (the projector commits
 * both at once), so the live projector never pauses. Changes nothing the app reads.
 */
export async function checkReadModels(
  store: EventStore,
  pool: pg.Pool,
  options: Omit<ReplayOptions, 'verifyBatchSize'>,
): Promise<CheckResult> {
  const { batchSize = BATCH_SIZE, onProgress = () => undefined, projections } = options;
  const started = performance.now();
  return withReplayClients(pool, [CHECK_SCHEMA], async (a, b) => {
    await createScratchSchema(a, CHECK_SCHEMA, projections);
    const reference = await tableColumns(a, CHECK_SCHEMA);
    const fold = new Fold(a, CHECK_SCHEMA, batchSize, projections);

    await b.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const live = await readCheckpoint(b);
    await ensureLogStatistics(store, pool);
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
    const tables = compareTables(liveSums, await tableChecksums(a, CHECK_SCHEMA, reference));
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
