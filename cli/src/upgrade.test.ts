import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Config } from '@waldkita/platform/config';
import { migrate } from '@waldkita/platform/db/migrations';
import { createPool } from '@waldkita/platform/db/postgres';
import { createEmptyTestDatabase } from '@waldkita/platform/testing/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from './commands/audit.js';
import { replay } from './commands/replay.js';
import { advanceTransactionIds } from './commands/restore.js';
import { antwortenDerSaison, http, type Saison } from './testing/saison.js';
import { startTestApp, type TestApp } from './testing/test-app.js';

/**
 * The previous release (commit d51739d, before duty kinds, the push log and idempotency keys)
 * wrote a season through its HTTP API; its database was dumped with pg_dump (plain SQL, gzip) by
 * cli/test-fixtures/make-upgrade-dump.mjs, which also recorded what the old release answered.
 * The current code must carry that database forward.
 */
const RELEASE = 'd51739d';
const FIXTURES = path.join(import.meta.dirname, '..', 'test-fixtures');
const fixture = JSON.parse(readFileSync(path.join(FIXTURES, `upgrade-${RELEASE}.json`), 'utf8')) as {
  release: string;
  jetzt: string;
  saison: Saison;
  antworten: Record<string, unknown>;
};
/** The current code runs with the old release's clock, so 'swappable' and the distribution mean the same weeks. */
const JETZT = new Date(fixture.jetzt);

const ausgabe = () => {
  const out = { text: '', write: (text: string) => (out.text += text), isTTY: false, columns: 120 };
  return out;
};

/** psql loads the plain dump into the empty database, in one transaction, stopping at the first error. */
async function loadDump(databaseUrl: string) {
  const sql = gunzipSync(readFileSync(path.join(FIXTURES, `upgrade-${RELEASE}.sql.gz`)));
  const psql = spawn('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--single-transaction', `--dbname=${databaseUrl}`], {
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  let errors = '';
  psql.stderr.on('data', (chunk) => {
    errors += chunk;
  });
  psql.stdin.end(sql);
  const [code] = await once(psql, 'close');
  if (code !== 0) throw new Error(`psql failed (${code}): ${errors}`);
  // The dump was written on another PostgreSQL server: this one's transaction counter may still be
  // below the log's ids (a freshly set-up machine), which would hide the log from every reader.
  // An upgrade in place never meets this; the dump stands in for that database, so the counter is
  // moved on as `npm run restore` does for a database that moved servers.
  const pool = createPool(databaseUrl, 1);
  try {
    const { rows } = await pool.query<{ tx: string | null }>('SELECT max(transaction_id)::text AS tx FROM events');
    await advanceTransactionIds(pool, rows[0]!.tx, () => undefined);
  } finally {
    await pool.end();
  }
}

type Migration = { id: number; applied_at: string };

describe(`upgrade: a database written by the previous release (${RELEASE}) under the current code`, () => {
  let db: Awaited<ReturnType<typeof createEmptyTestDatabase>>;
  let app: TestApp | null = null;
  let config: Config;
  let vorher: Migration[];
  const migrations = async () => {
    const pool = createPool(db.databaseUrl, 1);
    try {
      return (await pool.query<Migration>('SELECT id, applied_at::text FROM schema_migrations ORDER BY id')).rows;
    } finally {
      await pool.end();
    }
  };

  beforeAll(async () => {
    db = await createEmptyTestDatabase('waldkita_upgrade');
    await loadDump(db.databaseUrl);
    vorher = await migrations();
    app = await startTestApp({ now: () => JETZT, env: { DATABASE_URL: db.databaseUrl } });
    config = app.runtime.config;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('runs the migrations the old release did not have, once: a second start applies none', async () => {
    expect(vorher.map((m) => m.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const nachStart = await migrations();
    expect(nachStart.slice(0, vorher.length)).toEqual(vorher);
    expect(nachStart.length).toBeGreaterThan(vorher.length);
    expect(nachStart.map((m) => m.id)).toEqual(nachStart.map((_, i) => i + 1));
    // Again, directly and by a second start of the app.
    const pool = createPool(db.databaseUrl, 1);
    try {
      expect(await migrate(pool)).toBe(0);
    } finally {
      await pool.end();
    }
    await app!.close();
    app = await startTestApp({ now: () => JETZT, env: { DATABASE_URL: db.databaseUrl } });
    expect(await migrations()).toEqual(nachStart);
  }, 120_000);

  it('audit verify and replay --check pass on the carried-forward database', async () => {
    const a = { stdout: ausgabe(), stderr: ausgabe() };
    expect(await audit(config, ['verify'], a as never)).toBe(0);
    expect(a.stdout.text).toMatch(/Hash-Kette intakt/);
    expect(a.stdout.text).toMatch(/Tabellen neben dem Log .* stimmen mit dem Log überein/);
    const r = { out: ausgabe(), err: ausgabe() };
    // The projector of the current code has caught up with the old log before the check compares.
    await antwortenDerSaison(app!.baseUrl, { ...fixture.saison, familien: [] }, { dienstarten: false });
    expect({ code: await replay(config, ['--check'], r), text: r.out.text }).toMatchObject({ code: 0 });
  }, 120_000);

  it('every family still signs in and sees what the old release showed it: its duties, absences, swaps; the admin its lists', async () => {
    const nachher = await antwortenDerSaison(app!.baseUrl, fixture.saison, { dienstarten: false });
    expect(Object.keys(nachher)).toEqual(Object.keys(fixture.antworten));
    // The current release may add fields; every field the old one answered must be there with the same value.
    for (const [key, value] of Object.entries(fixture.antworten)) expect([key, nachher[key]]).toMatchObject([key, value]);
  }, 120_000);

  it('every family sees its water duties among its dates of every kind (/api/dienste/meine), and a removed family no longer signs in', async () => {
    const { ok, anmelden } = http(app!.baseUrl);
    for (const familie of fixture.saison.familien) {
      const login = await anmelden(familie.email, familie.passwort);
      if (familie.entfernt) {
        expect([familie.nachname, login.status]).toEqual([familie.nachname, 401]);
        continue;
      }
      const wasser = fixture.antworten[`${familie.nachname} my-assignments`] as { id: string }[];
      expect(wasser.length).toBeGreaterThan(0);
      const meine = await ok<{ id: string; dienstartId: string }[]>(login.jwt, 'GET', '/api/dienste/meine');
      expect(meine.filter((d) => d.dienstartId === 'wasserdienst').map((d) => d.id)).toEqual(wasser.map((d) => d.id));
    }
  }, 120_000);
});
