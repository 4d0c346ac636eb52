// Needs the whole app: two command processes on one database answer the same key at once.
// The key on one route (double taps at once, retries, secret answers, the import): command-api/src/http/idempotenz.test.ts.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruefeBuild, starteAppProzess } from './testing/app-prozess.js';
import { apiClient, json, login, startTestApp, type TestApp } from './testing/test-app.js';

const PASSWORT = 'doppelt-1234';
const JETZT = new Date('2026-11-20T10:00:00+01:00');

type Familie = { elternId: string; token: string; email: string };

/**
 * One tap is one action (issue 24): every write accepts an Idempotency-Key, and a repeat of it —
 * a double tap, a retry — gets the first answer, not a second effect, even when both arrive at once.
 */
describe('Idempotency-Key on the real app: a double submit has one effect', () => {
  let app: TestApp;
  let admin: Familie;
  const { remember } = apiClient(() => app.baseUrl);

  /** Sends a write as the web client does, with the key; no read-your-writes header. */
  const schreibe = async (token: string, method: string, path: string, body: unknown, key?: string) => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (key !== undefined) headers['idempotency-key'] = key;
    headers['content-type'] = 'application/json';
    const response = await fetch(`${app.baseUrl}${path}`, { method, headers, body: JSON.stringify(body) });
    const text = await response.text();
    return {
      status: response.status,
      body: response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text,
      replayed: response.headers.get('idempotent-replayed') === 'true',
      position: response.headers.get('x-event-position'),
    };
  };
  const ereignisse = async (typ: string) =>
    Number((await app.db.pool.query<{ n: string }>('SELECT count(*) AS n FROM events WHERE event_type = $1', [typ])).rows[0]!.n);

  beforeAll(async () => {
    app = await startTestApp({ now: () => JETZT });
    const familie = async (nachname: string, gruppe?: string, rollen?: ('ROLE_ELTERN' | 'ROLE_ADMIN')[]) => {
      const x = await app.angemeldeteFamilie(nachname, PASSWORT, remember, gruppe, rollen);
      return { elternId: x.elternId, token: x.token, email: x.email };
    };
    admin = await familie('Leitung', undefined, ['ROLE_ADMIN']);
    await familie('Fuchs', 'Füchse');
  }, 60_000);
  afterAll(() => app?.close());

  it('two command processes on one database get the same key at once: one family, one answer', async () => {
    pruefeBuild();
    const zweiter = await starteAppProzess(app.db.databaseUrl, { LOG_LEVEL: 'info' });
    try {
      // The second process runs on the real clock: a session of its own (this app's clock stands at JETZT).
      const token = (await json(await login(zweiter.baseUrl, admin.email, PASSWORT))).jwt as string;
      for (let runde = 0; runde < 10; runde++) {
        const key = randomUUID();
        const neu = { nachname: `Zwei${runde}`, email: `zwei-${runde}@example.org`, gruppe: 'Füchse' };
        const vorher = await ereignisse('ElternRegistriert');
        const hier = schreibe(token, 'POST', '/api/admin/eltern', neu, key);
        const dort = fetch(`${zweiter.baseUrl}/api/admin/eltern`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
          body: JSON.stringify(neu),
        });
        const [a, b] = await Promise.all([hier, dort]);
        const bBody = await b.json();
        expect(a.status, JSON.stringify([a, bBody])).toBe(201);
        expect([b.status, bBody]).toEqual([201, a.body]);
        expect(await ereignisse('ElternRegistriert')).toBe(vorher + 1);
      }
    } finally {
      await zweiter.beende('SIGTERM');
    }
  });
});
