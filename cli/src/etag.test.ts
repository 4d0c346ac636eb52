// Whole app: a replay (the CLI command) rebuilds the read models and swaps them in under the running query side.
// The answers' ETags, 304s and compression alone: query-api/src/http/antwort-cache-routes.test.ts.
import { randomUUID } from 'node:crypto';
import { formatPosition } from '@waldkita/platform/event-store/event-store';
import { READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replay } from './commands/replay.js';
import { json, login, startTestApp, type TestApp } from './testing/test-app.js';

const PASSWORT = 'etag-passwort-123';

describe('kept answers after a replay (real app)', () => {
  let app: TestApp;
  let admin: string;
  let eule: string;

  const anmelden = async (email: string) => (await json(await login(app.baseUrl, email, PASSWORT))).jwt as string;
  const neueFamilie = async (name: string, gruppe?: string, rollen: ('ROLE_ELTERN' | 'ROLE_ADMIN')[] = ['ROLE_ELTERN']) => {
    const email = `${name.toLowerCase()}-${randomUUID().slice(0, 8)}@example.org`;
    const { position } = await app.familie({ email, passwort: PASSWORT, nachname: name, rollen }, gruppe);
    const token = await anmelden(email);
    // The family is in the read models before the first read.
    expect((await lesen(token, '/api/auth/current-user', { 'x-min-position': formatPosition(position!) })).status).toBe(200);
    return token;
  };
  const lesen = async (token: string | null, path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${app.baseUrl}${path}`, {
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });
    const text = await response.text();
    return { status: response.status, etag: response.headers.get('etag'), text, body: text ? JSON.parse(text) : null };
  };
  const schreiben = async (token: string, method: string, path: string, body: unknown) => {
    const response = await fetch(`${app.baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    expect(response.status, path).toBeLessThan(300);
    return { position: response.headers.get('x-event-position')!, body: await json(response) };
  };

  beforeAll(async () => {
    app = await startTestApp();
    [admin, eule] = await Promise.all([neueFamilie('Leitung', undefined, ['ROLE_ELTERN', 'ROLE_ADMIN']), neueFamilie('Eule', 'Eulen')]);
  }, 60_000);
  afterAll(() => app?.close());

  it('shows read models that a replay rebuilt and swapped in on the next reads, though the position did not move', async () => {
    await schreiben(admin, 'POST', '/api/admin/mitteilungen', { text: 'Laternenfest am Freitag' });
    const gemeldet = await schreiben(eule, 'POST', '/api/abwesenheit', { kalenderwoche: 20, jahr: 2027 });
    expect((await lesen(eule, '/api/auth/current-user', { 'x-min-position': gemeldet.position })).status).toBe(200);
    // The live read models change behind the projector's back; the first reads keep those answers.
    await app.db.pool.query(`DELETE FROM ${READ_MODEL_SCHEMA}.abwesenheit WHERE abwesenheit_id = $1`, [gemeldet.body.id]);
    await app.db.pool.query(`UPDATE ${READ_MODEL_SCHEMA}.mitteilung SET text = 'Gefälscht'`);
    expect((await lesen(eule, '/api/abwesenheit')).body).not.toContainEqual(expect.objectContaining({ kalenderwoche: 20, jahr: 2027 }));
    expect((await lesen(eule, '/api/mitteilungen')).body[0].text).toBe('Gefälscht');

    const still = { write: () => true, isTTY: false };
    expect(await replay(app.runtime.config, [], { out: still, err: still })).toBe(0);
    await expect
      .poll(async () => (await lesen(eule, '/api/abwesenheit')).body, { timeout: 2000 })
      .toContainEqual(expect.objectContaining({ kalenderwoche: 20, jahr: 2027 }));
    await expect.poll(async () => (await lesen(eule, '/api/mitteilungen')).body[0].text, { timeout: 2000 }).toBe('Laternenfest am Freitag');
  });
});
