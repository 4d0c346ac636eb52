import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { entferneFamilie } from '@waldkita/command-api/admin/eltern-admin-routes';
import { elternDecider, elternStream, type LoeschGrund } from '@waldkita/domain/eltern/eltern';
import { fold } from '@waldkita/domain/shared/decider';
import { type Config, queuePrefix } from '@waldkita/platform/config';
import { loeschePersonendaten, mailOrdnerVon } from '@waldkita/platform/datenschutz/loesche-personendaten';
import { migrate } from '@waldkita/platform/db/migrations';
import { createPool, ensureDatabase } from '@waldkita/platform/db/postgres';
import { CHECKPOINT } from '@waldkita/platform/read-models';
import { replayReadModels } from '@waldkita/projector/app';
import type pg from 'pg';
import { openRuntime } from '../runtime.js';
import { audit } from './audit.js';
import {
  BACKUP_MAGIC,
  type BackupManifest,
  type CommandOutput,
  type ErasedFamily,
  EXCLUDED_TABLE_DATA,
  pgToolConnection,
  toolVersion,
} from './backup.js';
import { replay } from './replay.js';
import { RESTORE_OPTIONS, RESTORE_USAGE } from './usage.js';

const STD: CommandOutput = { stdout: process.stdout, stderr: process.stderr };

/** Transaction ids burnt per transaction while the server's counter is moved past the log's (see advanceTransactionIds). */
const BURN_PER_TRANSACTION = 100_000;
/** Beyond this distance the counter is not moved by burning ids (about 65,000 a second): pg_resetwal is the tool. */
const BURN_AT_MOST = 50_000_000n;

class BackupFileError extends Error {}

/** The manifest line of a backup file and where the pg_dump archive after it begins. */
export async function readBackupManifest(file: string): Promise<{ manifest: BackupManifest; archiveOffset: number }> {
  const handle = await open(file, 'r');
  try {
    const chunks: Buffer[] = [];
    let read = 0;
    for (;;) {
      const buffer = Buffer.alloc(64 * 1024);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, read);
      if (bytesRead === 0) break;
      chunks.push(buffer.subarray(0, bytesRead));
      read += bytesRead;
      const newline = Buffer.concat(chunks).indexOf(0x0a);
      if (newline >= 0) {
        const line = Buffer.concat(chunks).subarray(0, newline).toString('utf8');
        if (!line.startsWith(`${BACKUP_MAGIC} `)) break;
        return { manifest: JSON.parse(line.slice(BACKUP_MAGIC.length + 1)) as BackupManifest, archiveOffset: newline + 1 };
      }
      if (read > 16 * 1024 * 1024) break;
    }
    throw new BackupFileError(`${file} is not a backup written by \`npm run backup\` (its first line is not "${BACKUP_MAGIC} {…}").`);
  } finally {
    await handle.close();
  }
}

/** What the database holds besides PostgreSQL's own catalogs: relations, functions, schemas. */
async function contentsOf(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ what: string }>(
    `SELECT n.nspname || '.' || c.relname AS what FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%' AND n.nspname NOT LIKE 'pg_temp%'
     UNION ALL
     SELECT 'function ' || n.nspname || '.' || p.proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
       WHERE n.nspname NOT IN ('pg_catalog', 'information_schema')
     UNION ALL
     SELECT 'schema ' || nspname FROM pg_namespace
       WHERE nspname NOT IN ('pg_catalog', 'information_schema', 'public') AND nspname NOT LIKE 'pg_toast%' AND nspname NOT LIKE 'pg_temp%'
     ORDER BY 1`,
  );
  return rows.map((r) => r.what);
}

/**
 * Events keep the transaction id that wrote them (`events.transaction_id`), and readers only see
 * events below the oldest running transaction. A database restored into another cluster (a new
 * server after a disaster) can find that cluster's counter below the log's ids: the log would be
 * invisible and new events would sort before old ones. The counter is moved past the log's
 * highest id by burning ids (a write in a subtransaction takes one), 100,000 per short
 * transaction. Answers how many were burnt.
 */
export async function advanceTransactionIds(pool: pg.Pool, maxTransactionId: string | null, onProgress: (left: bigint) => void) {
  if (maxTransactionId === null) return 0n;
  const target = BigInt(maxTransactionId);
  const client = await pool.connect();
  let burnt = 0n;
  try {
    await client.query('CREATE TEMP TABLE waldkita_xid_burn (i int)');
    for (;;) {
      const next = BigInt((await client.query<{ x: string }>('SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS x')).rows[0]!.x);
      if (next > target) return burnt;
      const gap = target - next + 1n;
      if (burnt === 0n && gap > BURN_AT_MOST)
        throw new Error(
          `This PostgreSQL server's transaction counter (${next}) is ${gap} behind the restored log's (${target}); ` +
            `that is too far to catch up by burning ids. Stop the server and move its counter on with ` +
            `pg_resetwal -x <a value above ${target & 0xffffffffn}> -e <epoch ${target >> 32n} or more> <data directory>, ` +
            'then restore into a new empty database again.',
        );
      onProgress(gap);
      const n = gap < BigInt(BURN_PER_TRANSACTION) ? Number(gap) : BURN_PER_TRANSACTION;
      await client.query(
        `DO $$ BEGIN FOR i IN 1..${n} LOOP BEGIN INSERT INTO waldkita_xid_burn VALUES (i); EXCEPTION WHEN OTHERS THEN NULL; END; END LOOP; END $$`,
      );
      await client.query('TRUNCATE waldkita_xid_burn');
      burnt += BigInt(n);
    }
  } finally {
    await client.query('DROP TABLE IF EXISTS waldkita_xid_burn').catch(() => undefined);
    client.release();
  }
}

/** Families to erase again: from a newer backup's manifest, or a text file with one family id per line (# comments). */
async function erasuresFrom(file: string): Promise<ErasedFamily[]> {
  try {
    return (await readBackupManifest(file)).manifest.erasedFamilies;
  } catch (error) {
    if (!(error instanceof BackupFileError)) throw error;
  }
  const ids = (await readFile(file, 'utf8'))
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter(Boolean);
  const bad = ids.find((id) => !/^[0-9a-f-]{36}$/i.test(id));
  if (bad) throw new BackupFileError(`${file}: "${bad}" is not a family id (one id per line, or a backup file).`);
  return ids.map((elternId) => ({ elternId, grund: 'antrag', actorId: null, recordedAt: '' }));
}

/**
 * `restore <file>`: loads a backup of `npm run backup` into an EMPTY database (refused
 * otherwise), checks every table's row count against the manifest, moves the server's
 * transaction counter past the log's when needed, runs the migrations this release has beyond
 * the backup's, rebuilds every read model from the log (the replay's two folds), optionally erases
 * again the families a newer backup or list names, and ends with `audit verify` and
 * `replay --check`. Exit 0 only when both pass.
 */
export async function restore(config: Config, argv: string[], output: CommandOutput = STD): Promise<number> {
  let file: string;
  let reapply: string | undefined;
  try {
    const { positionals, values } = parseArgs({ args: argv, options: RESTORE_OPTIONS, allowPositionals: true });
    if (positionals.length !== 1) throw new Error('Name the backup file to restore.');
    file = path.resolve(positionals[0]!);
    reapply = values['reapply-erasures'];
  } catch (error) {
    output.stderr.write(`${(error as Error).message}\n${RESTORE_USAGE}\n`);
    return 2;
  }
  const say = (line: string) => output.stderr.write(`${line}\n`);
  if (config.EVENT_STORE !== 'postgres') {
    say('EVENT_STORE is eventstoredb: this command restores backups of the PostgreSQL event store only (docs/sicherung.md).');
    return 1;
  }
  if (!(await toolVersion('pg_restore'))) {
    say('pg_restore was not found on PATH. Install the PostgreSQL client tools (Debian: apt-get install postgresql-client).');
    return 1;
  }
  let manifest: BackupManifest;
  let archiveOffset: number;
  let erasures: ErasedFamily[] = [];
  try {
    ({ manifest, archiveOffset } = await readBackupManifest(file));
    if (reapply) erasures = await erasuresFrom(path.resolve(reapply));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || error instanceof BackupFileError || error instanceof SyntaxError) {
      say((error as Error).message);
      return 1;
    }
    throw error;
  }
  const started = performance.now();
  const database = new URL(config.DATABASE_URL).pathname.slice(1);
  await ensureDatabase(config.DATABASE_URL);
  const pool = createPool(config.DATABASE_URL, 4);
  try {
    const client = await pool.connect();
    const found = await contentsOf(client).finally(() => client.release());
    if (found.length > 0) {
      say(
        `Die Datenbank "${database}" ist nicht leer (${found.length} Objekte, z. B. ${found.slice(0, 3).join(', ')}). ` +
          'Eine Sicherung wird nur in eine leere Datenbank eingespielt: lege eine neue an und setze DATABASE_URL auf sie. ' +
          `/ Database "${database}" is not empty: restore only into an empty database.`,
      );
      return 1;
    }
    say(`Restoring ${path.basename(file)} (taken ${manifest.createdAt}, ${manifest.events.count} events) into "${database}"…`);

    // 1. The archive, in one transaction: all of it or nothing.
    const { dbname, env } = pgToolConnection(config.DATABASE_URL);
    const load = spawn('pg_restore', ['--exit-on-error', '--single-transaction', '--no-owner', '--no-privileges', `--dbname=${dbname}`], {
      env,
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    let errors = '';
    load.stderr.on('data', (chunk) => {
      errors += chunk;
    });
    load.stdin.on('error', () => undefined); // pg_restore stopped early: its exit code and stderr tell why
    createReadStream(file, { start: archiveOffset }).pipe(load.stdin);
    const [code] = (await once(load, 'close')) as [number | null];
    if (code !== 0) {
      say(`pg_restore failed (exit ${code}); nothing was loaded: ${errors.trim()}`);
      return 1;
    }

    // 2. Every table holds what the manifest says.
    const wrong: string[] = [];
    for (const [table, rows] of Object.entries(manifest.tables)) {
      if (EXCLUDED_TABLE_DATA.includes(table)) continue;
      const { rows: n } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM public."${table.replaceAll('"', '""')}"`);
      if (n[0]!.n !== rows) wrong.push(`${table}: ${n[0]!.n} rows, the backup says ${rows}`);
    }
    if (wrong.length > 0) {
      say(`The restored tables do not match the backup's manifest:\n  ${wrong.join('\n  ')}`);
      return 1;
    }
    say(`Loaded ${Object.keys(manifest.tables).length} tables, row counts as in the manifest.`);

    // 3. The server's transaction counter past the log's, so the log is visible and stays in order.
    const burnt = await advanceTransactionIds(pool, manifest.events.maxTransactionId, (left) =>
      say(`Moving this server's transaction counter past the log's: ${left} ids to go…`),
    );
    if (burnt > 0n) say(`Transaction counter moved on by ${burnt}.`);

    // 4. The read models are rebuilt, not restored: their checkpoint goes (the reactors' stay).
    await pool.query('DELETE FROM projector_checkpoints WHERE name = $1', [CHECKPOINT]);
    const applied = await migrate(pool);
    say(
      applied === 0
        ? `Schema up to date (migration ${Math.max(0, ...manifest.migrations)}).`
        : `Applied ${applied} migration(s) of this release beyond the backup's.`,
    );
  } finally {
    await pool.end();
  }

  const runtime = await openRuntime(config, { redis: erasures.length > 0 });
  try {
    const result = await replayReadModels(runtime.store, runtime.pool);
    say(
      `Read models rebuilt from ${result.applied} events in ${result.seconds.toFixed(2)} s (${result.tables.length} tables, both folds agree).`,
    );
    if (erasures.length > 0) {
      const done = await eraseAgain(runtime, erasures);
      say(
        `Erasures re-applied: ${done.erased} of ${erasures.length} listed families erased again; ` +
          `${done.already} were already erased in this backup, ${done.unknown} are not in it.`,
      );
      // The read models follow at once, not only when the app's projector starts.
      if (done.erased > 0) await replayReadModels(runtime.store, runtime.pool);
    }
  } finally {
    await runtime.close();
  }

  const verify = await audit(config, ['verify'], { stdout: output.stdout as never, stderr: devNull as never });
  const check = await replay(config, ['--check'], { out: output.stdout, err: devNull });
  const seconds = (performance.now() - started) / 1000;
  if (verify !== 0 || check !== 0) {
    say(`Restore finished in ${seconds.toFixed(1)} s, but ${verify !== 0 ? 'audit verify' : 'replay --check'} failed (see above).`);
    return 1;
  }
  output.stdout.write(
    `Restored ${manifest.events.count} events into "${database}" in ${seconds.toFixed(1)} s; audit verify and replay --check pass.\n`,
  );
  if (!reapply)
    output.stdout.write(
      'Erasures made after this backup was taken are not in it: run `npm run restore` with --reapply-erasures <newer backup or list>, ' +
        'or erase those families again in the Admin Center (docs/sicherung.md).\n',
    );
  return 0;
}

const devNull = { write: () => true, isTTY: false };

/**
 * Erases again what a newer log had erased: a family still in the kindergarten in this backup is
 * removed first (as the Admin Center's 'Personendaten löschen' does), then its key, login and links
 * are destroyed with its PersonendatenGeloescht, attributed to whoever erased it then.
 */
async function eraseAgain(runtime: Awaited<ReturnType<typeof openRuntime>>, erasures: ErasedFamily[]) {
  const counts = { erased: 0, already: 0, unknown: 0 };
  const now = () => new Date();
  for (const { elternId, grund, actorId } of erasures) {
    const state = fold(elternDecider, (await runtime.store.readStream(elternStream(elternId))).events as never);
    if (state.status === 'unbekannt') counts.unknown++;
    else if (state.status === 'geloescht') counts.already++;
    else {
      // entferneFamilie's actor is the admin of the request; an erasure of the retention job had none.
      if (state.status === 'aktiv') await entferneFamilie({ store: runtime.store, now }, elternId, actorId as string);
      await loeschePersonendaten(
        { ...runtime, now, queuePrefix: queuePrefix(runtime.config), mailOrdner: mailOrdnerVon(runtime.config) },
        elternId,
        grund as LoeschGrund,
        actorId,
      );
      counts.erased++;
    }
  }
  return counts;
}
