// Needs the whole app: these writes read the read models (a group's families; closing holiday weeks and the rota adapt the plans).
// The Admin Center's routes alone: command-api/src/admin/*.test.ts, query-api/src/admin/admin-routes.test.ts.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, json, login, startTestApp, type TestApp } from './testing/test-app.js';

const PASSWORT = 'verwalten123';

describe('Admin Center API on the real app', () => {
  let app: TestApp;
  let admin: string;
  let fuechse: string;
  const { call, get, remember } = apiClient(() => app.baseUrl);

  const anmelden = async (email: string) => (await json(await login(app.baseUrl, email, PASSWORT))).jwt as string;

  beforeAll(async () => {
    app = await startTestApp({ now: () => new Date('2026-11-20T10:00:00+01:00') });
    const adminEmail = `leitung-${randomUUID().slice(0, 6)}@example.org`;
    const parentEmail = `fuchs-${randomUUID().slice(0, 6)}@example.org`;
    const a = await app.familie({ email: adminEmail, passwort: PASSWORT, nachname: 'Leitung', rollen: ['ROLE_ADMIN'] });
    const p = await app.familie({ email: parentEmail, passwort: PASSWORT, nachname: 'Fuchs' }, 'Füchse');
    const b = await app.familie(
      { email: `bauer-${randomUUID().slice(0, 6)}@example.org`, passwort: PASSWORT, nachname: 'Bauer' },
      'Füchse',
    );
    fuechse = p.gruppeId!;
    for (const x of [a, p, b]) remember(x.position);
    admin = await anmelden(adminEmail);
    // The families were written beside the API; the admin sees them in the list (a read that waits
    // for their positions) before deleting a group or planning, as in the Admin Center, whose
    // writes check the read models.
    expect((await get(admin, '/api/admin/eltern')).body).toHaveLength(3);
  }, 60_000);
  afterAll(() => app?.close());

  it('deletes an empty group; a group with families cannot be deleted (the check reads the read model)', async () => {
    const dachse = await call(admin, 'POST', '/api/admin/gruppen', { gruppenName: 'Dachse' });
    expect(dachse.status).toBe(201);
    expect(await call(admin, 'DELETE', `/api/admin/gruppen/${fuechse}`)).toEqual({
      status: 409,
      body: {
        message:
          'Die Gruppe hat noch 2 Familien. Bitte löschen Sie diese zuerst oder ordnen Sie sie mit dem nächsten CSV-Import einer anderen Gruppe zu.',
      },
    });
    expect(await call(admin, 'DELETE', `/api/admin/gruppen/${dachse.body.id}`)).toEqual({
      status: 200,
      body: { id: dachse.body.id, message: 'Gruppe wurde gelöscht.' },
    });
    expect((await get(admin, '/api/admin/gruppen')).body.map((g: { gruppenName: string }) => g.gruppenName)).toEqual(['Füchse']);
  });

  it('turns a holiday range into whole weeks and days, shows them in the overview by year and type, deletes them', async () => {
    const range = await call(admin, 'POST', '/api/admin/holidays-by-date-range', {
      holidayType: 'Weihnachtsferien',
      startDate: '2026-12-23',
      endDate: '2027-01-06',
    });
    expect(range).toMatchObject({ status: 201, body: { wochen: 1, tage: 6, message: 'Ferienzeitraum erfolgreich erstellt' } });
    expect(
      (await call(admin, 'POST', '/api/admin/holiday-weeks', { holidayType: 'Sommerferien', jahr: 2027, startKW: 32, endKW: 35 })).body
        .wochen,
    ).toBe(4);
    const { overview, availableYears } = (await get(admin, '/api/admin/holiday-overview-all')).body;
    expect(availableYears).toEqual([2027, 2026]);
    expect(overview[2026].Weihnachtsferien.weeks).toEqual([{ id: expect.any(String), kalenderwoche: 53 }]);
    expect(overview[2026].Weihnachtsferien.days.map((d: { datum: string }) => d.datum)).toEqual(['2026-12-23', '2026-12-24', '2026-12-25']);
    expect(overview[2027].Sommerferien.weeks).toHaveLength(4);
    expect((await call(admin, 'DELETE', `/api/admin/holiday-day/${overview[2026].Weihnachtsferien.days[0].id}`)).body.message).toBe(
      'Ferientag gelöscht',
    );
    expect((await call(admin, 'DELETE', '/api/admin/holiday-type?holidayType=Sommerferien&year=2027')).body.message).toBe(
      'Sommerferien Wochen gelöscht',
    );
    expect((await get(admin, '/api/admin/holiday-overview-all')).body.overview[2027].Sommerferien).toBeUndefined();
  });

  it('plans the rota for weeks 1–10 of 2027 fairly, skipping holiday weeks, and keeps it when asked again', async () => {
    await call(admin, 'POST', '/api/admin/holiday-weeks', { holidayType: 'Faschingsferien', jahr: 2027, startKW: 7, endKW: 7 });
    expect((await call(admin, 'POST', '/api/admin/wasserdienst/bulk-assign', { jahr: 2027, startKW: 10, endKW: 1 })).status).toBe(400);
    const planned = await call(admin, 'POST', '/api/admin/wasserdienst/bulk-assign', {
      jahr: 2027,
      startKW: 1,
      endKW: 10,
      gruppeId: fuechse,
    });
    expect(planned).toMatchObject({ status: 200, body: { zugewiesen: 9, gruppen: [{ gruppenName: 'Füchse', nichtBesetzt: [] }] } });
    const events = (await get(admin, `/api/wasserdienst/events?gruppe=${fuechse}`)).body.filter((e: { jahr: number }) => e.jahr === 2027);
    expect(events.map((e: { kalenderwoche: number }) => e.kalenderwoche)).toEqual([1, 2, 3, 4, 5, 6, 8, 9, 10]);
    const proFamilie = new Map<string, number>();
    for (const e of events) proFamilie.set(e.eltern.id, (proFamilie.get(e.eltern.id) ?? 0) + 1);
    expect([...proFamilie.values()].sort()).toEqual([4, 5]);
    expect((await call(admin, 'POST', '/api/admin/wasserdienst/bulk-assign', { jahr: 2027, startKW: 1, endKW: 10 })).body.zugewiesen).toBe(
      0,
    );
  });

  it('counts a family moved into a group a moment before: deleting waits for the projector, 503 while it stands still', async () => {
    await app.stopProjector();
    let eulen = '';
    try {
      const e = await app.familie({ email: `eule-${randomUUID().slice(0, 6)}@example.org`, passwort: PASSWORT, nachname: 'Eule' }, 'Eulen');
      eulen = e.gruppeId!;
      remember(e.position);
      const start = Date.now();
      expect(await call(admin, 'DELETE', `/api/admin/gruppen/${eulen}`)).toEqual({
        status: 503,
        body: { message: 'Die letzten Änderungen werden noch verarbeitet. Bitte die Gruppe in einem Moment noch einmal löschen.' },
      });
      expect(Date.now() - start).toBeGreaterThanOrEqual(4900);
    } finally {
      app.startProjector();
    }
    expect(await call(admin, 'DELETE', `/api/admin/gruppen/${eulen}`)).toMatchObject({ status: 409 });
  }, 30_000);
});
