import { createServer, type Server, Socket } from 'node:net';
import type { createTestDatabase } from '@waldkita/platform/testing/test-database';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AppProzess, datenbankMitFamilien, pruefeBuild, starteAppProzess } from './testing/app-prozess.js';

/**
 * Stopping within 10 s of SIGTERM (compose's default stop_grace_period before SIGKILL), whatever
 * the process is doing: the built app in a process of its own (`node cli/dist/main.js start`).
 */

const PASSWORT = 'waldlaeufer-2026';
const FAMILIEN = 5;
const email = (i: number) => `familie${i}@stoppen.example`;

/** Sends SIGTERM and resolves with the ms until the process has gone, and its exit code. */
const stoppeUndMiss = (app: AppProzess) =>
  new Promise<{ ms: number; code: number | null }>((resolve) => {
    const beginn = performance.now();
    app.prozess.once('exit', (code) => resolve({ ms: performance.now() - beginn, code }));
    app.prozess.kill('SIGTERM');
  });

/**
 * A TCP proxy in front of Postgres that can go silent: `schwarzesLoch()` makes it forward nothing
 * more in either direction and leave new connections unanswered, keeping every socket open — a
 * database host that vanished from the network, not one that refuses.
 */
async function dbProxy(ziel: { host: string; port: number }) {
  let stumm = false;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on('error', () => undefined);
    client.on('close', () => sockets.delete(client));
    if (stumm) return; // accepted, never answered
    const upstream = new Socket();
    upstream.on('error', () => undefined);
    sockets.add(upstream);
    upstream.connect(ziel.port, ziel.host);
    client.on('data', (d) => {
      if (!stumm) upstream.write(d);
    });
    upstream.on('data', (d) => {
      if (!stumm) client.write(d);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    schwarzesLoch() {
      stumm = true;
    },
    async schliesse() {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('stopping within 10 s of SIGTERM', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let child: AppProzess | null = null;

  const anmelden = (baseUrl: string, i: number) =>
    fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `203.0.113.${i + 1}` },
      body: new URLSearchParams({ email: email(i % FAMILIEN), kennwort: PASSWORT }).toString(),
    }).then(
      (antwort) => antwort.status,
      () => 'abgebrochen' as const,
    );

  beforeAll(async () => {
    pruefeBuild();
    db = await datenbankMitFamilien('waldkita_stoppen', FAMILIEN, email, PASSWORT);
  }, 120_000);
  afterEach(async () => {
    await child?.beende('SIGKILL');
    child = null;
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('with 50 sign-ins in flight: waiting hashes are refused, not worked off, and the process exits within 10 s', async () => {
    child = await starteAppProzess(db.databaseUrl, { TRUST_PROXY: '127.0.0.1', QUEUE_PREFIX: `stoppen-${db.name}` });
    const antworten = Array.from({ length: 50 }, (_, i) => anmelden(child!.baseUrl, i));
    await new Promise((r) => setTimeout(r, 500)); // the sign-ins have reached the hash queue
    const { ms, code } = await stoppeUndMiss(child);
    const status = await Promise.all(antworten);
    const zaehle = (s: number | string) => status.filter((x) => x === s).length;
    console.log(
      `SIGTERM with 50 sign-ins in flight: exited after ${Math.round(ms)} ms (code ${code}); ` +
        `answers: ${zaehle(200)}×200, ${zaehle(503)}×503, ${zaehle('abgebrochen')} without an answer`,
    );
    expect(ms).toBeLessThan(10_000);
    expect(code).toBe(0);
  }, 60_000);

  it('with the database gone silent (a proxy that forwards nothing more), the process still exits within 10 s', async () => {
    const url = new URL(db.databaseUrl);
    const proxy = await dbProxy({ host: url.hostname, port: Number(url.port || 5432) });
    try {
      url.hostname = '127.0.0.1';
      url.port = String(proxy.port);
      child = await starteAppProzess(url.toString(), { TRUST_PROXY: '127.0.0.1', QUEUE_PREFIX: `stoppen-db-${db.name}` });
      // Requests that need the database are in flight when it goes silent, and stay there.
      expect(await anmelden(child.baseUrl, 0)).toBe(200);
      proxy.schwarzesLoch();
      const haengend = Array.from({ length: 10 }, (_, i) => anmelden(child!.baseUrl, i));
      await new Promise((r) => setTimeout(r, 500));
      const { ms, code } = await stoppeUndMiss(child);
      const status = await Promise.all(haengend);
      console.log(
        `SIGTERM with the database silent and 10 requests waiting on it: exited after ${Math.round(ms)} ms (code ${code}); ` +
          `answers: ${status.join(', ')}`,
      );
      expect(ms).toBeLessThan(10_000);
    } finally {
      await proxy.schliesse();
    }
  }, 60_000);
});
