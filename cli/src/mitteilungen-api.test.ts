import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, json, login, startTestApp, type TestApp } from './testing/test-app.js';

const PASSWORT = 'mitteilen123';
const JETZT = new Date('2026-11-20T09:15:00.000Z');
const KEINE_BERECHTIGUNG = { message: 'Sie haben keine Berechtigung für diese Aktion.' };

describe('announcements (Mitteilungen) on the real app', () => {
  let app: TestApp;
  let admin: string;
  let adminId: string;
  let parent: string;
  /** The admin's client: its reads wait for its own writes (read-your-writes). */
  const { call, get, remember } = apiClient(() => app.baseUrl);
  /** A parent in another browser: no positions of the admin's writes. */
  const andererBrowser = apiClient(() => app.baseUrl);

  const anmelden = async (email: string) => (await json(await login(app.baseUrl, email, PASSWORT))).jwt as string;

  beforeAll(async () => {
    app = await startTestApp({ now: () => JETZT });
    const adminEmail = `leitung-${randomUUID().slice(0, 6)}@example.org`;
    const parentEmail = `fuchs-${randomUUID().slice(0, 6)}@example.org`;
    const a = await app.familie({ email: adminEmail, passwort: PASSWORT, nachname: 'Leitung', rollen: ['ROLE_ADMIN'] });
    const p = await app.familie({ email: parentEmail, passwort: PASSWORT, nachname: 'Fuchs' }, 'Füchse');
    adminId = a.elternId;
    remember(a.position);
    remember(p.position);
    andererBrowser.remember(p.position);
    [admin, parent] = await Promise.all([anmelden(adminEmail), anmelden(parentEmail)]);
  }, 60_000);
  afterAll(() => app?.close());

  it('starts empty; visitors who are not signed in get 401', async () => {
    expect(await get(parent, '/api/mitteilungen')).toEqual({ status: 200, body: [] });
    const ohne = await fetch(`${app.baseUrl}/api/mitteilungen`);
    expect(ohne.status).toBe(401);
  });

  it('refuses parents: POST and DELETE are 403 and nothing is published', async () => {
    expect(await call(parent, 'POST', '/api/admin/mitteilungen', { text: 'Von einer Familie' })).toEqual({
      status: 403,
      body: KEINE_BERECHTIGUNG,
    });
    expect(await call(parent, 'DELETE', `/api/admin/mitteilungen/${randomUUID()}`)).toEqual({ status: 403, body: KEINE_BERECHTIGUNG });
    expect((await get(admin, '/api/mitteilungen')).body).toEqual([]);
  });

  it('refuses blank and too long texts with 400 in German', async () => {
    for (const body of [{ text: '' }, { text: '   \n ' }, {}, { text: null }])
      expect(await call(admin, 'POST', '/api/admin/mitteilungen', body)).toEqual({
        status: 400,
        body: { message: 'Bitte geben Sie eine Nachricht ein.' },
      });
    expect(await call(admin, 'POST', '/api/admin/mitteilungen', { text: 'x'.repeat(2001) })).toEqual({
      status: 400,
      body: { message: 'Eine Nachricht darf höchstens 2000 Zeichen lang sein.' },
    });
    expect((await call(admin, 'POST', '/api/admin/mitteilungen', { text: 42 })).status).toBe(400);
  });

  it('an admin publishes; everyone signed in reads them newest first, with date and author', async () => {
    const erste = await call(admin, 'POST', '/api/admin/mitteilungen', { text: '  Am Freitag ist Laternenfest!  ' });
    expect(erste).toMatchObject({
      status: 201,
      body: { text: 'Am Freitag ist Laternenfest!', message: 'Nachricht erfolgreich gespeichert!' },
    });
    expect(erste.headers.get('x-event-position')).toMatch(/^\d+\/\d+$/);
    const zweite = await call(admin, 'POST', '/api/admin/mitteilungen', { text: 'Bitte Gummistiefel mitbringen.\nDanke!' });
    expect(zweite.status).toBe(201);

    // the admin's own next read already shows both (read-your-writes)
    const eintrag = (id: string, text: string) => ({
      id,
      text,
      veroeffentlichtAm: JETZT.toISOString(),
      autor: { id: adminId, nachname: 'Leitung' },
    });
    const erwartet = [
      eintrag(zweite.body.id, 'Bitte Gummistiefel mitbringen.\nDanke!'),
      eintrag(erste.body.id, 'Am Freitag ist Laternenfest!'),
    ];
    expect(await get(admin, '/api/mitteilungen')).toEqual({ status: 200, body: erwartet });
    // a parent in another browser sees the same list once the projector has it
    await expect.poll(async () => (await andererBrowser.get(parent, '/api/mitteilungen')).body).toEqual(erwartet);
  });

  it('an admin deletes one: it is gone for everyone; deleting it again or an unknown id is 404', async () => {
    const [neueste, aeltere] = (await get(admin, '/api/mitteilungen')).body;
    expect(await call(admin, 'DELETE', `/api/admin/mitteilungen/${neueste.id}`)).toEqual({
      status: 200,
      body: { id: neueste.id, message: 'Nachricht gelöscht!' },
    });
    expect((await get(admin, '/api/mitteilungen')).body).toEqual([aeltere]);
    await expect.poll(async () => (await andererBrowser.get(parent, '/api/mitteilungen')).body).toEqual([aeltere]);
    const nichtGefunden = { status: 404, body: { message: 'Nachricht nicht gefunden.' } };
    expect(await call(admin, 'DELETE', `/api/admin/mitteilungen/${neueste.id}`)).toEqual(nichtGefunden);
    expect(await call(admin, 'DELETE', `/api/admin/mitteilungen/${randomUUID()}`)).toEqual(nichtGefunden);
    expect(await call(admin, 'DELETE', '/api/admin/mitteilungen/kein-uuid')).toEqual(nichtGefunden);
  });

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
    expect(rows).toEqual([
      { text: 'Am Freitag ist Laternenfest!', geloescht: false },
      { text: 'Bitte Gummistiefel mitbringen.\nDanke!', geloescht: true },
      { text: 'Elternabend am Dienstag', geloescht: false },
    ]);
  });
});
