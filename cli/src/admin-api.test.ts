import { randomUUID } from 'node:crypto';
import { weiseWasserdiensteZu } from '@waldkita/command-api/wasserdienst/weise-wasserdienste-zu';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, json, login, startTestApp, type TestApp } from './testing/test-app.js';

const PASSWORT = 'verwalten123';

describe('Admin Center API on the real app', () => {
  let app: TestApp;
  let admin: string;
  let adminId: string;
  let parent: string;
  let fuechse: string;
  const { call, get, remember } = apiClient(() => app.baseUrl);

  const anmelden = async (email: string) => (await json(await login(app.baseUrl, email, PASSWORT))).jwt as string;

  beforeAll(async () => {
    app = await startTestApp({ now: () => new Date('2026-11-20T10:00:00+01:00') });
    const adminEmail = `leitung-${randomUUID().slice(0, 6)}@example.org`;
    const parentEmail = `fuchs-${randomUUID().slice(0, 6)}@example.org`;
    const a = await app.familie({ email: adminEmail, passwort: PASSWORT, nachname: 'Leitung', rollen: ['ROLE_ADMIN'] });
    const p = await app.familie({ email: parentEmail, passwort: PASSWORT, nachname: 'Fuchs' }, 'Füchse');
    [adminId, fuechse] = [a.elternId, p.gruppeId!];
    remember(a.position);
    remember(p.position);
    [admin, parent] = await Promise.all([anmelden(adminEmail), anmelden(parentEmail)]);
  }, 60_000);
  afterAll(() => app?.close());

  it('refuses every admin route to a parent with 403', async () => {
    const id = randomUUID();
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/admin/eltern'],
      ['POST', '/api/admin/eltern', { nachname: 'X', email: 'x@example.org', gruppe: 'Füchse' }],
      ['DELETE', `/api/admin/eltern/${id}`],
      ['PUT', `/api/admin/eltern/${id}/role`, { role: 'ROLE_ADMIN' }],
      ['PUT', `/api/admin/eltern/${id}/reset-password`, { newPassword: 'geheim123' }],
      ['GET', '/api/admin/gruppen'],
      ['POST', '/api/admin/gruppen', { gruppenName: 'Dachse' }],
      ['DELETE', `/api/admin/gruppen/${id}`],
      ['GET', '/api/admin/stats'],
      ['GET', '/api/admin/export/eltern'],
      ['GET', '/api/admin/holiday-confirmation-status'],
      ['POST', '/api/admin/confirm-holidays'],
      ['POST', '/api/admin/holiday-weeks', { holidayType: 'Sommerferien', jahr: 2027, startKW: 32, endKW: 34 }],
      ['GET', '/api/admin/holiday-overview-all'],
      ['DELETE', '/api/admin/holiday-type?holidayType=Sommerferien&year=2027'],
      ['DELETE', `/api/admin/holiday-day/${id}`],
      ['DELETE', `/api/admin/holiday-week/${id}`],
      ['POST', '/api/admin/holidays-by-date-range', { holidayType: 'Herbstferien', startDate: '2027-11-01', endDate: '2027-11-05' }],
      ['PUT', '/api/admin/abwesenheit-frist', { deadline: '2027-01-31' }],
      ['POST', '/api/admin/wasserdienst/bulk-assign', { jahr: 2027, startKW: 1, endKW: 10 }],
    ];
    for (const [method, path, body] of routes)
      expect(await call(parent, method, path, body), `${method} ${path}`).toMatchObject({
        status: 403,
        body: { message: 'Sie haben keine Berechtigung für diese Aktion.' },
      });
  });

  it('creates a parent in a group by the group’s name and lists parents by group', async () => {
    expect((await call(admin, 'POST', '/api/admin/eltern', { nachname: 'Bauer', email: '', gruppe: 'Füchse' })).body.message).toBe(
      'Bitte füllen Sie alle Felder aus',
    );
    expect((await call(admin, 'POST', '/api/admin/eltern', { nachname: 'Bauer', email: 'bauer@x', gruppe: 'Füchse' })).status).toBe(400);
    expect(
      (await call(admin, 'POST', '/api/admin/eltern', { nachname: 'Bauer', email: 'bauer@example.org', gruppe: 'Dachse' })).body.message,
    ).toBe('Die Gruppe "Dachse" gibt es nicht.');
    const created = await call(admin, 'POST', '/api/admin/eltern', { nachname: 'Bauer', email: 'Bauer@Example.org', gruppe: 'füchse' });
    expect(created).toMatchObject({
      status: 201,
      body: { nachname: 'Bauer', email: 'bauer@example.org', gruppe: { gruppenName: 'Füchse' } },
    });
    expect(
      (await call(admin, 'POST', '/api/admin/eltern', { nachname: 'Bauer2', email: 'bauer@example.org', gruppe: 'Füchse' })).status,
    ).toBe(409);
    const list = (await get(admin, '/api/admin/eltern')).body;
    expect(list.map((e: { nachname: string }) => e.nachname)).toEqual(['Bauer', 'Fuchs', 'Leitung']);
    expect(list.find((e: { nachname: string }) => e.nachname === 'Leitung')).toMatchObject({ isAdmin: true, gruppe: null });
  });

  it('never deletes an admin account; deleting a parent withdraws their offers and frees their future duties', async () => {
    expect(await call(admin, 'DELETE', `/api/admin/eltern/${adminId}`)).toMatchObject({
      status: 409,
      body: { message: 'Admin-Accounts können nicht gelöscht werden.' },
    });
    const bauer = (await get(admin, '/api/admin/eltern')).body.find((e: { nachname: string }) => e.nachname === 'Bauer');
    const { position } = await weiseWasserdiensteZu(
      app.runtime,
      fuechse,
      [
        { elternId: bauer.id, jahr: 2026, kalenderwoche: 40 },
        { elternId: bauer.id, jahr: 2026, kalenderwoche: 49 },
        { elternId: bauer.id, jahr: 2026, kalenderwoche: 53 },
      ],
      { actorId: null },
    );
    remember(position);
    const deleted = await call(admin, 'DELETE', `/api/admin/eltern/${bauer.id}`);
    expect(deleted).toMatchObject({
      status: 200,
      body: {
        message: 'Bauer wurde erfolgreich gelöscht',
        freigegebeneWochen: [
          { jahr: 2026, kalenderwoche: 49 },
          { jahr: 2026, kalenderwoche: 53 },
        ],
      },
    });
    const events = (await get(admin, `/api/wasserdienst/events?gruppe=${fuechse}`)).body;
    expect(events.map((e: { kalenderwoche: number }) => e.kalenderwoche)).toEqual([40]);
    expect((await get(admin, '/api/admin/eltern')).body.some((e: { nachname: string }) => e.nachname === 'Bauer')).toBe(false);
  });

  it('changes roles (not the own admin role) and sets a password the parent can sign in with', async () => {
    const fuchs = (await get(admin, '/api/admin/eltern')).body.find((e: { nachname: string }) => e.nachname === 'Fuchs');
    expect((await call(admin, 'PUT', `/api/admin/eltern/${fuchs.id}/role`, { role: 'ROLE_AUDITOR' })).body.authorities).toEqual([
      { authority: 'ROLE_ELTERN' },
      { authority: 'ROLE_AUDITOR' },
    ]);
    expect((await call(admin, 'PUT', `/api/admin/eltern/${fuchs.id}/role`, { role: 'KOENIG' })).status).toBe(400);
    expect((await call(admin, 'PUT', `/api/admin/eltern/${adminId}/role`, { role: 'ROLE_ELTERN' })).status).toBe(409);
    expect((await call(admin, 'PUT', `/api/admin/eltern/${fuchs.id}/reset-password`, { newPassword: 'kurz' })).body.message).toBe(
      'Passwort muss mindestens 6 Zeichen lang sein.',
    );
    expect((await call(admin, 'PUT', `/api/admin/eltern/${fuchs.id}/reset-password`, { newPassword: 'neues-passwort' })).status).toBe(200);
    expect((await login(app.baseUrl, fuchs.email, 'neues-passwort')).status).toBe(200);
  });

  it('creates and deletes groups; a group with families cannot be deleted', async () => {
    const dachse = await call(admin, 'POST', '/api/admin/gruppen', { gruppenName: 'Dachse' });
    expect(dachse.status).toBe(201);
    expect((await call(admin, 'POST', '/api/admin/gruppen', { gruppenName: 'dachse' })).status).toBe(409);
    expect((await call(admin, 'POST', '/api/admin/gruppen', { gruppenName: ' ' })).status).toBe(400);
    expect(
      (await get(admin, '/api/admin/gruppen')).body.map(
        (g: { gruppenName: string; anzahlEltern: number }) => `${g.gruppenName} ${g.anzahlEltern}`,
      ),
    ).toEqual(['Dachse 0', 'Füchse 1']);
    expect((await call(admin, 'DELETE', `/api/admin/gruppen/${fuechse}`)).status).toBe(409);
    expect((await call(admin, 'DELETE', `/api/admin/gruppen/${dachse.body.id}`)).status).toBe(200);
    expect((await get(admin, '/api/admin/gruppen')).body).toHaveLength(1);
  });

  it('turns a holiday range into whole weeks and days, shows the overview by year and type, deletes, confirms one-way', async () => {
    expect((await get(admin, '/api/admin/holiday-confirmation-status')).body).toEqual({ confirmed: false });
    expect(
      (
        await call(admin, 'POST', '/api/admin/holidays-by-date-range', {
          holidayType: 'Weihnachtsferien',
          startDate: '2027-01-06',
          endDate: '2026-12-23',
        })
      ).body.message,
    ).toBe('Das Startdatum darf nicht nach dem Enddatum liegen.');
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
    expect((await call(admin, 'POST', '/api/admin/confirm-holidays')).status).toBe(200);
    expect((await call(admin, 'POST', '/api/admin/confirm-holidays')).status).toBe(200);
    expect((await get(admin, '/api/admin/holiday-confirmation-status')).body).toEqual({ confirmed: true });
  });

  it('exports CSV with formula cells neutralised, and answers stats', async () => {
    await call(admin, 'POST', '/api/admin/eltern', { nachname: '=HYPERLINK("http://evil")', email: 'evil@example.org', gruppe: 'Füchse' });
    const csv = await get(admin, '/api/admin/export/eltern');
    expect(csv.type).toContain('text/csv');
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect((await get(admin, '/api/admin/export/passwoerter')).status).toBe(404);
    expect((await get(admin, '/api/admin/stats')).body).toMatchObject({ eltern: 3, admins: 1, gruppen: 1 });
  });

  it('leaves the absences of a deleted family out of the export and the figures', async () => {
    const email = `igel-${randomUUID().slice(0, 6)}@example.org`;
    remember((await app.familie({ email, passwort: PASSWORT, nachname: 'Igelweg' }, 'Füchse')).position);
    const igel = await anmelden(email);
    expect((await call(igel, 'POST', '/api/abwesenheit', { kalenderwoche: 9, jahr: 2027 })).status).toBe(201);
    const vorher = (await get(admin, '/api/admin/stats')).body.abwesenheiten as number;
    expect((await get(admin, '/api/admin/export/abwesenheiten')).body).toContain(`"Igelweg";"${email}";"2027";"9"`);
    const id = ((await get(admin, '/api/admin/eltern')).body as { id: string; email: string }[]).find((e) => e.email === email)!.id;
    expect((await call(admin, 'DELETE', `/api/admin/eltern/${id}`)).status).toBe(200);
    expect((await get(admin, '/api/admin/export/abwesenheiten')).body).not.toContain('Igelweg');
    expect((await get(admin, '/api/admin/stats')).body.abwesenheiten).toBe(vorher - 1);
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
});
