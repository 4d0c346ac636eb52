import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Config } from '@waldkita/platform/config';
import { createPool } from '@waldkita/platform/db/postgres';
import pg from 'pg';
import { BACKUP_OPTIONS, BACKUP_USAGE } from './usage.js';

/** The first line of every backup file; the pg_dump archive (custom format) follows the manifest line. */
export const BACKUP_MAGIC = 'WALDKITA-SICHERUNG 1';

/**
 * Schemas never backed up: the read models and the replay's scratch schemas. They are folded
 * from the log again on restore (docs/sicherung.md).
 */
const EXCLUDED_SCHEMAS = ['rm', 'rm_*'];
/** Tables whose rows are a cache derived from the log: their definition is kept, their rows are not. */
export const EXCLUDED_TABLE_DATA = ['snapshots'];

/** An erasure as the log records it: the family's id, why, who and when (no personal data). */
export type ErasedFamily = { elternId: string; grund: string; actorId: string | null; recordedAt: string };

/** What a backup holds, written as its first line: taken in the same snapshot as the dump. */
export type BackupManifest = {
  format: 1;
  createdAt: string;
  database: string;
  server: string;
  /** The migrations applied when the backup was taken (schema_migrations). */
  migrations: number[];
  /** Rows per table of schema public, as in the dump (tables in EXCLUDED_TABLE_DATA: rows left out). */
  tables: Record<string, number>;
  events: { count: number; lastPosition: number | null; maxTransactionId: string | null };
  /** Families whose personal data was erased (PersonendatenGeloescht) by the time of the backup: ids only. */
  erasedFamilies: ErasedFamily[];
};

/** Where a command writes: its answer to stdout, progress and errors to stderr. */
export type CommandOutput = { stdout: { write: (text: string) => unknown }; stderr: { write: (text: string) => unknown } };
const STD: CommandOutput = { stdout: process.stdout, stderr: process.stderr };

/** A connection string without its password, and the password for PGPASSWORD: nothing secret in a process list. */
export function pgToolConnection(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Whether a PostgreSQL client tool is on PATH (and runs): its `--version` line, or null. */
export async function toolVersion(tool: string): Promise<string | null> {
  return new Promise((resolve) => {
    const child = spawn(tool, ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] });
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
    });
    child.on('error', () => resolve(null));
    child.on('close', (code) => resolve(code === 0 ? text.trim() : null));
  });
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

/**
 * `backup <file>`: one consistent copy of everything the read models cannot be rebuilt from — the
 * event log, the tables beside it (logins, password links, group names, the families' keys, mail
 * and push logs, idempotency answers, settings, checkpoints of the reactors) and the schema with
 * its migrations. A REPEATABLE READ transaction exports its snapshot; the manifest (row counts,
 * the log's end, the erased families) is read in it and pg_dump dumps exactly that snapshot, so
 * both describe the same moment while the app keeps writing. Written to `<file>.part` and renamed
 * when complete.
 */
export async function backup(config: Config, argv: string[], output: CommandOutput = STD): Promise<number> {
  let file: string;
  try {
    const { positionals } = parseArgs({ args: argv, options: BACKUP_OPTIONS, allowPositionals: true });
    if (positionals.length !== 1) throw new Error('Name the file to write the backup to.');
    file = path.resolve(positionals[0]!);
  } catch (error) {
    output.stderr.write(`${(error as Error).message}\n${BACKUP_USAGE}\n`);
    return 2;
  }
  if (config.EVENT_STORE !== 'postgres') {
    output.stderr.write(
      'The event log is in EventStoreDB: this command backs up the PostgreSQL event store only. ' +
        "Back up EventStoreDB with its own tools together with PostgreSQL's tables (docs/sicherung.md).\n",
    );
    return 1;
  }
  const pgDump = await toolVersion('pg_dump');
  if (!pgDump) {
    output.stderr.write(
      'pg_dump was not found on PATH. Install the PostgreSQL client tools (Debian: apt-get install postgresql-client).\n',
    );
    return 1;
  }
  const started = performance.now();
  const pool = createPool(config.DATABASE_URL, 1);
  const client = await pool.connect();
  const part = `${file}.part`;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const snapshot = (await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id')).rows[0]!.id;
    const manifest = await readManifest(client, config.DATABASE_URL);
    if (!manifest) {
      output.stderr.write('This database holds no event log (no table events): nothing to back up.\n');
      return 1;
    }
    const { dbname, env } = pgToolConnection(config.DATABASE_URL);
    const args = [
      '--format=custom',
      '--compress=6',
      `--snapshot=${snapshot}`,
      '--no-owner',
      '--no-privileges',
      ...EXCLUDED_SCHEMAS.map((s) => `--exclude-schema=${s}`),
      ...EXCLUDED_TABLE_DATA.map((t) => `--exclude-table-data=${t}`),
      `--dbname=${dbname}`,
    ];
    const out = createWriteStream(part, { mode: 0o600 });
    out.write(`${BACKUP_MAGIC} ${JSON.stringify(manifest)}\n`);
    const dump = spawn('pg_dump', args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let errors = '';
    dump.stderr.on('data', (chunk) => {
      errors += chunk;
    });
    dump.stdout.pipe(out);
    const [code] = (await once(dump, 'close')) as [number | null];
    if (!out.writableFinished) await once(out, 'finish');
    if (code !== 0) {
      await rm(part, { force: true });
      output.stderr.write(`pg_dump failed (exit ${code}): ${errors.trim()}\n`);
      return 1;
    }
    const handle = await open(part, 'r');
    await handle.sync();
    await handle.close();
    await rename(part, file);
    const { size } = await stat(file);
    const seconds = (performance.now() - started) / 1000;
    output.stdout.write(
      `Backup written to ${file}: ${megabytes(size)} in ${seconds.toFixed(2)} s — ${manifest.events.count} events, ` +
        `${Object.keys(manifest.tables).length} tables, ${manifest.erasedFamilies.length} erased families; ` +
        `schema at migration ${Math.max(0, ...manifest.migrations)}. Read models are not in it: restore rebuilds them.\n`,
    );
    return 0;
  } finally {
    await client.query('ROLLBACK').catch(() => undefined);
    client.release();
    await pool.end();
    await rm(part, { force: true });
  }
}

/** The manifest, read in the backup's snapshot; null when the database has no event log. */
async function readManifest(client: pg.ClientBase, databaseUrl: string): Promise<BackupManifest | null> {
  const { rows: tables } = await client.query<{ name: string }>(
    "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
  );
  if (!tables.some((t) => t.name === 'events')) return null;
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    counts[name] = EXCLUDED_TABLE_DATA.includes(name)
      ? 0
      : Number((await client.query(`SELECT count(*) AS n FROM public.${pg.escapeIdentifier(name)}`)).rows[0].n);
  }
  const migrations = tables.some((t) => t.name === 'schema_migrations')
    ? (await client.query<{ id: number }>('SELECT id FROM schema_migrations ORDER BY id')).rows.map((r) => r.id)
    : [];
  const end = (
    await client.query<{ last: number | null; tx: string | null }>(
      'SELECT max(global_position) AS last, max(transaction_id)::text AS tx FROM events',
    )
  ).rows[0]!;
  const { rows: erased } = await client.query<{ elternId: string; grund: string; actorId: string | null; recordedAt: Date }>(
    `SELECT data->>'elternId' AS "elternId", data->>'grund' AS grund, metadata->>'actorId' AS "actorId", recorded_at AS "recordedAt"
       FROM events WHERE event_type = 'PersonendatenGeloescht' ORDER BY global_position`,
  );
  const server = (await client.query<{ v: string }>('SHOW server_version')).rows[0]!.v;
  // The snapshot's transaction began when the snapshot was taken: its now() is the backup's moment.
  const at = (await client.query<{ at: Date }>('SELECT now() AS at')).rows[0]!.at;
  return {
    format: 1,
    createdAt: new Date(at).toISOString(),
    database: new URL(databaseUrl).pathname.slice(1),
    server,
    migrations,
    tables: counts,
    events: { count: counts.events ?? 0, lastPosition: end.last, maxTransactionId: end.tx },
    erasedFamilies: erased.map((e) => ({ ...e, recordedAt: new Date(e.recordedAt).toISOString() })),
  };
}
