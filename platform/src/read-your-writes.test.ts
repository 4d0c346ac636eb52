import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newEvent } from './event-store/contract.js';
import { PostgresEventStore } from './event-store/postgres-event-store.js';
import { CHECKPOINT } from './read-models.js';
import { type HeadReader, LogHead, postgresHead, projektorAmKopf, scanningHead } from './read-your-writes.js';
import { createTestDatabase } from './testing/test-database.js';

describe('the end of the event log, as read-your-writes knows it', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let store: PostgresEventStore;
  beforeAll(async () => {
    db = await createTestDatabase();
    store = new PostgresEventStore(db.pool);
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  /**
   * Appends one event and waits until `readAll` shows it: the log is read below the oldest open
   * transaction of the whole server, which other test files running alongside may hold back.
   */
  const schreibe = async () => (await store.appendToStream(`kopf-${randomUUID()}`, [newEvent('Geschrieben')], 'no_stream')).position;
  const append = async () => {
    const position = await schreibe();
    const until = Date.now() + 10_000;
    while ((await store.readAll({ ...position, prepare: position.prepare - 1 }, 1)).length === 0 && Date.now() < until)
      await new Promise((r) => setTimeout(r, 20));
    return position;
  };
  const beyond = { commit: 9_000_000_000_000_000, prepare: 0 };

  describe.each([
    ['one look at the end of the Postgres log', () => postgresHead(db.pool)],
    ['reading on through any store', () => scanningHead(store)],
  ] as [string, () => HeadReader][])('%s', (_name, reader) => {
    it('tells a written position from one beyond the newest event', async () => {
      const written = await append();
      const head = new LogHead(reader());
      expect(await head.reaches(written, null)).toBe(true);
      expect(await head.reaches(beyond, null)).toBe(false);
      expect(await head.reaches({ commit: written.commit + 1000, prepare: 0 }, null)).toBe(false);
    });

    it('finds a write made after the end was last read', async () => {
      const head = new LogHead(reader());
      expect(await head.reaches(beyond, null)).toBe(false);
      const written = await append();
      expect(await head.reaches(written, null)).toBe(true);
    });
  });

  it('finds on Postgres a write that committed while an older transaction is still open', async () => {
    const older = await db.pool.connect();
    try {
      await older.query('BEGIN');
      await older.query('SELECT pg_current_xact_id()'); // takes a transaction id, lower than the write's
      const written = await schreibe();
      expect(await new LogHead(postgresHead(db.pool)).reaches(written, null)).toBe(true);
    } finally {
      await older.query('ROLLBACK');
      older.release();
    }
  });
});

describe('a command that decides on read models waits for the projector to reach the log as it stands', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let store: PostgresEventStore;
  beforeAll(async () => {
    db = await createTestDatabase();
    store = new PostgresEventStore(db.pool);
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  /** Moves the projector's checkpoint, as the projector does after applying a batch. */
  const projiziert = (position: { commit: number; prepare: number }) =>
    db.pool.query(
      `INSERT INTO projector_checkpoints (name, commit_pos, prepare_pos) VALUES ($1, $2, $3)
       ON CONFLICT (name) DO UPDATE SET commit_pos = EXCLUDED.commit_pos, prepare_pos = EXCLUDED.prepare_pos`,
      [CHECKPOINT, position.commit, position.prepare],
    );

  it('goes on at once when the projector has applied the whole log', async () => {
    const { position } = await store.appendToStream(`kopf-${randomUUID()}`, [newEvent('Geschrieben')], 'no_stream');
    await projiziert(position);
    const start = Date.now();
    expect(await projektorAmKopf(store, db.pool, 3000)).toBe(true);
    expect(Date.now() - start).toBeLessThan(1000);
  });

  it('waits while the projector is behind and goes on once it has applied the newest write', async () => {
    const { position: vorher } = await store.appendToStream(`kopf-${randomUUID()}`, [newEvent('Geschrieben')], 'no_stream');
    await projiziert(vorher);
    const { position } = await store.appendToStream(`kopf-${randomUUID()}`, [newEvent('Geschrieben')], 'no_stream');
    let fertig = false;
    const wartet = projektorAmKopf(store, db.pool, 10_000).then((ok) => {
      fertig = true;
      return ok;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fertig).toBe(false);
    await projiziert(position);
    expect(await wartet).toBe(true);
  });

  it('gives up after the time it was given when the projector does not move', async () => {
    const { position: vorher } = await store.appendToStream(`kopf-${randomUUID()}`, [newEvent('Geschrieben')], 'no_stream');
    await projiziert(vorher);
    await store.appendToStream(`kopf-${randomUUID()}`, [newEvent('Geschrieben')], 'no_stream');
    const start = Date.now();
    expect(await projektorAmKopf(store, db.pool, 400)).toBe(false);
    expect(Date.now() - start).toBeGreaterThanOrEqual(400);
  });
});
