import type pg from 'pg';

/**
 * Snapshots: a stream's state as folded by one decider up to a revision, so the command side
 * folds only the events after it (see command-handler.ts). A cache derived from the log and never
 * the truth: any row may be deleted, and one of another decider version is never read.
 */
export type SnapshotKey = { streamName: string; decider: string; version: number };

/** `state` is the decider's JSON form (its SnapshotCodec), folded up to and including `revision`. */
export type StoredSnapshot = { revision: number; state: unknown };

export interface SnapshotStore {
  /** The snapshots of these streams, of exactly the decider and version asked, by stream name. */
  read(keys: readonly SnapshotKey[]): Promise<Map<string, StoredSnapshot>>;
  /** Keeps the snapshot unless one of a later revision of the same version is kept already. */
  write(key: SnapshotKey, snapshot: StoredSnapshot): Promise<void>;
}

/** Snapshots in the `snapshots` table (migration 8), for either event store. */
export class PostgresSnapshotStore implements SnapshotStore {
  constructor(private readonly pool: pg.Pool) {}

  async read(keys: readonly SnapshotKey[]) {
    const found = new Map<string, StoredSnapshot>();
    if (keys.length === 0) return found;
    const { rows } = await this.pool.query<{ stream_name: string; revision: string; state: unknown }>(
      `SELECT s.stream_name, s.revision, s.state
       FROM unnest($1::text[], $2::text[], $3::int[]) AS k(stream_name, decider, version)
       JOIN snapshots s USING (stream_name, decider, version)`,
      [keys.map((k) => k.streamName), keys.map((k) => k.decider), keys.map((k) => k.version)],
    );
    for (const row of rows) found.set(row.stream_name, { revision: Number(row.revision), state: row.state });
    return found;
  }

  async write(key: SnapshotKey, snapshot: StoredSnapshot) {
    await this.pool.query(
      `INSERT INTO snapshots (stream_name, decider, version, revision, state) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (stream_name, decider) DO UPDATE
         SET version = EXCLUDED.version, revision = EXCLUDED.revision, state = EXCLUDED.state, written_at = now()
         WHERE snapshots.version <> EXCLUDED.version OR snapshots.revision < EXCLUDED.revision`,
      [key.streamName, key.decider, key.version, snapshot.revision, JSON.stringify(snapshot.state)],
    );
  }
}
