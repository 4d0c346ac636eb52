import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrate } from '../db/migrations.js';
import { createPool, ensureDatabase } from '../db/postgres.js';

const SERVER_URL = process.env.TEST_DATABASE_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A new, EMPTY database of its own on the real local PostgreSQL (not migrated): what `restore`
 * and the upgrade test load a dump into.
 */
export async function createEmptyTestDatabase(prefix = 'waldkita_leer') {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  await ensureDatabase(databaseUrl);
  return { name, databaseUrl, drop: () => dropTestDatabase(name) };
}

/**
 * A fresh, migrated database of its own for one test file, on the real local PostgreSQL.
 * The event log is append-only even for tests, so isolation is by database, not by cleanup.
 */
export async function createTestDatabase(prefix = 'waldkita_test') {
  const empty = await createEmptyTestDatabase(prefix);
  const pool = createPool(empty.databaseUrl, 20);
  await migrate(pool);
  return {
    name: empty.name,
    databaseUrl: empty.databaseUrl,
    pool,
    async drop() {
      await pool.end();
      await empty.drop();
    },
  };
}

/** Drops a test database (also one whose pool is still open: its connections are ended). */
export async function dropTestDatabase(name: string) {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
