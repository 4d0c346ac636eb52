import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { registriereEltern } from '@waldkita/command-api/eltern/registriere-eltern';
import { loadConfig } from '@waldkita/platform/config';
import { NODE_FLAGS } from '@waldkita/platform/node-flags';
import { createTestDatabase } from '@waldkita/platform/testing/test-database';
import { openRuntime } from '../runtime.js';
import { TEST_JWT_SECRET } from './test-app.js';

/** The built app's entry point: tests that need a real process of its own run it (npm test builds it first). */
export const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

export function pruefeBuild() {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: this test runs the built app (npm test builds it first)`);
}

export const freierPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

export type AppProzess = { prozess: ChildProcess; baseUrl: string; beende: (signal: 'SIGKILL' | 'SIGTERM') => Promise<void> };

/**
 * `node cli/dist/main.js start` on `databaseUrl` and a free port, in a process of its own;
 * resolves once it listens. `beende` sends the signal and waits until the process has gone.
 */
export async function starteAppProzess(databaseUrl: string, env: NodeJS.ProcessEnv = {}): Promise<AppProzess> {
  const port = await freierPort();
  const prozess = spawn(process.execPath, [...NODE_FLAGS, MAIN, 'start'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: TEST_JWT_SECRET,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let ausgabe = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the app did not start:\n${ausgabe}`)), 30_000);
    const lies = (d: Buffer) => {
      ausgabe += d;
      if (ausgabe.includes('listening on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    prozess.stdout!.on('data', lies);
    prozess.stderr!.on('data', lies);
    prozess.once('exit', (code) => reject(new Error(`the app exited (${code}):\n${ausgabe}`)));
  });
  prozess.removeAllListeners('exit');
  const beende = async (signal: 'SIGKILL' | 'SIGTERM') => {
    if (prozess.exitCode !== null || prozess.signalCode !== null) return;
    const beendet = new Promise((resolve) => prozess.once('exit', resolve));
    prozess.kill(signal);
    await beendet;
  };
  return { prozess, baseUrl: `http://127.0.0.1:${port}`, beende };
}

/** A fresh database holding `anzahl` families (e-mail `email(i)`, all with one password), for an app process to start on. */
export async function datenbankMitFamilien(name: string, anzahl: number, email: (i: number) => string, passwort: string) {
  const db = await createTestDatabase(name);
  const config = loadConfig({ ...process.env, NODE_ENV: 'test', DATABASE_URL: db.databaseUrl, JWT_SECRET: TEST_JWT_SECRET });
  const runtime = await openRuntime(config, { redis: false });
  try {
    for (let i = 0; i < anzahl; i++)
      await registriereEltern(
        runtime,
        { nachname: `Familie${i}`, nameKind: null, email: email(i), gruppeId: null, rollen: ['ROLE_ELTERN'], passwort },
        { actorId: null },
      );
  } finally {
    await runtime.close();
  }
  return db;
}
