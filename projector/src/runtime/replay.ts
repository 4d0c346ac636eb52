import { type EventStore, type Position, START } from '@waldkita/platform/event-store/event-store';
import type pg from 'pg';
import { CHECKPOINT, createReadModelSchema, LIVE_SCHEMA, PROJECTIONS, PROJECTOR_LOCK } from './read-models.js';
import { applyEvents, writeCheckpoint } from './runner.js';

const NEXT_SCHEMA = 'rm_next';

export type ReplayProgress = { applied: number; total: number | null; eventsPerSecond: number };

/**
 * Rebuilds every read model from position 0 into a fresh schema while the app keeps serving the
 * live one, then swaps the two in one transaction under the projector lock and moves the
 * checkpoint to where the rebuild ended.
 */
export async function replayReadModels(
  store: EventStore,
  pool: pg.Pool,
  options: { batchSize?: number; onProgress?: (progress: ReplayProgress) => void } = {},
): Promise<{ applied: number; seconds: number; eventsPerSecond: number }> {
  const { batchSize = 2000, onProgress = () => undefined } = options;
  const total = store.kind === 'postgres' ? Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM events')).rows[0]!.n) : null;
  const started = performance.now();
  const client = await pool.connect();
  let applied = 0;
  const rate = () => applied / Math.max((performance.now() - started) / 1000, 1e-3);
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${NEXT_SCHEMA}" CASCADE`);
    await createReadModelSchema(client, NEXT_SCHEMA);
    let position: Position = START;
    /** Reads and applies the next batch; false at the end of the log. */
    const applyNextBatch = async () => {
      const batch = await store.readAll(position, batchSize);
      if (batch.length === 0) return false;
      await applyEvents(client, NEXT_SCHEMA, batch, PROJECTIONS);
      position = batch[batch.length - 1]!.position;
      applied += batch.length;
      onProgress({ applied, total, eventsPerSecond: rate() });
      return true;
    };
    // The bulk of the log, one transaction per batch, beside the live schema.
    for (let more = true; more; ) {
      await client.query('BEGIN');
      more = await applyNextBatch();
      await client.query('COMMIT');
    }
    // The tail and the swap, with the live projector paused between two of its batches.
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [PROJECTOR_LOCK]);
    while (await applyNextBatch());
    await client.query(`DROP SCHEMA IF EXISTS "${LIVE_SCHEMA}" CASCADE`);
    await client.query(`ALTER SCHEMA "${NEXT_SCHEMA}" RENAME TO "${LIVE_SCHEMA}"`);
    if (applied > 0) await writeCheckpoint(client, position, CHECKPOINT);
    else await client.query('DELETE FROM projector_checkpoints WHERE name = $1', [CHECKPOINT]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  const seconds = (performance.now() - started) / 1000;
  return { applied, seconds, eventsPerSecond: applied / Math.max(seconds, 1e-3) };
}
