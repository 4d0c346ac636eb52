import { comparePositions, type EventStore, type Position, type RecordedEvent } from '@waldkita/platform/event-store/event-store';
import { ProjectionWatermark } from '@waldkita/platform/read-your-writes';
import type pg from 'pg';
import { readCheckpoint } from './runner.js';

/**
 * A reactor turns events into side effects (BullMQ jobs) — never into read-model rows. It sees an
 * event only once the read models contain it, so whatever it looks up there is at least as new as
 * the event. Its jobs must be idempotent (ids derived from the event id): after a crash between
 * enqueueing and moving its checkpoint the same batch comes again.
 */
export type Reactor = {
  /** Its checkpoint is the row `reactor-<name>`, apart from the read models' one. */
  name: string;
  react: (events: RecordedEvent[]) => Promise<void>;
};

/**
 * Reactors act only on events at most this old. A reactor starting on an old log (its first start
 * on an existing installation, or its checkpoint reset) does not repeat the past's mails and plans;
 * BullMQ keeps finished jobs longer than this, so within the window a repeat is deduplicated.
 */
export const MAX_EVENT_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export const reactorCheckpoint = (name: string) => `reactor-${name}`;

/** Moves a reactor's checkpoint forward only, so two processes running the same reactor never move it back. */
export async function writeReactorCheckpoint(pool: pg.Pool, name: string, position: Position) {
  await pool.query(
    `INSERT INTO projector_checkpoints (name, commit_pos, prepare_pos) VALUES ($1, $2, $3)
     ON CONFLICT (name) DO UPDATE SET commit_pos = EXCLUDED.commit_pos, prepare_pos = EXCLUDED.prepare_pos, updated_at = now()
     WHERE (projector_checkpoints.commit_pos, projector_checkpoints.prepare_pos) < (EXCLUDED.commit_pos, EXCLUDED.prepare_pos)`,
    [reactorCheckpoint(name), position.commit, position.prepare],
  );
}

/**
 * Events of a batch that are recent enough to react to (see MAX_EVENT_AGE_MS). `now` is the app's
 * clock; an event counts as recent by it or by the machine's clock — the same in production, while
 * tests with a fixed app clock mix events stamped by either.
 */
export const recent = (events: RecordedEvent[], now: Date) =>
  events.filter((e) => {
    const am = Date.parse(e.metadata.occurredAt);
    return Math.min(now.getTime() - am, Date.now() - am) <= MAX_EVENT_AGE_MS;
  });

/**
 * Runs each reactor in its own loop from its own checkpoint, never past the read models'
 * checkpoint: a reactor waits for the projector, wakes on its NOTIFY (or a 1 s poll) and handles
 * what the projector has committed. `npm run replay` rebuilds read models and moves only their
 * checkpoint, so it never triggers a reactor again.
 */
export function startReactors(
  store: EventStore,
  pool: pg.Pool,
  reactors: Reactor[],
  options: { batchSize?: number; onError?: (reactor: string, error: unknown) => void } = {},
) {
  const { batchSize = 200, onError = () => undefined } = options;
  const controller = new AbortController();
  const watermark = new ProjectionWatermark(pool);
  // Without its LISTEN connection the watermark still polls, so a failed start only slows reactors down.
  const started = watermark.start().catch((error: unknown) => onError('watermark', error));

  const loop = async (reactor: Reactor) => {
    await started;
    // The reactor's own checkpoint, read once and then kept: this loop is what moves it. Read
    // again after an error. (Another process running the same reactor may be ahead; what both
    // handle is deduplicated by the jobs' ids.)
    let from: Position | null | undefined;
    while (!controller.signal.aborted) {
      try {
        if (from === undefined) from = await readCheckpoint(pool, reactorCheckpoint(reactor.name));
        // How far the projector is, as the watermark last heard (its LISTEN, else its 1 s poll):
        // never beyond the read models' checkpoint, and no query per batch.
        const limit = watermark.current();
        if (!limit || (from && comparePositions(limit, from) <= 0)) {
          // Wait for the projector to pass `from` (positions are integers: the next one is ≥ prepare + 1);
          // waitFor reads the checkpoint first, so a watermark that has heard nothing yet learns it here.
          await watermark.waitFor(from ? { commit: from.commit, prepare: from.prepare + 1 } : { commit: 0, prepare: 1 }, 1000);
          continue;
        }
        const batch = (await store.readAll(from, batchSize)).filter((e) => comparePositions(e.position, limit) <= 0);
        if (batch.length === 0) continue;
        await reactor.react(batch);
        const last = batch[batch.length - 1]!.position;
        await writeReactorCheckpoint(pool, reactor.name, last);
        from = last;
      } catch (error) {
        from = undefined;
        if (controller.signal.aborted) break;
        onError(reactor.name, error);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  };
  const running = Promise.all(reactors.map(loop));

  return {
    async stop() {
      controller.abort();
      await running;
      await watermark.stop();
    },
  };
}
