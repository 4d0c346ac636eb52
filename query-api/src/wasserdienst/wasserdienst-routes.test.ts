import { randomUUID } from 'node:crypto';
import { elternStream } from '@waldkita/domain/eltern/eltern';
import { dienstplanStream } from '@waldkita/domain/wasserdienst/dienstplan';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existingStream, expectError, expectResponse, familie, gruppe, queryApiRouteTest, wasserdienst } from '../testing/route-test.js';

/** Friday of ISO week 47 of 2026: offerable are weeks 47 of 2026 to 5 of 2027. */
const JETZT = new Date('2026-11-20T10:00:00+01:00');

describe('water-duty plan (GET /api/wasserdienst/…, /api/gruppen)', () => {
  let t: Awaited<ReturnType<typeof queryApiRouteTest>>;
  const fuechse = gruppe('Füchse');
  const eulen = gruppe('Eulen');
  const fuchs = familie('Fuchs', fuechse.gruppeId);
  const bauer = familie('Bauer', fuechse.gruppeId);
  const eule = familie('Eule', eulen.gruppeId);
  const leitung = familie('Leitung', null, ['ROLE_ADMIN']);
  const ohneGruppe = familie('Ohnegruppe', null);
  const fuchs53 = wasserdienst(fuchs, 2026, 53);
  const bauer50 = wasserdienst(bauer, 2026, 50);
  const fuechsePlan = [wasserdienst(fuchs, 2026, 40), wasserdienst(fuchs, 2026, 48), fuchs53, wasserdienst(fuchs, 2027, 8), bauer50];

  beforeAll(async () => {
    t = await queryApiRouteTest({ now: () => JETZT });
    await t.appendEvents(
      ...[fuechse, eulen, fuchs, bauer, eule, leitung, ohneGruppe].map((x) => x.stream),
      existingStream(dienstplanStream(fuechse.gruppeId), [
        ...fuechsePlan.map((data) => ({ type: 'WasserdienstZugewiesen', data })),
        { type: 'TauschAngeboten', data: { ...fuchs53, tauschId: randomUUID(), nachricht: null } },
      ]),
      existingStream(dienstplanStream(eulen.gruppeId), [{ type: 'WasserdienstZugewiesen', data: wasserdienst(eule, 2026, 48) }]),
    );
  });
  afterAll(() => t?.close());

  const get = (url: string, als?: ReturnType<typeof familie>) => ({ method: 'GET' as const, url, als });

  it('lists a family’s own duties with the Friday of each week (KW 53/2026 ends on Friday 01.01.2027), offerable and offered', async () => {
    const response = await t.when(get('/api/wasserdienst/my-assignments', fuchs)).then(expectResponse(200));
    const mine = response.json() as { jahr: number; kalenderwoche: number; freitag: string; tauschbar: boolean; angeboten: boolean }[];
    expect(mine.map((d) => [d.jahr, d.kalenderwoche, d.freitag, d.tauschbar, d.angeboten])).toEqual([
      [2026, 40, '2026-10-02', false, false],
      [2026, 48, '2026-11-27', true, false],
      [2026, 53, '2027-01-01', true, true],
      [2027, 8, '2027-02-26', false, false],
    ]);
  });

  it('shows a parent the calendar of their own group only, Monday to Sunday, own entries marked', async () => {
    const response = await t.when(get('/api/wasserdienst/events', fuchs)).then(expectResponse(200));
    const eintraege = response.json() as { title: string; jahr: number; kalenderwoche: number; eigener: boolean }[];
    expect(eintraege.map((e) => e.title).sort()).toEqual(['Bauer', 'Fuchs', 'Fuchs', 'Fuchs', 'Fuchs']);
    expect(eintraege.find((e) => e.jahr === 2026 && e.kalenderwoche === 53)).toMatchObject({
      title: 'Fuchs',
      start: '2026-12-28',
      end: '2027-01-04',
      allDay: true,
      eigener: true,
    });
    expect(eintraege.find((e) => e.title === 'Bauer')?.eigener).toBe(false);
    const eigene = await t.when(get('/api/wasserdienst/events/my', fuchs)).then(expectResponse(200));
    expect(eigene.json()).toHaveLength(4);
  });

  it('refuses a parent another group’s plan, group map and group record (403); a family without group gets 404', async () => {
    const verboten = 'Sie haben keine Berechtigung für diese Aktion.';
    await t.when(get(`/api/wasserdienst/events?gruppe=${fuechse.gruppeId}`, eule)).then(expectError(403, verboten));
    await t.when(get(`/api/wasserdienst/gruppen-eltern/${fuechse.gruppeId}`, eule)).then(expectError(403, verboten));
    await t.when(get(`/api/gruppen/${fuechse.gruppeId}`, eule)).then(expectResponse(403));
    await t.when(get('/api/gruppen', eule)).then(expectResponse(200, [{ gruppenID: eulen.gruppeId, gruppenName: 'Eulen' }]));
    await t.when(get('/api/wasserdienst/events', ohneGruppe)).then(expectError(404, 'Keine Gruppe gefunden'));
  });

  it('shows an admin every group, titles prefixed with the group name, or one group when asked', async () => {
    const alle = await t.when(get('/api/wasserdienst/events', leitung)).then(expectResponse(200));
    expect(alle.json().map((e: { title: string }) => e.title)).toEqual(
      expect.arrayContaining(['Füchse: Fuchs', 'Füchse: Bauer', 'Eulen: Eule']),
    );
    await t
      .when(get(`/api/wasserdienst/events?gruppe=${eulen.gruppeId}`, leitung))
      .then(expectResponse(200, [expect.objectContaining({ title: 'Eulen: Eule' })]));
    const gruppen = await t.when(get('/api/gruppen', leitung)).then(expectResponse(200));
    expect(gruppen.json().map((g: { gruppenName: string }) => g.gruppenName)).toEqual(['Eulen', 'Füchse']);
  });

  it('maps each duty of the group to its family in the group map', async () => {
    const response = await t.when(get(`/api/wasserdienst/gruppen-eltern/${fuechse.gruppeId}`, bauer)).then(expectResponse(200));
    expect(response.json()[`id=${bauer50.wasserdienstId}, kalenderwoche=50, jahr=2026`]).toMatchObject({
      id: bauer.elternId,
      nachname: 'Bauer',
    });
  });
  it('a duty taken over (DienstUebernommen) moves with its count: the distribution and the taker’s own duties show it', async () => {
    const igel = gruppe('Igel');
    const geber = familie('Fuchs', igel.gruppeId);
    const nehmer = familie('Bauer', igel.gruppeId);
    const dienste = [48, 49, 50, 51, 52, 53].map((kw) => wasserdienst(geber, 2026, kw));
    const plan = dienstplanStream(igel.gruppeId);
    const tauschId = randomUUID();
    const verteilung = { method: 'GET' as const, url: '/api/wasserdienst/verteilung', als: nehmer };
    const geplant = (response: { json: () => unknown }) =>
      Object.fromEntries((response.json() as { nachname: string; geplant: number }[]).map((z) => [z.nachname, z.geplant]));
    const vorher = await t
      .given(
        igel.stream,
        geber.stream,
        nehmer.stream,
        existingStream(plan, [
          ...dienste.map((data) => ({ type: 'WasserdienstZugewiesen', data })),
          { type: 'TauschAngeboten', data: { ...dienste[0]!, tauschId, nachricht: null, abgeben: true } },
        ]),
      )
      .when(verteilung)
      .then(expectResponse(200));
    expect(geplant(vorher)).toEqual({ Fuchs: 6, Bauer: 0 });
    const uebernommen = {
      type: 'DienstUebernommen',
      data: {
        gruppeId: igel.gruppeId,
        tauschId,
        wasserdienstId: dienste[0]!.wasserdienstId,
        woche: { jahr: 2026, kalenderwoche: 48 },
        abgegebenVon: geber.elternId,
        uebernommenVon: nehmer.elternId,
      },
    };
    const nachher = await t
      .given(existingStream(plan, [uebernommen]))
      .when(verteilung)
      .then(expectResponse(200));
    expect(geplant(nachher)).toEqual({ Fuchs: 5, Bauer: 1 });
    const eigene = await t.when(get('/api/wasserdienst/my-assignments', nehmer)).then(expectResponse(200));
    expect((eigene.json() as { id: string }[]).map((d) => d.id)).toEqual([dienste[0]!.wasserdienstId]);
  });
  it('a swap (TauschAngenommen) exchanges the two weeks: both families’ own duties and the calendar show them, the board names the taker', async () => {
    const dachse = gruppe('Dachse');
    const anbieter = familie('Fuchs', dachse.gruppeId);
    const annehmer = familie('Bauer', dachse.gruppeId);
    const [a48, a53, b50] = [wasserdienst(anbieter, 2026, 48), wasserdienst(anbieter, 2026, 53), wasserdienst(annehmer, 2026, 50)];
    const tauschId = randomUUID();
    await t.appendEvents(
      dachse.stream,
      anbieter.stream,
      annehmer.stream,
      existingStream(dienstplanStream(dachse.gruppeId), [
        ...[a48, a53, b50].map((data) => ({ type: 'WasserdienstZugewiesen', data })),
        { type: 'TauschAngeboten', data: { ...a48, tauschId, nachricht: null } },
        {
          type: 'TauschAngenommen',
          data: {
            gruppeId: dachse.gruppeId,
            tauschId,
            wasserdienstId: a48.wasserdienstId,
            woche: { jahr: 2026, kalenderwoche: 48 },
            angebotVon: anbieter.elternId,
            gegenWasserdienstId: b50.wasserdienstId,
            gegenWoche: { jahr: 2026, kalenderwoche: 50 },
            angenommenVon: annehmer.elternId,
          },
        },
      ]),
    );
    const wochen = async (f: typeof anbieter) =>
      ((await t.when(get('/api/wasserdienst/my-assignments', f)).then(expectResponse(200))).json() as { kalenderwoche: number }[]).map(
        (d) => d.kalenderwoche,
      );
    expect(await wochen(anbieter)).toEqual([50, 53]);
    expect(await wochen(annehmer)).toEqual([48]);
    const kalender = (await t.when(get('/api/wasserdienst/events', anbieter)).then(expectResponse(200))).json() as {
      kalenderwoche: number;
      title: string;
    }[];
    expect(Object.fromEntries(kalender.map((e) => [e.kalenderwoche, e.title]))).toEqual({ 48: 'Bauer', 50: 'Fuchs', 53: 'Fuchs' });
    const brett = await t.when(get(`/api/tausch/gruppe/${dachse.gruppeId}`, anbieter)).then(expectResponse(200));
    expect(brett.json()).toEqual([
      expect.objectContaining({
        id: tauschId,
        bestaetigt: true,
        resolveEltern: { id: annehmer.elternId, nachname: 'Bauer', nameKind: 'Kind Bauer' },
        resolveWasserdienst: { id: b50.wasserdienstId, kalenderwoche: 50, jahr: 2026 },
      }),
    ]);
  });
});

describe('fairness: the distribution of the water duty (GET /api/wasserdienst/verteilung)', () => {
  let t: Awaited<ReturnType<typeof queryApiRouteTest>>;
  const fuechse = gruppe('Füchse');
  const eulen = gruppe('Eulen');
  const leitung = familie('Leitung', null, ['ROLE_ADMIN', 'ROLE_AUDITOR']);
  const fuchs = familie('Fuchs', fuechse.gruppeId);
  const bauer = familie('Bauer', fuechse.gruppeId);
  const wagner = familie('Wagner', fuechse.gruppeId);
  const eule = familie('Eule', eulen.gruppeId);
  const fuchs48 = wasserdienst(fuchs, 2026, 48);
  const bauer49 = wasserdienst(bauer, 2026, 49);
  // Weeks 40–46 are done, 47–50 still to come (JETZT is in week 47); KW 43 nobody's.
  const plan = [
    wasserdienst(fuchs, 2026, 40),
    wasserdienst(bauer, 2026, 41),
    wasserdienst(wagner, 2026, 42),
    wasserdienst(fuchs, 2026, 44),
    wasserdienst(bauer, 2026, 45),
    wasserdienst(fuchs, 2026, 46),
    wasserdienst(wagner, 2026, 47),
    fuchs48,
    bauer49,
    wasserdienst(bauer, 2026, 50),
  ];
  beforeAll(async () => {
    t = await queryApiRouteTest({ now: () => JETZT });
    await t.appendEvents(
      ...[fuechse, eulen, leitung, fuchs, bauer, wagner, eule].map((x) => x.stream),
      existingStream(
        dienstplanStream(fuechse.gruppeId),
        plan.map((data) => ({ type: 'WasserdienstZugewiesen', data })),
      ),
    );
  });
  afterAll(() => t?.close());

  const get = (url: string, als: ReturnType<typeof familie>) => ({ method: 'GET' as const, url, als });
  const zeile = (x: ReturnType<typeof familie>, geleistet: number, geplant: number, anteil = 1) => ({
    elternId: x.elternId,
    nachname: x.nachname,
    geleistet,
    geplant,
    anteil,
  });

  it('shows a parent every family of the own group: duties done before the current week, still planned from it on, share 1', async () => {
    await t
      .when(get('/api/wasserdienst/verteilung', bauer))
      .then(expectResponse(200, [zeile(bauer, 2, 2), zeile(fuchs, 3, 1), zeile(wagner, 1, 1)]));
    await t.when(get('/api/wasserdienst/verteilung', eule)).then(expectResponse(200, [zeile(eule, 0, 0)]));
  });

  it('refuses a parent another group (403, German) and lets an admin choose any group; unknown groups are 404', async () => {
    await t
      .when(get(`/api/wasserdienst/verteilung?gruppe=${fuechse.gruppeId}`, eule))
      .then(expectResponse(403, { message: expect.stringMatching(/Berechtigung/) }));
    await t
      .when(get(`/api/wasserdienst/verteilung?gruppe=${fuechse.gruppeId}`, leitung))
      .then(expectResponse(200, [zeile(bauer, 2, 2), zeile(fuchs, 3, 1), zeile(wagner, 1, 1)]));
    await t.when(get('/api/wasserdienst/verteilung', leitung)).then(expectError(400, 'Bitte wählen Sie eine Gruppe aus.'));
    await t.when(get('/api/wasserdienst/verteilung?gruppe=9b1c3c52-0000-4000-8000-000000000000', leitung)).then(expectResponse(404));
  });

  it('counts a swapped duty for the family that does it', async () => {
    const tauschId = randomUUID();
    const kalender = await t
      .given(
        existingStream(dienstplanStream(fuechse.gruppeId), [
          { type: 'TauschAngeboten', data: { ...fuchs48, tauschId, nachricht: null } },
          {
            type: 'TauschAngenommen',
            data: {
              gruppeId: fuechse.gruppeId,
              tauschId,
              wasserdienstId: fuchs48.wasserdienstId,
              woche: { jahr: 2026, kalenderwoche: 48 },
              angebotVon: fuchs.elternId,
              gegenWasserdienstId: bauer49.wasserdienstId,
              gegenWoche: { jahr: 2026, kalenderwoche: 49 },
              angenommenVon: bauer.elternId,
            },
          },
        ]),
      )
      .when(get('/api/wasserdienst/events', fuchs))
      .then(expectResponse(200));
    const woche48 = (kalender.json() as { kalenderwoche: number; title: string }[]).filter((e) => e.kalenderwoche === 48);
    expect(woche48.map((e) => e.title)).toEqual(['Bauer']);
    // A swap of two planned weeks leaves the counts as they were; the week is Bauer's now.
    await t
      .when(get('/api/wasserdienst/verteilung', fuchs))
      .then(expectResponse(200, [zeile(bauer, 2, 2), zeile(fuchs, 3, 1), zeile(wagner, 1, 1)]));
  });

  it('shows a share set with its reason: in the distribution, in the Admin Center’s list, and told in German in the history', async () => {
    await t
      .given(
        existingStream(elternStream(wagner.elternId), [
          { type: 'AnteilGesetzt', data: { elternId: wagner.elternId, anteil: 2, grund: 'Zwei Kinder in der Gruppe' } },
        ]),
      )
      .when(get('/api/wasserdienst/verteilung', fuchs))
      .then(expectResponse(200, expect.arrayContaining([zeile(wagner, 1, 1, 2)])));
    // The Admin Center's list carries each family's share and the reason of its last change.
    const liste = (await t.when(get('/api/admin/eltern', leitung)).then(expectResponse(200))).json() as {
      id: string;
      anteil: number;
      anteilGrund: string | null;
    }[];
    expect(liste.find((e) => e.id === wagner.elternId)).toMatchObject({ anteil: 2, anteilGrund: 'Zwei Kinder in der Gruppe' });
    expect(liste.find((e) => e.id === fuchs.elternId)).toMatchObject({ anteil: 1, anteilGrund: null });
    const verlauf = await t.when(get('/api/audit/events', leitung)).then(expectResponse(200));
    expect(verlauf.body).toContain('Der Anteil von Familie Wagner am Wasserdienst ist jetzt 2. Grund: „Zwei Kinder in der Gruppe“');
  });
});
