// Whole app: the CLI's backup and restore commands (pg_dump of the whole database, the manifest), then audit verify and replay on the restored copy.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Config } from '@waldkita/platform/config';
import { createEmptyTestDatabase } from '@waldkita/platform/testing/test-database';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from './commands/audit.js';
import { backup } from './commands/backup.js';
import { replay } from './commands/replay.js';
import { readBackupManifest, restore } from './commands/restore.js';
import { antwortenDerSaison, http, type Saison, schreibeSaison } from './testing/saison.js';
import { startTestApp, type TestApp } from './testing/test-app.js';

/** Friday of ISO week 47 of 2026, 10:00 in Berlin. */
const JETZT = new Date('2026-11-20T10:00:00+01:00');
const ADMIN = { email: 'leitung.backup@example.org', passwort: 'Leitung-Backup-2026' };

const ausgabe = () => {
  const out = { text: '', write: (text: string) => (out.text += text), isTTY: false, columns: 120 };
  return out;
};
const io = () => ({ stdout: ausgabe(), stderr: ausgabe() });
const mitDatenbank = (config: Config, databaseUrl: string): Config => ({ ...config, DATABASE_URL: databaseUrl });

async function pruefe(config: Config) {
  const a = { stdout: ausgabe(), stderr: ausgabe() };
  const r = { out: ausgabe(), err: ausgabe() };
  return {
    audit: await audit(config, ['verify'], a as never),
    auditText: a.stdout.text,
    check: await replay(config, ['--check'], r),
    checkText: r.out.text,
  };
}

describe('backup and restore on the real app: a season, a backup, a restore into an empty database', () => {
  let app: TestApp;
  let wieder: TestApp | null = null;
  let saison: Saison;
  let vorher: Record<string, unknown>;
  const dir = mkdtempSync(path.join(tmpdir(), 'waldkita-sicherung-'));
  const datei = path.join(dir, 'saison.sicherung');
  const leere: { drop: () => Promise<void> }[] = [];
  let backupSekunden = 0;

  beforeAll(async () => {
    app = await startTestApp({ now: () => JETZT });
    await app.familie({ ...ADMIN, nachname: 'Leitung', rollen: ['ROLE_ADMIN'] });
    saison = await schreibeSaison({ baseUrl: app.baseUrl, admin: ADMIN, jetzt: JETZT, kennung: 'backup', dienstarten: true });
    vorher = await antwortenDerSaison(app.baseUrl, saison, { dienstarten: true });
  }, 120_000);
  afterAll(async () => {
    await wieder?.close();
    await app?.close();
    for (const db of leere) await db.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes one file from one snapshot: the log, the tables beside it and the keys, without read models', async () => {
    const out = io();
    const started = performance.now();
    expect(await backup(app.runtime.config, [datei], out)).toBe(0);
    backupSekunden = (performance.now() - started) / 1000;
    expect(out.stdout.text).toMatch(/^Backup written to .*saison\.sicherung: [\d.]+ MB in [\d.]+ s — \d+ events/);
    const { manifest } = await readBackupManifest(datei);
    const { rows } = await app.runtime.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM events');
    expect(manifest.events.count).toBe(rows[0]!.n);
    expect(manifest.tables).toMatchObject({ credentials: 9, personen_schluessel: 9, gruppen_namen: 2 });
    expect(Object.keys(manifest.tables)).not.toContain('rm.eltern');
    expect(manifest.erasedFamilies.map((e) => e.elternId)).toEqual([saison.familien.find((f) => f.nachname === 'Alt')!.elternId]);
    console.info(
      `backup of the season: ${manifest.events.count} events, ${(statSync(datei).size / 1024).toFixed(1)} KB, ${backupSekunden.toFixed(2)} s`,
    );
  });

  it('refuses a database that is not empty (exit 1, nothing changed), and wrong arguments (exit 2)', async () => {
    const out = io();
    const before = (await app.runtime.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM events')).rows[0]!.n;
    expect(await restore(app.runtime.config, [datei], out)).toBe(1);
    expect(out.stderr.text).toMatch(/ist nicht leer .*Eine Sicherung wird nur in eine leere Datenbank eingespielt/);
    expect((await app.runtime.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM events')).rows[0]!.n).toBe(before);
    expect(await restore(app.runtime.config, [], io())).toBe(2);
    expect(await restore(app.runtime.config, [datei, '--gibt-es-nicht'], io())).toBe(2);
    expect(await backup(app.runtime.config, [], io())).toBe(2);
    const kein = io();
    expect(await restore(app.runtime.config, [path.join(dir, 'fehlt')], kein)).toBe(1);
  });

  it('answers --help through the CLI without touching anything, and an unknown flag with its usage (exit 2)', async () => {
    const cli = path.join(import.meta.dirname, 'testing', 'cli-from-source.mjs');
    const env = { ...process.env, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' };
    const help = await promisify(execFile)('node', [cli, 'restore', '--help'], { env });
    expect(help.stdout).toMatch(/usage: npm run restore -- <file>/);
    const wrong = await promisify(execFile)('node', [cli, 'backup', '--zu-viel', 'x'], { env }).catch((e) => e);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/usage: npm run backup -- <file>/);
  }, 60_000);

  it('restores into an empty database: migrations, read models rebuilt, audit verify and replay --check pass', async () => {
    const leer = await createEmptyTestDatabase();
    leere.push(leer);
    const config = mitDatenbank(app.runtime.config, leer.databaseUrl);
    const out = io();
    const started = performance.now();
    const code = await restore(config, [datei], out);
    expect({ code, stderr: out.stderr.text }).toMatchObject({ code: 0 });
    console.info(`restore of the season: ${((performance.now() - started) / 1000).toFixed(2)} s`);
    expect(out.stdout.text).toMatch(/Hash-Kette intakt/);
    expect(out.stdout.text).toMatch(/The live read models match a fresh fold/);
    expect(out.stdout.text).toMatch(/audit verify and replay --check pass/);
    expect(out.stderr.text).toMatch(/Read models rebuilt from \d+ events/);

    wieder = await startTestApp({ now: () => JETZT, env: { DATABASE_URL: leer.databaseUrl } });
    const nachher = await antwortenDerSaison(wieder.baseUrl, saison, { dienstarten: true });
    expect(Object.keys(nachher)).toEqual(Object.keys(vorher));
    expect(nachher).toEqual(vorher);
    const erneut = await pruefe(config);
    expect(erneut).toMatchObject({ audit: 0, check: 0 });
  }, 120_000);

  it('every family still signs in on the restored app; the removed and the erased one do not', async () => {
    const { anmelden } = http(wieder!.baseUrl);
    for (const f of saison.familien)
      expect([f.nachname, (await anmelden(f.email, f.passwort)).status]).toEqual([f.nachname, f.entfernt ? 401 : 200]);
  });

  it('a restore of an older backup erases again the families a newer backup had erased (--reapply-erasures)', async () => {
    // After the first backup the admin erases Huber; a second backup holds that erasure.
    const { ok, anmelden } = http(app.baseUrl);
    const admin = (await anmelden(ADMIN.email, ADMIN.passwort)).jwt!;
    const huber = saison.familien.find((f) => f.nachname === 'Huber')!;
    await ok(admin, 'DELETE', `/api/admin/eltern/${huber.elternId}/personendaten`);
    const neuer = path.join(dir, 'neuer.sicherung');
    expect(await backup(app.runtime.config, [neuer], io())).toBe(0);

    const leer = await createEmptyTestDatabase();
    leere.push(leer);
    const config = mitDatenbank(app.runtime.config, leer.databaseUrl);
    const out = io();
    expect(await restore(config, [datei, '--reapply-erasures', neuer], out)).toBe(0);
    expect(out.stderr.text).toMatch(
      /Erasures re-applied: 1 of 2 listed families erased again; 1 were already erased in this backup, 0 are not in it/,
    );
    const pool = new pg.Pool({ connectionString: leer.databaseUrl, max: 1 });
    try {
      const keys = await pool.query('SELECT 1 FROM personen_schluessel WHERE eltern_id = $1', [huber.elternId]);
      expect(keys.rowCount).toBe(0);
      const logins = await pool.query('SELECT 1 FROM credentials WHERE eltern_id = $1', [huber.elternId]);
      expect(logins.rowCount).toBe(0);
      const { rows } = await pool.query<{ nachname: string }>('SELECT nachname FROM rm.eltern WHERE eltern_id = $1', [huber.elternId]);
      expect(rows[0]?.nachname).toBe('Gelöschte Familie 2'); // the number it had in the newer log: Alt, erased before, is 1;
    } finally {
      await pool.end();
    }
    expect(await pruefe(config)).toMatchObject({ audit: 0, check: 0 });
  }, 120_000);
});
