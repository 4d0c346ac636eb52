// Whole app: removing a group checks the read models for families left in it, and the start sweeps stale reservations.
// Creating groups and families and releasing what a crash left behind: command-api/src/eltern/zugaenge-routes.test.ts.
import { checkSideTables } from '@waldkita/platform/event-store/side-tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, json, login, startTestApp, type TestApp } from './testing/test-app.js';

const PASSWORT = 'zugaenge123';

describe('logins, group names and password links beside the event log', () => {
  let app: TestApp;
  let admin: string;
  const { call, remember } = apiClient(() => app.baseUrl);

  beforeAll(async () => {
    app = await startTestApp();
    remember(
      (await app.familie({ email: 'leitung@example.org', passwort: PASSWORT, nachname: 'Leitung', rollen: ['ROLE_ADMIN'] })).position,
    );
    admin = (await json(await login(app.baseUrl, 'leitung@example.org', PASSWORT))).jwt;
  }, 60_000);
  afterAll(() => app?.close());

  it('frees a removed group’s name together with its removal', async () => {
    const gruppe = await call(admin, 'POST', '/api/admin/gruppen', { gruppenName: 'Igel' });
    expect((await call(admin, 'DELETE', `/api/admin/gruppen/${gruppe.body.id}`)).status).toBe(200);
    expect((await call(admin, 'POST', '/api/admin/gruppen', { gruppenName: 'IGEL' })).status).toBe(201);
    expect(await checkSideTables(app.runtime.store, app.runtime.pool)).toEqual([]);
  });

  it('looks for stale reservations when it starts (the one migration 7 leaves for databases of older versions)', async () => {
    const { rows } = await app.runtime.pool.query('SELECT count(*)::int AS n FROM side_write_reservations');
    expect(rows[0].n).toBe(0);
  });
});
