// Makes the upgrade fixture: a database written by the PREVIOUS release, dumped as plain SQL.
//
//   git worktree add --detach /tmp/waldkita-d51739d d51739d
//   (cd /tmp/waldkita-d51739d && <node_modules as below> && npx tsc -b)
//   node cli/test-fixtures/make-upgrade-dump.mjs /tmp/waldkita-d51739d
//   git worktree remove --force /tmp/waldkita-d51739d
//
// node_modules of the worktree: a directory holding a symlink to each entry of this checkout's
// node_modules except @waldkita, whose entries point to the worktree's own packages (a symlink of
// the whole folder would resolve @waldkita/* to the current code); command-api/node_modules is
// linked as it is. The old release then runs with its own code and the same dependencies.
//
// It starts the old release (`node <worktree>/cli/dist/main.js start`, every role) on a new
// database, creates the admin with its CLI, writes a season through the HTTP API with
// cli/src/testing/saison.ts (only routes the old release has), records the answers the old
// release gives every family and the admin, stops it, and writes
//   cli/test-fixtures/upgrade-<release>.sql.gz  pg_dump --format=plain, gzip -9
//   cli/test-fixtures/upgrade-<release>.json    the release, its clock, the season's logins, the answers
// cli/src/upgrade.test.ts starts the current code on that dump.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as netServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { Redis } from 'ioredis';
import pg from 'pg';
import { createServer } from 'vite';

const worktree = path.resolve(process.argv[2] ?? '/tmp/waldkita-d51739d');
const root = fileURLToPath(new URL('../../', import.meta.url));
const release = execFileSync('git', ['-C', worktree, 'rev-parse', '--short=7', 'HEAD']).toString().trim();
const serverUrl = process.env.TEST_DATABASE_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `waldkita_upgrade_src_${randomBytes(3).toString('hex')}`;
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
const queuePrefix = `waldkita-upgrade-${randomBytes(3).toString('hex')}`;

const admin = async (sql) => {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(sql).finally(() => client.end());
};
const freePort = () =>
  new Promise((resolve) => {
    const s = netServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const webDist = mkdtempSync(path.join(tmpdir(), 'waldkita-upgrade-web-'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Waldkita</title>');
const mailDir = mkdtempSync(path.join(tmpdir(), 'waldkita-upgrade-mail-'));
const port = await freePort();
const env = {
  ...process.env,
  DATABASE_URL: databaseUrl,
  JWT_SECRET: 'upgrade-fixture-secret-that-is-long-enough-0123456789',
  WEB_DIST: webDist,
  MAIL_DIR: mailDir,
  PORT: String(port),
  QUEUE_PREFIX: queuePrefix,
  WEATHER_API_URL: 'http://127.0.0.1:9/v1/forecast',
  LOG_LEVEL: 'warn',
};
const ADMIN = { email: 'leitung.upgrade@example.org', passwort: 'Leitung-Upgrade-2026' };
const oldCli = path.join(worktree, 'cli/dist/main.js');

await admin(`CREATE DATABASE "${name}"`);
let app;
const vite = await createServer({
  configFile: false,
  root,
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false },
  optimizeDeps: { noDiscovery: true, include: [] },
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
});
try {
  execFileSync('node', [oldCli, 'admin', 'create-admin', '--email', ADMIN.email, '--password', ADMIN.passwort, '--nachname', 'Leitung'], {
    env,
    stdio: 'inherit',
  });
  app = spawn('node', [oldCli, 'start'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const up = await fetch(`${baseUrl}/`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 120) throw new Error('the old release did not answer within 60 s');
    await new Promise((r) => setTimeout(r, 500));
  }
  const { schreibeSaison, antwortenDerSaison } = await vite.ssrLoadModule(path.join(root, 'cli/src/testing/saison.ts'));
  const jetzt = new Date();
  const saison = await schreibeSaison({ baseUrl, admin: ADMIN, jetzt, kennung: 'upgrade' });
  const antworten = await antwortenDerSaison(baseUrl, saison, { dienstarten: false });
  app.kill('SIGTERM');
  await new Promise((r) => app.once('exit', r));
  app = null;

  const sql = execFileSync('pg_dump', ['--format=plain', '--no-owner', '--no-privileges', `--dbname=${databaseUrl}`], {
    maxBuffer: 256 * 1024 * 1024,
  });
  const dump = path.join(root, `cli/test-fixtures/upgrade-${release}.sql.gz`);
  writeFileSync(dump, gzipSync(sql, { level: 9 }));
  writeFileSync(
    path.join(root, `cli/test-fixtures/upgrade-${release}.json`),
    `${JSON.stringify({ release, jetzt: jetzt.toISOString(), saison, antworten }, null, 2)}\n`,
  );
  console.log(`${dump}: ${sql.length} bytes of SQL, ${gzipSync(sql, { level: 9 }).length} gzipped`);
} finally {
  app?.kill('SIGKILL');
  await vite.close();
  await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const keys = await redis.keys(`${queuePrefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
  rmSync(webDist, { recursive: true, force: true });
  rmSync(mailDir, { recursive: true, force: true });
}
