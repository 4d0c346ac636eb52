import { comparePositions, type EventStore, type Position, type RecordedEvent } from '@waldkita/platform/event-store/event-store';
import { ProjectionWatermark } from '@waldkita/platform/read-your-writes';
import type pg from 'pg';
import { BatchFeed } from './batch-feed.js';
import { reactorCheckpointsSql, readCheckpoint } from './runner.js';

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
const MAX_EVENT_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export const reactorCheckpoint = (name: string) => `reactor-${name}`;

/** After a reactor moved its checkpoint, how long it waits for the projector to write it with its batch before writing it itself. */
const CHECKPOINT_WRITE_DELAY_MS = 200;

/**
 * The reactors' moved checkpoints, kept in the feed: the projector's next batch writes them in
 * its own last round trip; when no batch comes within CHECKPOINT_WRITE_DELAY_MS (or on stop),
 * they are written here, every reactor's in one statement. Forward only, so two processes running
 * the same reactor never move it back. A checkpoint written late only means that after a crash a
 * reactor sees a few events again, which its jobs' ids make harmless.
 */
class ReactorCheckpoints {
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  constructor(
    private readonly pool: pg.Pool,
    private readonly feed: BatchFeed,
    private readonly onError: (error: unknown) => void,
  ) {}

  moved(name: string, position: Position) {
    this.feed.checkpointMoved(reactorCheckpoint(name), position);
    this.arm();
  }

  /** While the projector's batches keep taking the checkpoints, the reactors write none themselves. */
  private arm() {
    this.timer ??= setTimeout(() => {
      this.timer = null;
      const since = performance.now() - this.feed.projectorTookCheckpointsAt;
      if (this.feed.live && since < CHECKPOINT_WRITE_DELAY_MS) this.arm();
      else void this.write();
    }, CHECKPOINT_WRITE_DELAY_MS);
  }

  /** Writes what is still pending (one statement), after any write in flight. */
  write(): Promise<void> {
    this.writing = this.writing.then(async () => {
      const pending = this.feed.takeCheckpoints();
      if (pending.size === 0) return;
      try {
        await this.pool.query(reactorCheckpointsSql(pending));
      } catch (error) {
        this.feed.checkpointsNotWritten(pending);
        this.onError(error);
      }
    });
    return this.writing;
  }

  async stop() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.write();
  }
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
 * checkpoint. With a projector in this process (`feed`), a reactor takes the batches it committed
 * from the feed, so the log is read once per batch for the read models and every reactor; it
 * reads the log itself only for what the feed does not hold (it is behind), up to the projector's
 * position. Without one it follows the projector's NOTIFY (or a 1 s poll) and reads the log.
 * `npm run replay` rebuilds read models and moves only their checkpoint, so it never triggers a
 * reactor again.
 */
export function startReactors(
  store: EventStore,
  pool: pg.Pool,
  reactors: Reactor[],
  options: { batchSize?: number; onError?: (reactor: string, error: unknown) => void; feed?: BatchFeed } = {},
) {
  const { batchSize = 200, onError = () => undefined } = options;
  const feed = options.feed ?? new BatchFeed();
  const controller = new AbortController();
  const watermark = new ProjectionWatermark(pool);
  // Without its LISTEN connection the watermark still polls, so a failed start only slows reactors down.
  const started = watermark.start().catch((error: unknown) => onError('watermark', error));
  const checkpoints = new ReactorCheckpoints(pool, feed, (error) => onError('checkpoints', error));

  /** The events after `from` that are in the read models: from the feed, else from the log; null when there are none yet. */
  const next = async (from: Position | null): Promise<RecordedEvent[] | null> => {
    const held = feed.take(from, batchSize);
    if (held) return held;
    // How far the projector is: this process's, as its feed says, else as the watermark last heard
    // (its LISTEN, else its 1 s poll) — never beyond the read models' checkpoint, and no query per batch.
    const limit = feed.live ? feed.position : watermark.current();
    if (!limit || (from && comparePositions(limit, from) <= 0)) {
      if (feed.live) await feed.wait(1000, controller.signal);
      // Wait for the projector to pass `from` (positions are integers: the next one is ≥ prepare + 1);
      // waitFor reads the checkpoint first, so a watermark that has heard nothing yet learns it here.
      else await watermark.waitFor(from ? { commit: from.commit, prepare: from.prepare + 1 } : { commit: 0, prepare: 1 }, 1000);
      return null;
    }
    return (await store.readAll(from, batchSize)).filter((e) => comparePositions(e.position, limit) <= 0);
  };

  const loop = async (reactor: Reactor) => {
    await started;
    // The reactor's own checkpoint, read once and then kept: this loop is what moves it. Read
    // again after an error. (Another process running the same reactor may be ahead; what both
    // handle is deduplicated by the jobs' ids.)
    let from: Position | null | undefined;
    while (!controller.signal.aborted) {
      try {
        if (from === undefined) {
          // The row, or where this process's reactor got to since it was last written.
          const name = reactorCheckpoint(reactor.name);
          const [written, pending] = [await readCheckpoint(pool, name), feed.pendingCheckpoint(name)];
          from = written && pending ? (comparePositions(written, pending) >= 0 ? written : pending) : (written ?? pending);
        }
        const batch = await next(from);
        if (!batch || batch.length === 0) continue;
        await reactor.react(batch);
        const last = batch[batch.length - 1]!.position;
        checkpoints.moved(reactor.name, last);
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
      await checkpoints.stop();
      await watermark.stop();
    },
  };
}
