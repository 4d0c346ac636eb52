import { randomUUID } from 'node:crypto';
import { abwesenheitenStream } from '@waldkita/domain/abwesenheit/abwesenheit';
import { elternStream } from '@waldkita/domain/eltern/eltern';
import { gruppeStream } from '@waldkita/domain/gruppe/gruppe';
import { KALENDER_STREAM } from '@waldkita/domain/kalender/schliesszeiten';
import { dienstplanStream } from '@waldkita/domain/wasserdienst/dienstplan';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existingStream, expectError, expectResponse, familie, gruppe, queryApiRouteTest, wasserdienst } from '../testing/route-test.js';

describe('Admin Center reads (query-api/src/admin)', () => {
  let t: Awaited<ReturnType<typeof queryApiRouteTest>>;
  const fuechse = gruppe('Füchse');
  const fuchs = familie('Fuchs', fuechse.gruppeId);
  const bauer = familie('Bauer', fuechse.gruppeId);
  const leitung = familie('Leitung', null, ['ROLE_ADMIN']);
  const bauerDienste = [wasserdienst(bauer, 2026, 40), wasserdienst(bauer, 2026, 49), wasserdienst(bauer, 2026, 53)];
  beforeAll(async () => {
    t = await queryApiRouteTest({ now: () => new Date('2026-11-20T10:00:00+01:00') });
    await t.appendEvents(
      fuechse.stream,
      fuchs.stream,
      bauer.stream,
      leitung.stream,
      existingStream(
        dienstplanStream(fuechse.gruppeId),
        bauerDienste.map((data) => ({ type: 'WasserdienstZugewiesen', data })),
      ),
    );
  });
  const get = (url: string) => ({ method: 'GET' as const, url, als: leitung });
  const entfernt = (f: { elternId: string }) =>
    existingStream(elternStream(f.elternId), [{ type: 'ElternEntfernt', data: { elternId: f.elternId } }]);
  afterAll(() => t?.close());

  it('refuses every admin read to a parent with 403', async () => {
    for (const url of [
      '/api/admin/eltern',
      '/api/admin/gruppen',
      '/api/admin/stats',
      '/api/admin/export/eltern',
      '/api/admin/holiday-confirmation-status',
      '/api/admin/holiday-overview-all',
    ])
      await t.when({ method: 'GET', url, als: fuchs }).then(expectError(403, 'Sie haben keine Berechtigung für diese Aktion.'));
  });

  it('lists the parents by name with their group, an admin without one', async () => {
    const eltern = (await t.when(get('/api/admin/eltern')).then(expectResponse(200))).json() as { nachname: string }[];
    expect(eltern.map((e) => e.nachname)).toEqual(['Bauer', 'Fuchs', 'Leitung']);
    expect(eltern.find((e) => e.nachname === 'Bauer')).toMatchObject({
      id: bauer.elternId,
      email: bauer.email,
      gruppe: { gruppenID: fuechse.gruppeId, gruppenName: 'Füchse' },
    });
    expect(eltern.find((e) => e.nachname === 'Leitung')).toMatchObject({ isAdmin: true, gruppe: null });
  });

  it('lists the groups with their number of families; a group removed is gone', async () => {
    const dachse = gruppe('Dachse');
    const zaehle = async () =>
      ((await t.when(get('/api/admin/gruppen')).then(expectResponse(200))).json() as { gruppenName: string; anzahlEltern: number }[]).map(
        (g) => `${g.gruppenName} ${g.anzahlEltern}`,
      );
    await t.appendEvents(dachse.stream);
    expect(await zaehle()).toEqual(['Dachse 0', 'Füchse 2']);
    await t.appendEvents(existingStream(gruppeStream(dachse.gruppeId), [{ type: 'GruppeEntfernt', data: { gruppeId: dachse.gruppeId } }]));
    expect(await zaehle()).toEqual(['Füchse 2']);
  });

  it('a deleted parent (duties freed, ElternEntfernt) is gone from the list, the plan keeps only its past weeks', async () => {
    const [, kw49, kw53] = bauerDienste;
    await t.appendEvents(
      existingStream(dienstplanStream(fuechse.gruppeId), [
        { type: 'WasserdienstFreigegeben', data: kw49 },
        { type: 'WasserdienstFreigegeben', data: kw53 },
      ]),
      entfernt(bauer),
    );
    const kalender = await t.when(get(`/api/wasserdienst/events?gruppe=${fuechse.gruppeId}`)).then(expectResponse(200));
    expect(kalender.json().map((e: { kalenderwoche: number }) => e.kalenderwoche)).toEqual([40]);
    const eltern = (await t.when(get('/api/admin/eltern')).then(expectResponse(200))).json() as { nachname: string }[];
    expect(eltern.map((e) => e.nachname)).toEqual(['Fuchs', 'Leitung']);
  });

  it('exports CSV with formula cells neutralised, has no export of passwords, and answers the figures', async () => {
    const boese = familie('=HYPERLINK("http://evil")', fuechse.gruppeId);
    await t.appendEvents(boese.stream);
    const csv = await t.when(get('/api/admin/export/eltern')).then(expectResponse(200));
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    await t.when(get('/api/admin/export/passwoerter')).then(expectResponse(404));
    // Fuchs, Leitung and the new family (Bauer was deleted above); one group.
    const stats = await t.when(get('/api/admin/stats')).then(expectResponse(200));
    expect(stats.json()).toMatchObject({ eltern: 3, admins: 1, gruppen: 1 });
  });

  it('leaves the absences of a deleted family out of the export and the figures', async () => {
    const igel = familie('Igelweg', fuechse.gruppeId);
    await t.appendEvents(
      igel.stream,
      existingStream(abwesenheitenStream(igel.elternId), [
        { type: 'AbwesenheitGemeldet', data: { abwesenheitId: randomUUID(), elternId: igel.elternId, jahr: 2027, kalenderwoche: 9 } },
      ]),
    );
    const vorher = (await t.when(get('/api/admin/stats')).then(expectResponse(200))).json().abwesenheiten as number;
    expect((await t.when(get('/api/admin/export/abwesenheiten')).then(expectResponse(200))).body).toContain(
      `"Igelweg";"${igel.email}";"2027";"9"`,
    );
    await t.appendEvents(entfernt(igel));
    expect((await t.when(get('/api/admin/export/abwesenheiten')).then(expectResponse(200))).body).not.toContain('Igelweg');
    expect((await t.when(get('/api/admin/stats')).then(expectResponse(200))).json().abwesenheiten).toBe(vorher - 1);
  });

  it('shows the holidays by year and type, weeks and days, without those deleted; the confirmation once it is given', async () => {
    await t.when(get('/api/admin/holiday-confirmation-status')).then(expectResponse(200, { confirmed: false }));
    const [w53, w32, w33, tag23, tag24] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await t.appendEvents(
      existingStream(KALENDER_STREAM, [
        { type: 'FerienwocheAngelegt', data: { id: w53, art: 'Weihnachtsferien', jahr: 2026, kalenderwoche: 53 } },
        { type: 'FerientagAngelegt', data: { id: tag23, art: 'Weihnachtsferien', datum: '2026-12-23' } },
        { type: 'FerientagAngelegt', data: { id: tag24, art: 'Weihnachtsferien', datum: '2026-12-24' } },
        { type: 'FerienwocheAngelegt', data: { id: w32, art: 'Sommerferien', jahr: 2027, kalenderwoche: 32 } },
        { type: 'FerienwocheAngelegt', data: { id: w33, art: 'Sommerferien', jahr: 2027, kalenderwoche: 33 } },
      ]),
    );
    await t.when(get('/api/admin/holiday-overview-all')).then(
      expectResponse(200, {
        availableYears: [2027, 2026],
        overview: {
          2026: {
            Weihnachtsferien: {
              weeks: [{ id: w53, kalenderwoche: 53 }],
              days: [
                { id: tag23, datum: '2026-12-23' },
                { id: tag24, datum: '2026-12-24' },
              ],
            },
          },
          2027: {
            Sommerferien: {
              weeks: [
                { id: w32, kalenderwoche: 32 },
                { id: w33, kalenderwoche: 33 },
              ],
              days: [],
            },
          },
        },
      }),
    );
    await t.appendEvents(
      existingStream(KALENDER_STREAM, [
        { type: 'FerientagGeloescht', data: { id: tag23 } },
        { type: 'FerienwocheGeloescht', data: { id: w32 } },
        { type: 'FerienwocheGeloescht', data: { id: w33 } },
        { type: 'FerienBestaetigt', data: {} },
      ]),
    );
    await t.when(get('/api/admin/holiday-overview-all')).then(
      expectResponse(200, {
        availableYears: [2026],
        overview: { 2026: { Weihnachtsferien: { weeks: [{ id: w53, kalenderwoche: 53 }], days: [{ id: tag24, datum: '2026-12-24' }] } } },
      }),
    );
    await t.when(get('/api/admin/holiday-confirmation-status')).then(expectResponse(200, { confirmed: true }));
  });
});
