// Needs the whole app: the projector is stopped and started while the command and query sides run.
// The routes alone (refusals, German messages, the list): command-api/src/mitteilung, query-api/src/mitteilung.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, json, login, startTestApp, type TestApp } from './testing/test-app.js';

const PASSWORT = 'mitteilen123';
const JETZT = new Date('2026-11-20T09:15:00.000Z');

describe('announcements (Mitteilungen) on the real app', () => {
  let app: TestApp;
  let admin: string;
  let parent: string;
  /** The admin's client: its reads wait for its own writes (read-your-writes). */
  const { call, remember } = apiClient(() => app.baseUrl);
  /** A parent in another browser: no positions of the admin's writes. */
  const andererBrowser = apiClient(() => app.baseUrl);

  const anmelden = async (email: string) => (await json(await login(app.baseUrl, email, PASSWORT))).jwt as string;

  beforeAll(async () => {
    app = await startTestApp({ now: () => JETZT });
    const adminEmail = `leitung-${randomUUID().slice(0, 6)}@example.org`;
    const parentEmail = `fuchs-${randomUUID().slice(0, 6)}@example.org`;
    const a = await app.familie({ email: adminEmail, passwort: PASSWORT, nachname: 'Leitung', rollen: ['ROLE_ADMIN'] });
    const p = await app.familie({ email: parentEmail, passwort: PASSWORT, nachname: 'Fuchs' }, 'Füchse');
    remember(a.position);
    remember(p.position);
    andererBrowser.remember(p.position);
    [admin, parent] = await Promise.all([anmelden(adminEmail), anmelden(parentEmail)]);
    // Both families are in the read models before the test stops the projector (a read that waits
    // for their positions): the caller check of the parent's fresh read below looks them up there.
    expect((await call(parent, 'GET', '/api/mitteilungen')).status).toBe(200);
  }, 60_000);
  afterAll(() => app?.close());

  it('the list is the read model fed from the log: written while the projector is stopped, it appears once it runs again', async () => {
    await app.stopProjector();
    const neu = await call(admin, 'POST', '/api/admin/mitteilungen', { text: 'Elternabend am Dienstag' });
    expect(neu.status).toBe(201);
    // a fresh read (a reloaded page without the write's position) does not see it yet: nothing is kept in memory
    const zwischendurch = await apiClient(() => app.baseUrl).get(parent, '/api/mitteilungen');
    expect(zwischendurch.body.map((m: { id: string }) => m.id)).not.toContain(neu.body.id);
    app.startProjector();
    await expect
      .poll(async () => (await apiClient(() => app.baseUrl).get(parent, '/api/mitteilungen')).body[0]?.text)
      .toBe('Elternabend am Dienstag');
    const { rows } = await app.db.pool.query('SELECT text, geloescht FROM rm.mitteilung ORDER BY log_commit, log_prepare');
    expect(rows).toEqual([{ text: 'Elternabend am Dienstag', geloescht: false }]);
  });
});
