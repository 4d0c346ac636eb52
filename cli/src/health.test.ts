// Whole app: each role started as a process of its own, with hanging dependencies, and the projector's lag as it stops and starts.
import { randomUUID } from 'node:crypto';
import { createServer, type Server, Socket } from 'node:net';
import { registerHealth } from '@waldkita/platform/http/health';
import { createTestDatabase } from '@waldkita/platform/testing/test-database';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppProzess, pruefeBuild, starteAppProzess } from './testing/app-prozess.js';
import { json, startTestApp, type TestApp } from './testing/test-app.js';

/**
 * GET /healthz and /readyz on every role, each started as docker-compose starts it
 * (`node cli/dist/main.js start` with ROLE), and /readyz with a dependency that hangs.
 */

/**
 * A TCP relay in front of a real service that can be frozen: while frozen, no byte passes in
 * either direction and new connections wait, as with a server that hangs without closing.
 */
async function relay(targetPort: number) {
  let frozen = false;
  const waiting: (() => void)[] = [];
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  const forward = (from: Socket, to: Socket) => {
    from.on('data', (chunk) => {
      if (!to.write(chunk)) from.pause();
    });
    to.on('drain', () => {
      if (!frozen) from.resume();
    });
    from.on('close', () => to.destroy());
    from.on('error', () => to.destroy());
  };
  const server: Server = createServer((client) => {
    track(client);
    client.pause();
    const open = () => {
      const upstream = new Socket();
      track(upstream);
      upstream.connect(targetPort, '127.0.0.1');
      forward(client, upstream);
      forward(upstream, client);
      client.resume();
    };
    if (frozen) waiting.push(open);
    else open();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    freeze() {
      frozen = true;
      for (const socket of sockets) socket.pause();
    },
    thaw() {
      frozen = false;
      for (const socket of sockets) socket.resume();
      for (const open of waiting.splice(0)) open();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const get = async (baseUrl: string, path: string) => {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${path}`);
  return { status: response.status, headers: response.headers, body: await json(response), ms: performance.now() - started };
};

const untilReady = async (baseUrl: string, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await get(baseUrl, '/readyz');
    if (answer.status === 200 || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

describe('health of every role, each in a process of its own', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  const prozesse = new Map<string, AppProzess>();
  const redisRelay = relay(6379);
  const postgresRelay = relay(Number(new URL(process.env.TEST_DATABASE_SERVER_URL ?? 'postgres://x@127.0.0.1:5432').port || 5432));

  beforeAll(async () => {
    pruefeBuild();
    db = await createTestDatabase('waldkita_health');
    const viaRelay = new URL(db.databaseUrl);
    viaRelay.port = String((await postgresRelay).port);
    // LOG_LEVEL info: the start-up line ('listening on …') is an info line.
    const env = { QUEUE_PREFIX: `health-${randomUUID().slice(0, 8)}`, LOG_LEVEL: 'info' };
    const redisUrl = `redis://127.0.0.1:${(await redisRelay).port}`;
    // Each kept as soon as it runs, so afterAll stops it even when another one fails to start.
    const starte = async (role: string, databaseUrl: string, extra: NodeJS.ProcessEnv = {}) =>
      prozesse.set(role, await starteAppProzess(databaseUrl, { ...env, ROLE: role, ...extra }));
    await Promise.all([
      starte('all', db.databaseUrl),
      // command-api reaches Redis through a relay, query-api Postgres: both are frozen below.
      starte('command-api', db.databaseUrl, { REDIS_URL: redisUrl }),
      starte('query-api', viaRelay.toString()),
      starte('projector', db.databaseUrl),
    ]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([...prozesse.values()].map((p) => p.beende('SIGTERM')));
    await (await redisRelay).close();
    await (await postgresRelay).close();
    await db?.drop();
  });

  const url = (role: string) => prozesse.get(role)!.baseUrl;

  it.each(['all', 'command-api', 'query-api', 'projector'])('%s: /healthz answers 200 {status: ok}, uncached', async (role) => {
    const answer = await get(url(role), '/healthz');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'ok' });
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('/readyz names what each role depends on, and the projector’s lag where it runs', async () => {
    const answers = Object.fromEntries(
      await Promise.all(['all', 'command-api', 'query-api', 'projector'].map(async (role) => [role, await untilReady(url(role))] as const)),
    );
    for (const answer of Object.values(answers)) expect(answer.status).toBe(200);
    expect(answers.all!.body).toEqual({
      status: 'ok',
      checks: { postgres: 'ok', eventStore: 'ok', redis: 'ok', projector: 'ok' },
      projectorLagSeconds: expect.any(Number),
    });
    expect(answers['command-api']!.body).toEqual({ status: 'ok', checks: { postgres: 'ok', eventStore: 'ok', redis: 'ok' } });
    // query-api reads the read models only: no Redis.
    expect(answers['query-api']!.body).toEqual({ status: 'ok', checks: { postgres: 'ok', eventStore: 'ok' } });
    expect(answers.projector!.body).toEqual({
      status: 'ok',
      checks: { postgres: 'ok', eventStore: 'ok', redis: 'ok', projector: 'ok' },
      projectorLagSeconds: expect.any(Number),
    });
  });

  it('the projector role serves nothing but health', async () => {
    expect((await fetch(`${url('projector')}/api/auth/current-user`)).status).toBe(404);
  });

  it('a hanging Redis: /readyz answers 503 naming Redis within 3 s, /healthz stays 200, and it recovers', async () => {
    const redis = await redisRelay;
    redis.freeze();
    try {
      await new Promise((resolve) => setTimeout(resolve, 1100)); // past the reuse of the last answer
      const answer = await get(url('command-api'), '/readyz');
      expect(answer.status).toBe(503);
      expect(answer.body.checks).toEqual({ postgres: 'ok', eventStore: 'ok', redis: 'down' });
      expect(answer.body.message).toMatch(/^Nicht bereit: Redis antwortet nicht/);
      expect(answer.ms).toBeLessThan(3000);
      const alive = await get(url('command-api'), '/healthz');
      expect(alive.status).toBe(200);
      // Several at once while it hangs: each bounded, none piles up another ping.
      const many = await Promise.all(Array.from({ length: 20 }, () => get(url('command-api'), '/readyz')));
      expect(many.map((a) => a.status)).toEqual(Array(20).fill(503));
      expect(Math.max(...many.map((a) => a.ms))).toBeLessThan(3000);
    } finally {
      redis.thaw();
    }
    expect((await untilReady(url('command-api'))).status).toBe(200);
  });

  it('a hanging PostgreSQL: /readyz answers 503 naming PostgreSQL and the event store within 3 s, and it recovers', async () => {
    const postgres = await postgresRelay;
    postgres.freeze();
    try {
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const answer = await get(url('query-api'), '/readyz');
      expect(answer.status).toBe(503);
      expect(answer.body.checks).toEqual({ postgres: 'down', eventStore: 'down' });
      expect(answer.body.message).toMatch(/^Nicht bereit: PostgreSQL antwortet nicht.*; der Event-Store antwortet nicht/);
      expect(answer.ms).toBeLessThan(3000);
      expect((await get(url('query-api'), '/healthz')).status).toBe(200);
    } finally {
      postgres.thaw();
    }
    expect((await untilReady(url('query-api'))).status).toBe(200);
  });

  it('answers no personal data and no connection details', async () => {
    const redis = await redisRelay;
    redis.freeze();
    try {
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const text = JSON.stringify((await get(url('command-api'), '/readyz')).body);
      expect(text).not.toMatch(/127\.0\.0\.1|redis:\/\/|postgres:\/\/|@/);
    } finally {
      redis.thaw();
    }
  });
});

describe('/readyz and the projector’s lag (the real app, every role in one process)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  /** The app's own runtime behind a health route whose clock may run ahead. */
  const readyz = async (aheadMs: number) => {
    const server = Fastify();
    registerHealth(server, { ...app.runtime, projector: true, now: () => Date.now() + aheadMs });
    const response = await server.inject({ method: 'GET', url: '/readyz' });
    await server.close();
    return { status: response.statusCode, body: response.json() };
  };

  it('is ready while the projector keeps up, and names the projector once an event waits longer than 60 s', async () => {
    await app.familie({ email: `dachs-${randomUUID().slice(0, 8)}@example.org`, passwort: 'dachs12345', nachname: 'Dachs' });
    // Projected: nothing waits, whatever the clock says.
    await expect.poll(async () => (await readyz(10 * 60_000)).status, { timeout: 10_000 }).toBe(200);

    await app.stopProjector();
    await app.familie({ email: `marder-${randomUUID().slice(0, 8)}@example.org`, passwort: 'marder12345', nachname: 'Marder' });
    expect((await readyz(0)).status).toBe(200); // waiting for a moment is no lag
    // The new events are read once no older transaction runs (PostgresEventStore.readAll): poll.
    await expect.poll(async () => (await readyz(2 * 60_000)).status, { timeout: 5_000 }).toBe(503);
    const behind = await readyz(2 * 60_000);
    expect(behind.body.checks.projector).toBe('down');
    expect(behind.body.message).toMatch(/^Nicht bereit: der Projektor ist 1\d\d s im Rückstand \(erlaubt: 60 s\)\.$/);

    app.startProjector();
    await expect.poll(async () => (await readyz(10 * 60_000)).status, { timeout: 10_000 }).toBe(200);
  });
});
