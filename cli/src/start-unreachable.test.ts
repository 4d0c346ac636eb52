import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createTestDatabase } from '@waldkita/platform/testing/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The built CLI, as operators start it (`npm start`; `npm test` builds first): these tests time how
// soon it gives up on a silent service, and starting it from the sources through Vite took up to
// 16 s of that on a loaded 2-core machine, the built one well under a second.
const CLI = fileURLToPath(new URL('../dist/main.js', import.meta.url));

type Result = { code: number | null; stderr: string; ms: number };

/** Runs the built CLI in a child process; kills it after `timeoutMs` (code null then). */
const runCli = (args: string[], env: NodeJS.ProcessEnv, timeoutMs: number) =>
  new Promise<Result>((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, ms: performance.now() - started });
    });
  });

/** A TCP port that accepts connections and never says a word. */
async function silentServer() {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('start with a service that accepts connections but never answers', () => {
  let silent: Awaited<ReturnType<typeof silentServer>>;
  let db: Awaited<ReturnType<typeof createTestDatabase>>;

  beforeAll(async () => {
    if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build first (npm test does)`);
    silent = await silentServer();
    db = await createTestDatabase('waldkita_start');
  });
  afterAll(async () => {
    await silent?.close();
    await db?.drop();
  });

  const env = () => ({ NODE_ENV: 'test', PORT: '0', DATABASE_URL: db.databaseUrl, REDIS_URL: 'redis://127.0.0.1:6379' });

  it('stops within seconds with one line naming the Redis address and a hint for that port', async () => {
    const result = await runCli(['start'], { ...env(), REDIS_URL: `redis://127.0.0.1:${silent.port}` }, 20_000);
    expect(result.code, result.stderr).toBe(1);
    expect(result.ms).toBeLessThan(15_000);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe(
      `Redis at 127.0.0.1:${silent.port} is not reachable (no answer within 5 s). ` +
        `Start it, e.g. with: redis-server --daemonize yes --bind 127.0.0.1 --port ${silent.port} --save ''`,
    );
  }, 30_000);

  it('stops within seconds with one line naming the PostgreSQL address', async () => {
    const result = await runCli(['start'], { ...env(), DATABASE_URL: `postgres://postgres@127.0.0.1:${silent.port}/waldkita` }, 20_000);
    expect(result.code, result.stderr).toBe(1);
    expect(result.ms).toBeLessThan(15_000);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(
        `^PostgreSQL at 127\\.0\\.0\\.1:${silent.port} is not reachable \\(no answer within 5 s\\)\\. Start it, e\\.g\\. with: pg_ctlcluster`,
      ),
    );
  }, 30_000);

  it('stops within seconds with one line naming the EventStoreDB address', async () => {
    const result = await runCli(
      ['start'],
      { ...env(), EVENT_STORE: 'eventstoredb', EVENTSTORE_CONNECTION_STRING: `esdb://127.0.0.1:${silent.port}?tls=false` },
      20_000,
    );
    expect(result.code, result.stderr).toBe(1);
    expect(result.ms).toBeLessThan(15_000);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^EventStoreDB at 127\\.0\\.0\\.1:${silent.port} is not reachable \\(.+\\)\\. Start it`));
  }, 30_000);
});
