import pg from 'pg';
import { CONNECT_TIMEOUT_MS, ConnectTimeoutError } from '../connect-timeout.js';
import { ServiceUnavailableError } from '../service-errors.js';

// bigint columns come back as text; positions and revisions stay well below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export const createPool = (databaseUrl: string, max = 10) => {
  const pool = new pg.Pool({ connectionString: databaseUrl, max });
  pool.on('error', () => undefined); // an idle client lost its connection; the next query reconnects
  return pool;
};

const hostOf = (databaseUrl: string) => {
  const url = new URL(databaseUrl);
  return { host: url.hostname || '127.0.0.1', port: url.port || '5432', database: url.pathname.slice(1) };
};

/**
 * Creates the app's database if it is missing. Stops with one clear line when the server cannot
 * be reached or does not answer within 5 s.
 */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const { host, port, database } = hostOf(databaseUrl);
  const adminUrl = new URL(databaseUrl);
  adminUrl.pathname = '/postgres';
  const client = new pg.Client({ connectionString: adminUrl.toString(), connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  try {
    await client.connect();
  } catch (error) {
    // pg reports its own connection timeout as "timeout expired".
    const reason =
      (error as Error).message === 'timeout expired' ? new ConnectTimeoutError(CONNECT_TIMEOUT_MS).message : (error as Error).message;
    throw new ServiceUnavailableError(
      `PostgreSQL at ${host}:${port} is not reachable (${reason}). ` +
        'Start it, e.g. with: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start',
    );
  }
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (rowCount === 0) {
      await client.query(`CREATE DATABASE ${pg.escapeIdentifier(database)}`).catch((error: { code?: string }) => {
        if (error.code !== '42P04') throw error; // created meanwhile by another process
      });
    }
  } finally {
    await client.end();
  }
}

/** Runs `work` in one transaction on a pooled connection: committed if it returns, rolled back if it throws. */
export async function withTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
