import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NODE_FLAGS } from '@waldkita/platform/node-flags';
import { createTestDatabase, dropTestDatabase } from '@waldkita/platform/testing/test-database';
import { removeTestQueues } from '@waldkita/platform/testing/test-queues';
import { startWetterStandIn } from './wetter-stand-in.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CLI = path.join(root, 'cli/dist/main.js');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

export type CliResult = { code: number | null; stdout: string; stderr: string };

/** Runs the built CLI as an operator would, with the given environment. */
export const runCli = (args: string[], env: NodeJS.ProcessEnv, timeoutMs = 60_000) =>
  new Promise<CliResult>((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });

/**
 * The built app (`node cli/dist/main.js start`, every role in one process, the built web client)
 * on a fresh database and a free port, as `npm start` runs it. The weather comes from a local
 * stand-in for Open-Meteo (wetter-stand-in.ts), unless `extraEnv` names a WEATHER_API_URL.
 */
export async function startBuiltApp(extraEnv: NodeJS.ProcessEnv = {}) {
  const db = await createTestDatabase('waldkita_e2e');
  await db.pool.end();
  // The stand-in takes its port before the app's is chosen, so the two can never be the same.
  const wetter = extraEnv.WEATHER_API_URL ? null : await startWetterStandIn();
  for (let versuch = 1; ; versuch++) {
    const port = await freePort();
    const env = {
      DATABASE_URL: db.databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'e2e-secret-that-is-long-enough-0123456789abcdef',
      APP_URL: `http://127.0.0.1:${port}`,
      KITA_WEBSITE_URL: `http://127.0.0.1:${port}/kita-website-stand-in`,
      // Browser tests never ask the real Open-Meteo.
      WEATHER_API_URL: wetter?.url,
      // Mail jobs in queues of this app alone (removed on stop); without SMTP_URL, .eml files go to the temp dir.
      QUEUE_PREFIX: `e2e-${db.name}`,
      MAIL_DIR: path.join(tmpdir(), `${db.name}-mail`),
      ...extraEnv,
    };
    const gestartet = await startOnPort(env);
    if (gestartet.ok) return builtApp(gestartet.child, gestartet.output, env, db.name, wetter);
    // Another process took the port between choosing it and the app's listen: choose again.
    if (gestartet.portBelegt && versuch < 3) continue;
    await wetter?.close();
    throw new Error(gestartet.fehler);
  }
}

/**
 * Spawns the app on `env.PORT` and waits until that port answers as the app: `/api/public-config`
 * with the app's KITA_WEBSITE_URL. Any other server that might hold the port (another test's
 * stand-in answers every path with 200) does not count as the app.
 */
async function startOnPort(env: NodeJS.ProcessEnv & { PORT: string; KITA_WEBSITE_URL: string }) {
  const child: ChildProcess = spawn(process.execPath, [...NODE_FLAGS, CLI, 'start'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const ausgabe = { text: '' };
  child.stdout?.on('data', (d) => {
    ausgabe.text += d;
  });
  child.stderr?.on('data', (d) => {
    ausgabe.text += d;
  });
  const baseUrl = `http://127.0.0.1:${env.PORT}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      return {
        ok: false as const,
        portBelegt: ausgabe.text.includes('EADDRINUSE'),
        fehler: `app exited during start-up:\n${ausgabe.text}`,
      };
    const istDieApp = await fetch(`${baseUrl}/api/public-config`).then(
      async (r) => r.ok && ((await r.json()) as { kitaWebsiteUrl?: string }).kitaWebsiteUrl === env.KITA_WEBSITE_URL,
      () => false,
    );
    if (istDieApp) return { ok: true as const, child, output: ausgabe };
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      return { ok: false as const, portBelegt: false, fehler: `app did not start within 30 s:\n${ausgabe.text}` };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function builtApp<Env extends { PORT: string; QUEUE_PREFIX: string; DATABASE_URL: string }>(
  child: ChildProcess,
  ausgabe: { text: string },
  env: Env,
  dbName: string,
  wetter: Awaited<ReturnType<typeof startWetterStandIn>> | null,
) {
  const baseUrl = `http://127.0.0.1:${env.PORT}`;
  return {
    baseUrl,
    env,
    databaseUrl: env.DATABASE_URL,
    cli: (args: string[], timeoutMs?: number) => runCli(args, env, timeoutMs),
    output: () => ausgabe.text,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      await wetter?.close();
      await removeTestQueues(env.QUEUE_PREFIX);
      // the pool was ended above
      await dropTestDatabase(dbName);
    },
  };
}

export type BuiltApp = Awaited<ReturnType<typeof startBuiltApp>>;
