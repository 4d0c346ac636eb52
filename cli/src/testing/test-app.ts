import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type NeueEltern, registriereEltern } from '@waldkita/command-api/eltern/registriere-eltern';
import { legeGruppeAn } from '@waldkita/command-api/gruppe/lege-gruppe-an';
import { loadConfig } from '@waldkita/platform/config';
import { comparePositions, formatPosition, type Position, parsePosition } from '@waldkita/platform/event-store/event-store';
import { createTestDatabase } from '@waldkita/platform/testing/test-database';
import { startProjector, startWorkers, type Workers } from '@waldkita/projector/app';
import { type Log, removeQueueKeys } from '@waldkita/projector/runtime/jobs';
import { openRuntime } from '../runtime.js';
import { buildServer } from '../server.js';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

/**
 * The real app (every role, one process) on a fresh database of its own, the local Redis and a
 * real port. The web root is a tiny stand-in page, so API tests do not depend on a web build.
 * With `smtpUrl` it also runs the reactors and BullMQ workers (mail to that server, e.g.
 * startTestSmtp from platform/testing; the season's rota) with queues of its own in Redis;
 * `jobLog` receives their log lines.
 */
export async function startTestApp(options: { now?: () => Date; env?: NodeJS.ProcessEnv; smtpUrl?: string; jobLog?: Log } = {}) {
  const db = await createTestDatabase('waldkita_api');
  const webDist = mkdtempSync(path.join(tmpdir(), 'waldkita-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Waldkita</title><div id="root"></div>');
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: db.databaseUrl,
    JWT_SECRET: TEST_JWT_SECRET,
    WEB_DIST: webDist,
    // Tests never ask the real Open-Meteo: nothing listens here, unless a test passes its own server.
    WEATHER_API_URL: 'http://127.0.0.1:9/v1/forecast',
    ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
    ...options.env,
  });
  const runtime = await openRuntime(config, { redis: true, now: options.now });
  let projector: ReturnType<typeof startProjector> | null = startProjector(runtime.store, runtime.pool);
  const workers: Workers | null = options.smtpUrl ? await startWorkers({ ...runtime, now: options.now, log: options.jobLog }) : null;
  const server = await buildServer(runtime, ['command-api', 'query-api', 'web'], { now: options.now });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const context = { actorId: null };
  const gruppen = new Map<string, Promise<string>>();
  /** One group per name, also when families are created in parallel. */
  const gruppe = (name: string) => {
    if (!gruppen.has(name))
      gruppen.set(
        name,
        legeGruppeAn(runtime, name, context).then((g) => g.gruppeId),
      );
    return gruppen.get(name)!;
  };

  return {
    baseUrl,
    runtime,
    db,
    /** The reactors' and workers' queues (with `smtpUrl`). */
    workers,
    /** A family with a password, in a group when a group name is given (the group is created the first time). */
    async familie(neu: Partial<NeueEltern> & { email: string; passwort: string }, gruppenName?: string) {
      const gruppeId = gruppenName ? await gruppe(gruppenName) : (neu.gruppeId ?? null);
      const result = await registriereEltern(
        runtime,
        { nachname: 'Fuchs', nameKind: null, rollen: ['ROLE_ELTERN'], ...neu, gruppeId },
        context,
      );
      if (result.status !== 'angelegt') throw new Error('family exists');
      return { ...result, gruppeId };
    },
    /**
     * A family with a unique e-mail and `passwort`, in `gruppenName` when given, signed in through
     * the API; its position is handed to `remember` (apiClient), so later reads wait for it. Like
     * the app after a sign-in, it asks for `current-user` with that position: the family is in the
     * read models when this answers (or the projector is stopped, and the read gave up after
     * MAX_WAIT_MS), so an admin's next write that checks them (planning, deleting a group) sees it.
     */
    async angemeldeteFamilie(
      nachname: string,
      passwort: string,
      remember: (position: Position | null) => void,
      gruppenName?: string,
      rollen: NeueEltern['rollen'] = ['ROLE_ELTERN'],
    ) {
      const email = `${nachname.toLowerCase()}-${randomUUID().slice(0, 6)}@example.org`;
      const { elternId, position } = await this.familie({ email, passwort, nachname, rollen }, gruppenName);
      remember(position);
      const token = await signedInToken(baseUrl, email, passwort);
      const headers: Record<string, string> = { authorization: `Bearer ${token}` };
      if (position) headers['x-min-position'] = formatPosition(position);
      await (await fetch(`${baseUrl}/api/auth/current-user`, { headers })).arrayBuffer();
      return { elternId, email, nachname, token };
    },
    async stopProjector() {
      await projector?.stop();
      projector = null;
    },
    startProjector() {
      projector ??= startProjector(runtime.store, runtime.pool);
    },
    async close() {
      await server.close();
      await workers?.stop();
      await projector?.stop();
      if (workers) await removeQueueKeys(runtime.redis!, workers.prefix);
      await runtime.close();
      await db.drop();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

export const login = (baseUrl: string, email: string, kennwort: string) =>
  fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, kennwort }).toString(),
  });

/**
 * Signs in and gives the session token, as a family's browser does: a 503 from the limit of
 * password hashes running at once ('Gerade melden sich sehr viele an') is tried again after its
 * Retry-After, as the login screen tells the family to; any other refusal fails the test with
 * the server's message instead of handing on a missing token (which later reads as a 401).
 */
export async function signedInToken(baseUrl: string, email: string, kennwort: string): Promise<string> {
  for (let versuch = 1; ; versuch++) {
    const response = await login(baseUrl, email, kennwort);
    const body = await json(response);
    if (response.status === 200) return body.jwt as string;
    if (response.status !== 503 || versuch === 5) throw new Error(`sign-in of ${email}: ${response.status} ${JSON.stringify(body)}`);
    await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get('retry-after') ?? 1) * 1000));
  }
}

/** The JSON body of an answer, for assertions on arbitrary shapes. */
// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers and assert on them
export const json = async (response: Response): Promise<any> => response.json();

// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers and assert on them
export type ApiAnswer = { status: number; headers: Headers; type: string; body: any };

/**
 * Calls the API as the web client does: bearer token, JSON (or multipart) bodies, and
 * read-your-writes — the `X-Event-Position` of the last write goes out as `X-Min-Position` on
 * the next read, so a test never reads a read model from before its own change.
 */
export function apiClient(baseUrl: () => string) {
  let lastPosition: Position | null = null;
  /** Keeps the highest position seen, also when writes answer out of order. */
  const remember = (position: Position | null) => {
    if (position && (!lastPosition || comparePositions(position, lastPosition) > 0)) lastPosition = position;
  };
  const call = async (token: string, method: string, path: string, body?: unknown): Promise<ApiAnswer> => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    let payload: string | FormData | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    if (method === 'GET' && lastPosition) headers['x-min-position'] = formatPosition(lastPosition);
    const response = await fetch(`${baseUrl()}${path}`, { method, headers, body: payload });
    remember(parsePosition(response.headers.get('x-event-position') ?? ''));
    const text = await response.text();
    const type = response.headers.get('content-type') ?? '';
    const answer = { status: response.status, body: type.includes('json') && text ? JSON.parse(text) : text };
    // Headers ride along without being compared: `expect(answer).toEqual({ status, body })` stays exact.
    return Object.defineProperties(answer, { headers: { value: response.headers }, type: { value: type } }) as ApiAnswer;
  };
  return {
    call,
    get: (token: string, path: string) => call(token, 'GET', path),
    /** For writes made directly through the command functions: the next read waits for them too. */
    remember,
  };
}
