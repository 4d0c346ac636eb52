import { withTransaction } from '@waldkita/platform/db/postgres';
import {
  comparePositions,
  type EventStore,
  formatPosition,
  type Position,
  type RecordedEvent,
} from '@waldkita/platform/event-store/event-store';
import { PROJECTED_CHANNEL } from '@waldkita/platform/read-models';
import type pg from 'pg';
import type { Projection } from './projection.js';
import { CHECKPOINT, createReadModelSchema, LIVE_SCHEMA, PROJECTIONS, PROJECTOR_LOCK } from './read-models.js';

export async function readCheckpoint(client: pg.ClientBase | pg.Pool, name = CHECKPOINT): Promise<Position | null> {
  const { rows } = await client.query<{ commit_pos: number; prepare_pos: number }>(
    'SELECT commit_pos, prepare_pos FROM projector_checkpoints WHERE name = $1',
    [name],
  );
  return rows[0] ? { commit: rows[0].commit_pos, prepare: rows[0].prepare_pos } : null;
}

export async function writeCheckpoint(client: pg.ClientBase, position: Position, name = CHECKPOINT) {
  await client.query(
    `INSERT INTO projector_checkpoints (name, commit_pos, prepare_pos) VALUES ($1, $2, $3)
     ON CONFLICT (name) DO UPDATE SET commit_pos = EXCLUDED.commit_pos, prepare_pos = EXCLUDED.prepare_pos, updated_at = now()`,
    [name, position.commit, position.prepare],
  );
}

export async function applyEvents(client: pg.ClientBase, schema: string, events: RecordedEvent[], projections = PROJECTIONS) {
  for (const projection of projections) await projection.apply(client, schema, events);
}

/**
 * Applies one batch and moves the checkpoint in the same transaction. Under the projector lock it
 * re-reads the checkpoint and skips what is already applied, so two projector processes, or a
 * crash and restart, never apply an event twice or lose one.
 */
export function projectBatch(pool: pg.Pool, events: RecordedEvent[], projections = PROJECTIONS): Promise<Position | null> {
  return withTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [PROJECTOR_LOCK]);
    const checkpoint = await readCheckpoint(client);
    const fresh = checkpoint ? events.filter((e) => comparePositions(e.position, checkpoint) > 0) : events;
    if (fresh.length === 0) return checkpoint;
    await applyEvents(client, LIVE_SCHEMA, fresh, projections);
    const position = fresh[fresh.length - 1]!.position;
    await writeCheckpoint(client, position);
    await client.query('SELECT pg_notify($1, $2)', [PROJECTED_CHANNEL, formatPosition(position)]);
    return position;
  });
}

export async function ensureReadModels(pool: pg.Pool) {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [PROJECTOR_LOCK]);
    await createReadModelSchema(client, LIVE_SCHEMA);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [PROJECTOR_LOCK]).catch(() => undefined);
    client.release();
  }
}

/**
 * The projector: a catch-up subscription from the stored checkpoint that applies batches until
 * stopped. Errors are reported and retried after a pause; the checkpoint makes retries safe.
 */
export function startProjector(
  store: EventStore,
  pool: pg.Pool,
  options: { batchSize?: number; onError?: (error: unknown) => void; projections?: Projection[] } = {},
) {
  const controller = new AbortController();
  const { batchSize = 500, onError = () => undefined, projections = PROJECTIONS } = options;
  const running = (async () => {
    await ensureReadModels(pool);
    while (!controller.signal.aborted) {
      try {
        const checkpoint = await readCheckpoint(pool);
        const batch = await store.readAll(checkpoint, batchSize);
        if (batch.length === 0) {
          await store.waitForAppend(250, controller.signal);
          continue;
        }
        await projectBatch(pool, batch, projections);
      } catch (error) {
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
    },
  };
}
