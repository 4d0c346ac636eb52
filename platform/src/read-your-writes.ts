import type pg from 'pg';
import { comparePositions, type Position, parsePosition } from './event-store/event-store.js';
import { CHECKPOINT, PROJECTED_CHANNEL } from './read-models.js';

/**
 * What the projector has applied so far, kept current by LISTEN and a slow poll. Reads that carry
 * `X-Min-Position` wait here (bounded) until the projector has passed the caller's own write.
 */
export class ProjectionWatermark {
  private position: Position | null = null;
  private listener: pg.PoolClient | null = null;
  private waiters = new Set<() => void>();
  private poll: NodeJS.Timeout | null = null;

  constructor(private readonly pool: pg.Pool) {}

  async start() {
    await this.refresh();
    const client = await this.pool.connect();
    client.on('notification', (message) => {
      const position = message.payload ? parsePosition(message.payload) : null;
      if (position) this.advance(position);
    });
    client.on('error', () => undefined);
    await client.query(`LISTEN ${PROJECTED_CHANNEL}`);
    this.listener = client;
    this.poll = setInterval(() => void this.refresh().catch(() => undefined), 1000);
    this.poll.unref();
  }

  current() {
    return this.position;
  }

  private async refresh() {
    const { rows } = await this.pool.query<{ commit_pos: number; prepare_pos: number }>(
      'SELECT commit_pos, prepare_pos FROM projector_checkpoints WHERE name = $1',
      [CHECKPOINT],
    );
    if (rows[0]) this.advance({ commit: Number(rows[0].commit_pos), prepare: Number(rows[0].prepare_pos) });
  }

  private advance(position: Position) {
    if (this.position && comparePositions(position, this.position) <= 0) return;
    this.position = position;
    for (const wake of [...this.waiters]) wake();
  }

  private reached(target: Position) {
    return this.position !== null && comparePositions(this.position, target) >= 0;
  }

  /** True once the projector has passed `target`; false when `timeoutMs` ran out first. */
  async waitFor(target: Position, timeoutMs: number): Promise<boolean> {
    if (this.reached(target)) return true;
    await this.refresh();
    if (this.reached(target)) return true;
    return new Promise<boolean>((resolve) => {
      const check = () => {
        if (!this.reached(target)) return;
        finish(true);
      };
      const finish = (ok: boolean) => {
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(ok);
      };
      const timer = setTimeout(() => finish(this.reached(target)), timeoutMs);
      this.waiters.add(check);
    });
  }

  async stop() {
    if (this.poll) clearInterval(this.poll);
    if (this.listener) {
      await this.listener.query(`UNLISTEN ${PROJECTED_CHANNEL}`).catch(() => undefined);
      this.listener.release();
      this.listener = null;
    }
  }
}
