import { comparePositions, type Position, type RecordedEvent, START } from '@waldkita/platform/event-store/event-store';

/** Events the feed keeps at most; a reactor further behind reads the log itself. */
const MAX_EVENTS = 20_000;

type Batch = { after: Position; events: RecordedEvent[]; last: Position };

/**
 * The batches the projector of this process read and committed, handed on to the reactors behind
 * it, so one read of the log serves the read models and every reactor (runner.ts publishes,
 * reactors.ts takes). A reactor that is behind what the feed holds (it started later, or lost
 * its place) reads the log itself up to the projector's position, then takes from the feed again.
 *
 * It also carries the reactors' moved checkpoints to the projector, which writes them in the same
 * round trip as its own (see ReactorCheckpoints in reactors.ts).
 */
export class BatchFeed {
  private batches: Batch[] = [];
  private kept = 0;
  private projectors = 0;
  private projected: Position | null = null;
  private waiters = new Set<() => void>();
  private checkpoints = new Map<string, Position>();
  /** When the projector last took the moved checkpoints to write them with its batch (performance.now()). */
  projectorTookCheckpointsAt = Number.NEGATIVE_INFINITY;

  /** A projector of this process publishes here from now on; answers its detach. */
  attach() {
    this.projectors++;
    return () => {
      this.projectors--;
      if (this.projectors === 0) {
        this.projected = null;
        this.batches = [];
        this.kept = 0;
      }
      this.wake();
    };
  }

  /** True while a projector of this process publishes: the reactors wait for it rather than for the projector's notification. */
  get live() {
    return this.projectors > 0;
  }

  /** How far the read models are, as this process's projector last saw its checkpoint (null: not known yet). */
  get position() {
    return this.projected;
  }

  /** The projector's checkpoint as read or written: every event up to it is in the read models. */
  projectedUpTo(position: Position | null) {
    if (position && (!this.projected || comparePositions(position, this.projected) > 0)) this.projected = position;
    this.wake();
  }

  /** A batch read after `after`, now in the read models (committed, or found already applied), and the checkpoint after it. */
  publish(after: Position | null, events: RecordedEvent[], checkpoint: Position | null) {
    if (events.length > 0) {
      // Read again from further back (the checkpoint moved back): start the list anew, so the ends keep rising.
      const previous = this.batches[this.batches.length - 1];
      if (previous && comparePositions(events[events.length - 1]!.position, previous.last) <= 0) {
        this.batches = [];
        this.kept = 0;
      }
      this.batches.push({ after: after ?? START, events, last: events[events.length - 1]!.position });
      this.kept += events.length;
      while (this.kept > MAX_EVENTS && this.batches.length > 1) this.kept -= this.batches.shift()!.events.length;
    }
    this.projectedUpTo(checkpoint);
  }

  /**
   * The events right after `from` (null: from the start), at most `max`, as far as the feed holds
   * them without a gap; null when it holds none that follow `from` directly.
   */
  take(from: Position | null, max: number): RecordedEvent[] | null {
    let at = from ?? START;
    const out: RecordedEvent[] = [];
    // The first batch that ends after `from` (batches are kept in the order read, their ends rising).
    let lo = 0;
    let hi = this.batches.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (comparePositions(this.batches[mid]!.last, at) <= 0) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.batches.length; i++) {
      const batch = this.batches[i]!;
      if (comparePositions(batch.last, at) <= 0) continue;
      if (comparePositions(batch.after, at) > 0) break;
      for (const event of batch.events) {
        if (comparePositions(event.position, at) <= 0) continue;
        out.push(event);
        if (out.length >= max) return out;
      }
      at = batch.last;
    }
    return out.length > 0 ? out : null;
  }

  /** Resolves on the next publish (or a projector's attach or detach), after `ms` at the latest, or when aborted. */
  wait(ms: number, signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.waiters.add(done);
      signal.addEventListener('abort', done, { once: true });
    });
  }

  private wake() {
    for (const waiter of [...this.waiters]) waiter();
  }

  /** A reactor moved its checkpoint (kept until the projector or the reactors write it). */
  checkpointMoved(name: string, position: Position) {
    const known = this.checkpoints.get(name);
    if (!known || comparePositions(position, known) > 0) this.checkpoints.set(name, position);
  }

  /** A reactor's moved checkpoint that is not written yet (none: null). */
  pendingCheckpoint(name: string): Position | null {
    return this.checkpoints.get(name) ?? null;
  }

  /** Every moved checkpoint not written yet; the caller writes them, or hands them back (`checkpointsNotWritten`). */
  takeCheckpoints(byProjector = false): Map<string, Position> {
    if (byProjector) this.projectorTookCheckpointsAt = performance.now();
    const taken = this.checkpoints;
    this.checkpoints = new Map();
    return taken;
  }

  checkpointsNotWritten(checkpoints: Map<string, Position>) {
    for (const [name, position] of checkpoints) this.checkpointMoved(name, position);
  }
}
