import { randomUUID } from 'node:crypto';
import { checkSideTables, releaseStaleReservations } from '@waldkita/platform/event-store/side-tables';
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

  it('creates a family in a group made a moment earlier, every time', async () => {
    for (let i = 0; i < 20; i++) {
      const gruppe = await call(admin, 'POST', '/api/admin/gruppen', { gruppenName: `Dachse ${i}` });
      expect(gruppe.status).toBe(201);
      const familie = await call(admin, 'POST', '/api/admin/eltern', {
        nachname: `Dachs${i}`,
        email: `dachs${i}@example.org`,
        gruppe: `dachse ${i}`,
      });
      expect(familie, `attempt ${i}`).toMatchObject({
        status: 201,
        body: { gruppe: { gruppenID: gruppe.body.id, gruppenName: `Dachse ${i}` } },
      });
    }
    expect(await checkSideTables(app.runtime.store, app.runtime.pool)).toEqual([]);
  });

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

  it('releases what a crash between claim and append left behind: the e-mail and the group name are free again', async () => {
    const waise = randomUUID();
    const gruppe = randomUUID();
    const pool = app.runtime.pool;
    // As an older version (or EventStoreDB, between reservation and append) leaves them.
    await pool.query(
      `INSERT INTO credentials (eltern_id, email, angelegt_am) VALUES ($1, 'otter@example.org', now() - interval '1 hour')`,
      [waise],
    );
    await pool.query(`INSERT INTO gruppen_namen (name_key, gruppe_id, angelegt_am) VALUES ('otter', $1, now() - interval '1 hour')`, [
      gruppe,
    ]);
    await pool.query(
      `INSERT INTO side_write_reservations (id, stream_names, event_ids, reserved_at) VALUES ($1, $2, $3, now() - interval '1 hour')`,
      [randomUUID(), [`eltern-${waise}`], [randomUUID()]],
    );
    expect((await call(admin, 'POST', '/api/admin/gruppen', { gruppenName: 'Otter' })).status).toBe(409);
    expect((await checkSideTables(app.runtime.store, pool)).map((f) => f.key)).toEqual([waise, gruppe]);

    expect(await releaseStaleReservations(app.runtime.store, pool)).toBe(2);
    expect(await checkSideTables(app.runtime.store, pool)).toEqual([]);
    const otter = await call(admin, 'POST', '/api/admin/gruppen', { gruppenName: 'Otter' });
    expect(otter.status).toBe(201);
    expect(
      (await call(admin, 'POST', '/api/admin/eltern', { nachname: 'Otter', email: 'otter@example.org', gruppe: 'Otter' })).status,
    ).toBe(201);
    // Nothing stale left: the next sweep is one query and releases nothing.
    expect(await releaseStaleReservations(app.runtime.store, pool)).toBe(0);
    expect(await checkSideTables(app.runtime.store, pool)).toEqual([]);
  });
});
