import {
  comparePositions,
  type EventStore,
  formatPosition,
  type Position,
  type RecordedEvent,
} from '@waldkita/platform/event-store/event-store';
import { PROJECTED_CHANNEL, readCheckpoint } from '@waldkita/platform/read-models';
import pg from 'pg';
import type { BatchFeed } from './batch-feed.js';
import { DeferredWrites } from './deferred-writes.js';
import type { Projection } from './projection.js';
import { CHECKPOINT, createReadModelSchema, LIVE_SCHEMA, PROJECTOR_LOCK } from './read-models.js';

export { readCheckpoint };

export async function writeCheckpoint(client: pg.ClientBase, position: Position, name = CHECKPOINT) {
  await client.query(
    `INSERT INTO projector_checkpoints (name, commit_pos, prepare_pos) VALUES ($1, $2, $3)
     ON CONFLICT (name) DO UPDATE SET commit_pos = EXCLUDED.commit_pos, prepare_pos = EXCLUDED.prepare_pos, updated_at = now()`,
    [name, position.commit, position.prepare],
  );
}

/**
 * Applies events, in global order, to every projection, each over the whole run of events before
 * the next. An event some projection computes from the others' tables (`readsOthersAt`) is applied
 * on its own, after every projection has applied the events before it: the rows are the same for
 * any cut of the log into batches (the live projector's, a replay's two folds).
 */
export async function applyEvents(client: pg.ClientBase, schema: string, events: RecordedEvent[], projections: Projection[]) {
  const all = async (run: RecordedEvent[]) => {
    for (const projection of projections) await projection.apply(client, schema, run);
  };
  const watching = projections.filter((p) => p.readsOthersAt);
  let from = 0;
  if (watching.length > 0)
    for (let i = 0; i < events.length; i++) {
      if (!watching.some((p) => p.readsOthersAt!(events[i]!))) continue;
      if (i > from) await all(events.slice(from, i));
      await all([events[i]!]);
      from = i + 1;
    }
  if (from < events.length) await all(from === 0 ? events : events.slice(from));
}

const literal = pg.escapeLiteral;

/** A position as SQL literals: two integers, never text from outside. */
const positionLiterals = (position: Position) => `${Math.trunc(position.commit)}, ${Math.trunc(position.prepare)}`;

/**
 * One statement that moves reactors' checkpoints forward (never back: two processes running the
 * same reactor), as literals: names are the reactors' own, positions integers. Rows in the order
 * of their names, so two such statements (the projector's batch, the reactors' own write) lock
 * them in the same order and never deadlock.
 */
export const reactorCheckpointsSql = (checkpoints: Map<string, Position>) =>
  `INSERT INTO projector_checkpoints (name, commit_pos, prepare_pos) VALUES ${[...checkpoints]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, position]) => `(${literal(name)}, ${positionLiterals(position)})`)
    .join(', ')}
   ON CONFLICT (name) DO UPDATE SET commit_pos = EXCLUDED.commit_pos, prepare_pos = EXCLUDED.prepare_pos, updated_at = now()
   WHERE (projector_checkpoints.commit_pos, projector_checkpoints.prepare_pos) < (EXCLUDED.commit_pos, EXCLUDED.prepare_pos)`;

/**
 * Applies one batch and moves the checkpoint in the same transaction. Under the projector lock it
 * re-reads the checkpoint and skips what is already applied, so two projector processes, or a
 * crash and restart, never apply an event twice or lose one. `readAfter` is the position the batch
 * was read after: when the checkpoint lies before it (moved back meanwhile), nothing is applied
 * and the checkpoint is answered, to read again from there.
 *
 * Two round trips for a batch whose projections only write: BEGIN, the lock and the checkpoint in
 * one; the projections' writes (held back, see DeferredWrites), the new checkpoint, the reactors'
 * checkpoints that moved meanwhile (`feed`), COMMIT and the notification in the other. A
 * projection that reads mid-batch costs one more round trip for the writes before its read. The
 * notification follows the commit (its own tiny transaction) rather than being part of it:
 * PostgreSQL serialises the commits of notifying transactions through one server-wide lock held
 * across the WAL flush.
 */
export async function projectBatch(
  pool: pg.Pool,
  events: RecordedEvent[],
  projections: Projection[],
  readAfter?: Position | null,
  feed?: BatchFeed,
): Promise<Position | null> {
  const client = await pool.connect();
  let broken: Error | undefined;
  let reactorCheckpoints: Map<string, Position> | undefined;
  try {
    const results = (await client.query(
      `BEGIN; SELECT pg_advisory_xact_lock(${PROJECTOR_LOCK});
       SELECT commit_pos, prepare_pos FROM projector_checkpoints WHERE name = ${literal(CHECKPOINT)}`,
    )) as unknown as pg.QueryResult<{ commit_pos: number; prepare_pos: number }>[];
    const row = results[2]!.rows[0];
    const checkpoint = row ? { commit: Number(row.commit_pos), prepare: Number(row.prepare_pos) } : null;
    const behind = readAfter ? !checkpoint || comparePositions(checkpoint, readAfter) < 0 : false;
    const fresh = checkpoint ? events.filter((e) => comparePositions(e.position, checkpoint) > 0) : events;
    if (fresh.length === 0 || behind) {
      await client.query('COMMIT');
      return checkpoint;
    }
    // The projections' writes are held and sent with the checkpoint (a read in between sends them first).
    const writes = new DeferredWrites(client);
    await applyEvents(writes.client, LIVE_SCHEMA, fresh, projections);
    const position = fresh[fresh.length - 1]!.position;
    // The reactors' checkpoints moved since the last batch ride along (forward only, as they write them).
    reactorCheckpoints = feed?.takeCheckpoints(true);
    await client.query(
      `${writes.take()}INSERT INTO projector_checkpoints (name, commit_pos, prepare_pos) VALUES (${literal(CHECKPOINT)}, ${positionLiterals(position)})
       ON CONFLICT (name) DO UPDATE SET commit_pos = EXCLUDED.commit_pos, prepare_pos = EXCLUDED.prepare_pos, updated_at = now();
       ${reactorCheckpoints?.size ? `${reactorCheckpointsSql(reactorCheckpoints)};` : ''}
       COMMIT;
       SELECT pg_notify(${literal(PROJECTED_CHANNEL)}, ${literal(formatPosition(position))})`,
    );
    return position;
  } catch (error) {
    if (reactorCheckpoints) feed?.checkpointsNotWritten(reactorCheckpoints);
    // A connection that cannot even roll back is discarded, not handed out again.
    await client.query('ROLLBACK').catch((rollback: Error) => {
      broken = rollback;
    });
    throw error;
  } finally {
    client.release(broken);
  }
}

export async function ensureReadModels(pool: pg.Pool, projections: Projection[]) {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [PROJECTOR_LOCK]);
    await createReadModelSchema(client, LIVE_SCHEMA, projections);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [PROJECTOR_LOCK]).catch(() => undefined);
    client.release();
  }
}

/** The longest wait for a notification before the log is read again anyway. */
const IDLE_WAIT_MS = 250;
/** The first wait after a read found nothing new; doubled with every further empty read, up to IDLE_WAIT_MS. */
const FIRST_WAIT_MS = 5;

export type ProjectorOptions = {
  /** The read models to keep: the app's list (projector/src/app.ts), tests add their own. */
  projections: Projection[];
  /** At most this many events a batch (BATCH_MAX). */
  batchSize?: number;
  onError?: (error: unknown) => void;
  /** Where each committed batch is handed on to the reactors of this process (reactors.ts), so they need not read the log again. */
  feed?: BatchFeed;
};

/**
 * The most events one batch reads and applies. Caught up, a batch holds what came since the last
 * one; behind (after a yearly import's 20,000 events), each batch's two round trips and commit
 * count: 2,000 a batch projected such an import in 1.0–1.2 s, 500 a batch in 1.9 s.
 */
const BATCH_MAX = 2000;

/**
 * The projector: a catch-up subscription from the stored checkpoint that applies batches until
 * stopped. Errors are reported and retried after a pause; the checkpoint makes retries safe.
 *
 * It works on connections of its own (a pool of two beside the app's: one LISTENs, one reads and
 * writes), so in a process that also serves the APIs it never waits behind their queries for a
 * pooled connection. It wakes on the log's notification. A read right after one can still come
 * back empty — the new events stay invisible while an older transaction runs (see
 * PostgresEventStore.readAll), and that one may commit without notifying — so after an empty read
 * it looks again soon (5 ms, doubling up to 250 ms) instead of waiting for the next append.
 */
export function startProjector(store: EventStore, pool: pg.Pool, options: ProjectorOptions) {
  const controller = new AbortController();
  const { batchSize = BATCH_MAX, onError = () => undefined, projections, feed } = options;
  const own = new pg.Pool({ ...pool.options, max: 2, idleTimeoutMillis: 0 });
  own.on('error', () => undefined); // an idle connection was lost; the next query opens a new one
  const log = store.withPool?.(own) ?? store;
  const detach = feed?.attach();
  const running = (async () => {
    await ensureReadModels(own, projections);
    let position: Position | null | undefined;
    let emptyReads = 0;
    while (!controller.signal.aborted) {
      try {
        if (position === undefined) {
          position = await readCheckpoint(own);
          feed?.projectedUpTo(position);
        }
        const batch = await log.readAll(position, batchSize);
        if (batch.length === 0) {
          await log.waitForAppend(Math.min(IDLE_WAIT_MS, FIRST_WAIT_MS * 2 ** emptyReads++), controller.signal);
          continue;
        }
        emptyReads = 0;
        const readAfter = position;
        position = await projectBatch(own, batch, projections, readAfter, feed);
        // Behind (the checkpoint moved back meanwhile): nothing applied, nothing to hand on.
        if (!readAfter || (position && comparePositions(position, readAfter) >= 0)) feed?.publish(readAfter, batch, position);
      } catch (error) {
        position = undefined; // read the checkpoint again
        if (controller.signal.aborted) break;
        onError(error);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  })();
  return {
    async stop() {
      controller.abort();
      await running;
      detach?.();
      if (log !== store) await log.close();
      await own.end();
    },
  };
}
