import { randomUUID } from 'node:crypto';
import { checkSideTables, releaseStaleReservations } from '@waldkita/platform/event-store/side-tables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anmeldung, commandApiRouteTest, expectResponse, familie } from '../testing/route-test.js';

/**
 * Logins, group names and password links beside the event log (zugaenge.ts, written with the
 * events that explain them), through the admin's routes. That a removed group's name is free
 * again (its removal reads the read models) and the sweep at start: cli/src/zugaenge.test.ts.
 */
describe('logins, group names and password links beside the event log (POST /api/admin/gruppen, /api/admin/eltern)', () => {
  let t: Awaited<ReturnType<typeof commandApiRouteTest>>;
  const leitung = familie('Leitung', null, ['ROLE_ADMIN']);
  /** The admin's session, signed in with the password its credentials row holds. */
  let admin: Record<string, string>;

  beforeAll(async () => {
    t = await commandApiRouteTest();
    await t.appendEvents(leitung.stream);
    await t.zugang(leitung, 'zugaenge123');
    admin = { authorization: `Bearer ${(await t.when(anmeldung(leitung.email, 'zugaenge123')).then(expectResponse(200))).json().jwt}` };
  });
  afterAll(() => t?.close());

  const neueGruppe = (gruppenName: string) => ({
    method: 'POST' as const,
    url: '/api/admin/gruppen',
    payload: { gruppenName },
    headers: admin,
  });
  const neueFamilie = (payload: object) => ({ method: 'POST' as const, url: '/api/admin/eltern', payload, headers: admin });

  it('creates a family in a group made a moment earlier, every time', async () => {
    for (let i = 0; i < 20; i++) {
      const gruppe = await t.when(neueGruppe(`Dachse ${i}`)).then(expectResponse(201));
      await t
        .when(neueFamilie({ nachname: `Dachs${i}`, email: `dachs${i}@example.org`, gruppe: `dachse ${i}` }))
        .then(expectResponse(201, expect.objectContaining({ gruppe: { gruppenID: gruppe.json().id, gruppenName: `Dachse ${i}` } })));
    }
    expect(await checkSideTables(t.store, t.db.pool)).toEqual([]);
  });

  it('releases what a crash between claim and append left behind: the e-mail and the group name are free again', async () => {
    const waise = randomUUID();
    const gruppe = randomUUID();
    const pool = t.db.pool;
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
    await t.when(neueGruppe('Otter')).then(expectResponse(409));
    expect((await checkSideTables(t.store, pool)).map((f) => f.key)).toEqual([waise, gruppe]);

    expect(await releaseStaleReservations(t.store, pool)).toBe(2);
    expect(await checkSideTables(t.store, pool)).toEqual([]);
    await t.when(neueGruppe('Otter')).then(expectResponse(201));
    await t.when(neueFamilie({ nachname: 'Otter', email: 'otter@example.org', gruppe: 'Otter' })).then(expectResponse(201));
    // Nothing stale left: the next sweep is one query and releases nothing.
    expect(await releaseStaleReservations(t.store, pool)).toBe(0);
    expect(await checkSideTables(t.store, pool)).toEqual([]);
  });
});
