import type pg from 'pg';
import { comparePositions, type EventStore, type Position, parsePosition } from './event-store/event-store.js';
import { PROJECTED_CHANNEL, readCheckpoint } from './read-models.js';

/**
 * What the projector has applied so far, kept current by LISTEN and a slow poll. Reads that carry
 * `X-Min-Position` wait here (bounded) until the projector has passed the caller's own write.
 * The same LISTEN connection carries further channels (`listen`); a lost connection is opened
 * again by the poll, and counts as a notice of the projector, as notices may have been missed.
 */
export class ProjectionWatermark {
  private position: Position | null = null;
  private listener: pg.PoolClient | null = null;
  /** The channels the current LISTEN connection listens to. */
  private listened = new Set<string>();
  private connecting: Promise<void> | null = null;
  private dropListener: (() => void) | null = null;
  private connectedBefore = false;
  private stopped = false;
  private channels = new Map<string, (payload: string) => void>();
  private waiters = new Set<() => void>();
  private poll: NodeJS.Timeout | null = null;
  private notices = 0;

  constructor(private readonly pool: pg.Pool) {}

  async start() {
    await this.refresh();
    await this.connect();
    this.poll = setInterval(() => {
      void this.refresh().catch(() => undefined);
      if (!this.listener) void this.connect().catch(() => undefined);
    }, 1000);
    this.poll.unref();
  }

  /**
   * Calls `handler` with the payload of every notification on `channel`, on the watermark's LISTEN
   * connection (now, or from when it is open).
   */
  async listen(channel: string, handler: (payload: string) => void) {
    this.channels.set(channel, handler);
    await this.connecting?.catch(() => undefined);
    if (this.listener && !this.listened.has(channel)) {
      await this.listener.query(`LISTEN ${channel}`);
      this.listened.add(channel);
    }
  }

  /** True while the LISTEN connection is open and listens to `channel`: no notification on it is missed. */
  hears(channel: string) {
    return this.listener !== null && this.listened.has(channel);
  }

  private connect(): Promise<void> {
    this.connecting ??= this.open().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async open() {
    const client = await this.pool.connect();
    let dropped = false;
    const drop = (error?: Error) => {
      if (dropped) return;
      dropped = true;
      if (this.listener === client) {
        this.listener = null;
        this.listened = new Set();
        this.dropListener = null;
      }
      client.release(error ?? true);
    };
    client.on('notification', (message) => {
      if (message.channel !== PROJECTED_CHANNEL) {
        this.channels.get(message.channel)?.(message.payload ?? '');
        return;
      }
      this.notices++;
      const position = message.payload ? parsePosition(message.payload) : null;
      if (position) this.advance(position);
    });
    client.on('error', (error) => drop(error));
    client.on('end', () => drop());
    const listened = new Set<string>();
    try {
      for (const channel of [PROJECTED_CHANNEL, ...this.channels.keys()]) {
        await client.query(`LISTEN ${channel}`);
        listened.add(channel);
      }
    } catch (error) {
      drop(error as Error);
      throw error;
    }
    if (dropped) return;
    if (this.stopped) return drop();
    this.listener = client;
    this.listened = listened;
    this.dropListener = () => drop();
    // Anything kept per notice may have missed one while no connection listened.
    if (this.connectedBefore) this.notices++;
    this.connectedBefore = true;
  }

  current() {
    return this.position;
  }

  /**
   * How many notices of the projector arrived, also those that repeat a position: a replay that
   * swaps rebuilt read models in sends one without moving on. Answers kept per position use it.
   */
  generation() {
    return this.notices;
  }

  private async refresh() {
    const checkpoint = await readCheckpoint(this.pool);
    if (checkpoint) this.advance(checkpoint);
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
    this.stopped = true;
    if (this.poll) clearInterval(this.poll);
    await this.connecting?.catch(() => undefined);
    if (this.listener) {
      const drop = this.dropListener;
      await this.listener.query('UNLISTEN *').catch(() => undefined);
      drop?.();
    }
  }
}

/** Reads the newest position in the event log; `after` is the newest one known so far. */
export type HeadReader = (after: Position | null) => Promise<Position | null>;

/**
 * Postgres: one step into the end of the log's index. Unlike `readAll` it also sees events that
 * committed while an older transaction is still running, so a caller's own write is always found.
 */
export const postgresHead =
  (pool: pg.Pool): HeadReader =>
  async () => {
    const { rows } = await pool.query<{ commit: string; prepare: number }>(
      `SELECT transaction_id::text AS commit, global_position AS prepare FROM events
       ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
    );
    return rows[0] ? { commit: Number(rows[0].commit), prepare: Number(rows[0].prepare) } : null;
  };

/** Any store: reads on from the newest known position to the end (usually only the projector's lag). */
export const scanningHead =
  (store: EventStore): HeadReader =>
  async (after) => {
    let head = after;
    for (;;) {
      const batch = await store.readAll(head, 1000);
      if (batch.length === 0) return head;
      head = batch[batch.length - 1]!.position;
    }
  };

export const logHeadReader = (store: EventStore, pool: pg.Pool): HeadReader =>
  store.kind === 'postgres' ? postgresHead(pool) : scanningHead(store);

/**
 * The newest position in the event log as far as known: what the projector has passed, or what
 * the log said when last asked. The log is asked again only for a position beyond that, so a
 * position nobody has written (or a made-up one) is told apart at the cost of one read.
 */
export class LogHead {
  private known: Position | null = null;

  constructor(private readonly read: HeadReader) {}

  /** True when the log reaches `target`; `projected` is what the projector has passed. */
  async reaches(target: Position, projected: Position | null): Promise<boolean> {
    this.learn(projected);
    if (this.covers(target)) return true;
    try {
      this.learn(await this.read(this.known));
    } catch {
      return true; // the log cannot be asked now: treat the position as real
    }
    return this.covers(target);
  }

  private covers(target: Position) {
    return this.known !== null && comparePositions(this.known, target) >= 0;
  }

  private learn(position: Position | null) {
    if (position && (!this.known || comparePositions(position, this.known) > 0)) this.known = position;
  }
}

/**
 * Waits until the projector has applied every event in the log as it stands now, at most
 * `timeoutMs`; false when it has not by then. A command that decides on read models (planning a
 * rota reads the families, their absences and their other dates) asks this first, so its decision
 * never misses a write answered just before it — planning Putzdienst right after the water duty
 * sees the water dates — also for clients that send no `X-Min-Position`. The projector's
 * checkpoint is asked at once and then every 10 ms: a command that waits is rare and short.
 */
export async function projektorAmKopf(store: EventStore, pool: pg.Pool, timeoutMs: number): Promise<boolean> {
  const stand = () => readCheckpoint(pool);
  // EventStoreDB's end is found by reading on from the checkpoint, not from the start of the log.
  let projiziert = await stand();
  const kopf = await logHeadReader(store, pool)(projiziert);
  if (!kopf) return true;
  const bis = Date.now() + timeoutMs;
  for (;;) {
    if (projiziert && comparePositions(projiziert, kopf) >= 0) return true;
    if (Date.now() >= bis) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
    projiziert = await stand();
  }
}
