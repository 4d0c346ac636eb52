import { randomBytes } from 'node:crypto';
import { dropTestDatabase } from '@waldkita/platform/testing/test-database';
import pg from 'pg';

const SERVER_URL = process.env.TEST_DATABASE_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A new, EMPTY database on the local PostgreSQL (not migrated, unlike createTestDatabase of
 * platform/testing): what `restore` and the upgrade test load a dump into.
 */
export async function createEmptyDatabase(prefix = 'waldkita_leer') {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: SERVER_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  return {
    name,
    databaseUrl: url.toString(),
    drop: () => dropTestDatabase(name),
  };
}
