import { randomUUID } from 'node:crypto';
import { DIENSTARTEN_STREAM } from '@waldkita/domain/dienste/dienstart';
import { diensteStream, KITA_BEREICH } from '@waldkita/domain/dienste/dienste';
import { elternStream } from '@waldkita/domain/eltern/eltern';
import { kalenderAboStream } from '@waldkita/domain/kalender-abo/kalender-abo';
import { dienstplanStream } from '@waldkita/domain/wasserdienst/dienstplan';
import { feedDigest } from '@waldkita/platform/kalender-abo/feed-token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existingStream, expectError, expectResponse, familie, gruppe, queryApiRouteTest } from '../testing/route-test.js';

/** Friday of ISO week 47 of 2026, 10:00 in Berlin: swaps reach up to ISO week 5 of 2027. */
const JETZT = new Date('2026-11-20T10:00:00+01:00');

const ANGABEN = { beschreibung: '', familienProTermin: 1, stunden: 2, pausiertBeiSchliessung: true };

/**
 * The reads of every duty kind (docs/api-dienste.md), given the kinds, the plans and a share in the
 * log: each family only its own dates, the offers of its own group's plans and of the whole
 * kindergarten's; and how the dates show in the family's calendar feed and data export.
 */
describe('duty kinds (GET /api/dienstarten, /api/admin/dienstarten, /api/dienste/…)', () => {
  let t: Awaited<ReturnType<typeof queryApiRouteTest>>;
  const fuechse = gruppe('Füchse');
  const eulen = gruppe('Eulen');
  const leitung = familie('Leitung', null, ['ROLE_ADMIN']);
  const fuchs = familie('Fuchs', fuechse.gruppeId);
  const bauer = familie('Bauer', fuechse.gruppeId);
  const eule = familie('Eule', eulen.gruppeId);
  const [putz, tee, alt] = [randomUUID(), randomUUID(), randomUUID()];
  const [d1, d2, d3, d4, e1, k1, k2] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const [w46, w48] = [randomUUID(), randomUUID()];
  const [tFuchs, tEule, tTee] = [randomUUID(), randomUUID(), randomUUID()];
  /** Bauer's calendar feed address (the token a calendar program has). */
  const feedToken = `${'B'.repeat(40)}a_-`;

  const zugewiesen = (dienstartId: string, bereichId: string, dienstId: string, von: string, bis: string, elternId: string) => ({
    type: 'DienstZugewiesen',
    data: { dienstartId, bereichId, dienstId, von, bis, elternId },
  });

  beforeAll(async () => {
    t = await queryApiRouteTest({ now: () => JETZT });
    await t.appendEvents(
      ...[fuechse, eulen, leitung, fuchs, bauer, eule].map((x) => x.stream),
      existingStream(DIENSTARTEN_STREAM, [
        {
          type: 'DienstartAngelegt',
          data: { dienstartId: putz, name: 'Putzdienst', ...ANGABEN, rhythmus: 'wochenende', bereich: 'gruppe' },
        },
        {
          type: 'DienstartAngelegt',
          data: {
            dienstartId: tee,
            name: 'Tee kochen',
            ...ANGABEN,
            rhythmus: 'wochentage',
            wochentage: [1, 3],
            aktivVonMonat: 11,
            aktivBisMonat: 3,
            bereich: 'kita',
            stunden: 0.5,
          },
        },
        { type: 'DienstartAngelegt', data: { dienstartId: alt, name: 'Altpapier', ...ANGABEN, rhythmus: 'woche', bereich: 'kita' } },
        { type: 'DienstartArchiviert', data: { dienstartId: alt, name: 'Altpapier' } },
      ]),
      existingStream(diensteStream(putz, fuechse.gruppeId), [
        zugewiesen(putz, fuechse.gruppeId, d1, '2026-11-14', '2026-11-15', fuchs.elternId),
        zugewiesen(putz, fuechse.gruppeId, d2, '2026-11-21', '2026-11-22', fuchs.elternId),
        zugewiesen(putz, fuechse.gruppeId, d3, '2026-11-28', '2026-11-29', bauer.elternId),
        zugewiesen(putz, fuechse.gruppeId, d4, '2027-03-06', '2027-03-07', fuchs.elternId),
        {
          type: 'DienstTauschAngeboten',
          data: {
            dienstartId: putz,
            bereichId: fuechse.gruppeId,
            tauschId: tFuchs,
            dienstId: d2,
            von: '2026-11-21',
            bis: '2026-11-22',
            elternId: fuchs.elternId,
            nachricht: null,
          },
        },
      ]),
      existingStream(diensteStream(putz, eulen.gruppeId), [
        zugewiesen(putz, eulen.gruppeId, e1, '2026-11-21', '2026-11-22', eule.elternId),
        {
          type: 'DienstTauschAngeboten',
          data: {
            dienstartId: putz,
            bereichId: eulen.gruppeId,
            tauschId: tEule,
            dienstId: e1,
            von: '2026-11-21',
            bis: '2026-11-22',
            elternId: eule.elternId,
            nachricht: 'Nur für Eulen',
            abgeben: true,
          },
        },
      ]),
      existingStream(diensteStream(tee, KITA_BEREICH), [
        zugewiesen(tee, KITA_BEREICH, k1, '2026-11-23', '2026-11-23', bauer.elternId),
        zugewiesen(tee, KITA_BEREICH, k2, '2026-11-25', '2026-11-25', eule.elternId),
        {
          type: 'DienstTauschAngeboten',
          data: {
            dienstartId: tee,
            bereichId: KITA_BEREICH,
            tauschId: tTee,
            dienstId: k2,
            von: '2026-11-25',
            bis: '2026-11-25',
            elternId: eule.elternId,
            nachricht: 'Arzttermin',
          },
        },
      ]),
      existingStream(dienstplanStream(fuechse.gruppeId), [
        {
          type: 'WasserdienstZugewiesen',
          data: { gruppeId: fuechse.gruppeId, wasserdienstId: w46, jahr: 2026, kalenderwoche: 46, elternId: fuchs.elternId },
        },
        {
          type: 'WasserdienstZugewiesen',
          data: { gruppeId: fuechse.gruppeId, wasserdienstId: w48, jahr: 2026, kalenderwoche: 48, elternId: fuchs.elternId },
        },
      ]),
      existingStream(elternStream(bauer.elternId), [
        { type: 'AnteilGesetzt', data: { elternId: bauer.elternId, anteil: 2, grund: 'Zwei Kinder', dienstartId: putz } },
      ]),
      existingStream(kalenderAboStream(bauer.elternId), [
        { type: 'KalenderAboErneuert', data: { elternId: bauer.elternId, tokenDigest: feedDigest(feedToken) } },
      ]),
    );
  });
  afterAll(() => t?.close());

  const get = (url: string, als?: ReturnType<typeof familie>) => ({ method: 'GET' as const, url, als });
  const lies = async (url: string, als: ReturnType<typeof familie>) => (await t.when(get(url, als)).then(expectResponse(200))).json();

  it('GET /api/dienstarten: the active kinds to every family, Wasserdienst (built in) first, then by name', async () => {
    const arten = await lies('/api/dienstarten', fuchs);
    expect(arten.map((a: { id: string; name: string }) => [a.id, a.name])).toEqual([
      ['wasserdienst', 'Wasserdienst'],
      [putz, 'Putzdienst'],
      [tee, 'Tee kochen'],
    ]);
    expect(arten[0]).toMatchObject({ rhythmus: 'woche', bereich: 'gruppe', eingebaut: true, archiviert: false });
    expect(arten[2]).toEqual({
      id: tee,
      name: 'Tee kochen',
      beschreibung: '',
      rhythmus: 'wochentage',
      wochentage: [1, 3],
      aktivVonMonat: 11,
      aktivBisMonat: 3,
      bereich: 'kita',
      familienProTermin: 1,
      stunden: 0.5,
      pausiertBeiSchliessung: true,
      eingebaut: false,
      archiviert: false,
    });
  });

  it('GET /api/admin/dienstarten: every kind, the archived one last, to admins only', async () => {
    await t.when(get('/api/admin/dienstarten', fuchs)).then(expectResponse(403, { message: expect.any(String) }));
    const arten = await lies('/api/admin/dienstarten', leitung);
    expect(arten.map((a: { name: string; archiviert: boolean }) => [a.name, a.archiviert])).toEqual([
      ['Wasserdienst', false],
      ['Putzdienst', false],
      ['Tee kochen', false],
      ['Altpapier', true],
    ]);
  });

  it('GET /api/dienste/meine: every date of the family, Wasserdienst included (Monday–Friday), oldest first; done, offered, swappable', async () => {
    const dienst = (id: string, dienstartId: string, dienstart: string, von: string, bis: string, mehr: object) => ({
      id,
      dienstartId,
      dienstart,
      von,
      bis,
      gruppeId: fuechse.gruppeId,
      erledigt: false,
      angeboten: false,
      tauschbar: true,
      ...mehr,
    });
    await t.when(get('/api/dienste/meine', fuchs)).then(
      expectResponse(200, [
        dienst(w46, 'wasserdienst', 'Wasserdienst', '2026-11-09', '2026-11-13', { erledigt: true, tauschbar: false }),
        dienst(d1, putz, 'Putzdienst', '2026-11-14', '2026-11-15', { erledigt: true, tauschbar: false }),
        dienst(d2, putz, 'Putzdienst', '2026-11-21', '2026-11-22', { angeboten: true }),
        dienst(w48, 'wasserdienst', 'Wasserdienst', '2026-11-23', '2026-11-27', {}),
        // beyond the next 12 ISO weeks
        dienst(d4, putz, 'Putzdienst', '2027-03-06', '2027-03-07', { tauschbar: false }),
      ]),
    );
    // a date of a kind of the whole kindergarten has no group
    await t.when(get('/api/dienste/meine', bauer)).then(
      expectResponse(200, [
        expect.objectContaining({
          id: k1,
          dienstart: 'Tee kochen',
          von: '2026-11-23',
          bis: '2026-11-23',
          gruppeId: null,
          tauschbar: true,
        }),
        expect.objectContaining({ id: d3, dienstart: 'Putzdienst', gruppeId: fuechse.gruppeId }),
      ]),
    );
  });

  it('GET /api/dienste/tausch: open offers of the own group and of the whole kindergarten, never another group’s', async () => {
    await t.when(get('/api/dienste/tausch', fuchs)).then(
      expectResponse(200, [
        {
          id: tFuchs,
          dienstartId: putz,
          dienstart: 'Putzdienst',
          dienstId: d2,
          von: '2026-11-21',
          bis: '2026-11-22',
          eltern: { id: fuchs.elternId, nachname: 'Fuchs' },
          nachricht: null,
          abgeben: false,
          eigenes: true,
        },
        {
          id: tTee,
          dienstartId: tee,
          dienstart: 'Tee kochen',
          dienstId: k2,
          von: '2026-11-25',
          bis: '2026-11-25',
          eltern: { id: eule.elternId, nachname: 'Eule' },
          // sealed in the log, opened for the reader
          nachricht: 'Arzttermin',
          abgeben: false,
          eigenes: false,
        },
      ]),
    );
    const bauerSieht = await lies('/api/dienste/tausch', bauer);
    expect(bauerSieht.map((x: { id: string; eigenes: boolean }) => [x.id, x.eigenes])).toEqual([
      [tFuchs, false],
      [tTee, false],
    ]);
    const euleSieht = await lies('/api/dienste/tausch', eule);
    expect(euleSieht.map((x: { id: string; eigenes: boolean; abgeben: boolean }) => [x.id, x.eigenes, x.abgeben])).toEqual([
      [tEule, true, true],
      [tTee, true, false],
    ]);
  });

  it('GET /api/dienste/verteilung: per family of the group (or the whole kindergarten), done before today, planned from today, share', async () => {
    await t.when(get(`/api/dienste/verteilung?dienstart=${putz}`, fuchs)).then(
      expectResponse(200, [
        { elternId: bauer.elternId, nachname: 'Bauer', geleistet: 0, geplant: 1, anteil: 2 },
        { elternId: fuchs.elternId, nachname: 'Fuchs', geleistet: 1, geplant: 2, anteil: 1 },
      ]),
    );
    await t.when(get(`/api/dienste/verteilung?dienstart=${tee}`, fuchs)).then(
      expectResponse(200, [
        { elternId: bauer.elternId, nachname: 'Bauer', geleistet: 0, geplant: 1, anteil: 1 },
        { elternId: eule.elternId, nachname: 'Eule', geleistet: 0, geplant: 1, anteil: 1 },
        { elternId: fuchs.elternId, nachname: 'Fuchs', geleistet: 0, geplant: 0, anteil: 1 },
      ]),
    );
    await t.when(get('/api/dienste/verteilung?dienstart=wasserdienst', fuchs)).then(
      expectResponse(200, [
        { elternId: bauer.elternId, nachname: 'Bauer', geleistet: 0, geplant: 0, anteil: 1 },
        { elternId: fuchs.elternId, nachname: 'Fuchs', geleistet: 1, geplant: 1, anteil: 1 },
      ]),
    );
    await t
      .when(get(`/api/dienste/verteilung?dienstart=${putz}&gruppe=${eulen.gruppeId}`, leitung))
      .then(expectResponse(200, [{ elternId: eule.elternId, nachname: 'Eule', geleistet: 0, geplant: 1, anteil: 1 }]));
    await t.when(get(`/api/dienste/verteilung?dienstart=${putz}&gruppe=${eulen.gruppeId}`, fuchs)).then(expectResponse(403));
    await t.when(get(`/api/dienste/verteilung?dienstart=${putz}`, leitung)).then(expectError(400, 'Bitte wählen Sie eine Gruppe aus.'));
    await t.when(get(`/api/dienste/verteilung?dienstart=${randomUUID()}`, fuchs)).then(expectError(404, 'Dienstart nicht gefunden.'));
    await t.when(get('/api/dienste/verteilung?dienstart=gibtsnicht', fuchs)).then(expectError(404, 'Dienstart nicht gefunden.'));
    await t.when(get('/api/dienste/verteilung', fuchs)).then(expectResponse(400));
  });

  it('refuses reads without a session', async () => {
    for (const pfad of [
      '/api/dienstarten',
      '/api/admin/dienstarten',
      '/api/dienste/meine',
      '/api/dienste/tausch',
      '/api/dienste/verteilung',
    ])
      await t.when(get(pfad)).then(expectResponse(401));
  });

  it('the calendar feed lists the family’s dates of every other kind all-day, beside its water duties', async () => {
    const feed = await t.when(get(`/api/kalender/${feedToken}.ics`)).then(expectResponse(200));
    const entfaltet = feed.body.replace(/\r\n[ \t]/g, '');
    expect(entfaltet).toContain(`UID:dienst-${d3}@`);
    expect(entfaltet).toMatch(/DTSTART;VALUE=DATE:20261128\r\nDTEND;VALUE=DATE:20261130\r\n/);
    expect(entfaltet).toContain('SUMMARY:Putzdienst\r\n');
    expect(entfaltet).toContain(`UID:dienst-${k1}@`);
    expect(entfaltet).toMatch(/DTSTART;VALUE=DATE:20261123\r\nDTEND;VALUE=DATE:20261124\r\n/);
    expect(entfaltet).toContain('SUMMARY:Tee kochen\r\n');
    expect(entfaltet).toContain('Ihr Dienst Tee kochen: Mo 23.11.2026 (ganze Kita).');
    expect(entfaltet).not.toContain(d2);
  });

  it('the data export lists the family’s dates of every kind and its share per kind', async () => {
    const daten = await lies('/api/eltern/ich/export', bauer);
    expect(daten.dienste).toEqual([
      { dienstId: k1, dienstartId: tee, dienstart: 'Tee kochen', von: '2026-11-23', bis: '2026-11-23', gruppe: null },
      { dienstId: d3, dienstartId: putz, dienstart: 'Putzdienst', von: '2026-11-28', bis: '2026-11-29', gruppe: 'Füchse' },
    ]);
    expect(daten.anteile).toEqual([
      { dienstartId: putz, dienstart: 'Putzdienst', anteil: 2, grund: 'Zwei Kinder', gesetztAm: expect.any(String) },
    ]);
    // the history names the kind (from the read model of the kinds) and the family's own dates
    const verlauf = daten.verlauf.map((e: { text: string }) => e.text);
    expect(verlauf).toContain('Der Anteil von Familie Bauer an der Dienstart „Putzdienst“ ist jetzt 2. Grund: „Zwei Kinder“');
    expect(verlauf).toContain('Familie Bauer wird für den Dienst „Tee kochen“ eingeteilt: Mo 23.11.2026 (ganze Kita).');
    const fuchsDaten = await lies('/api/eltern/ich/export', fuchs);
    expect(fuchsDaten.dienste.map((d: { dienstart: string; von: string }) => `${d.dienstart} ${d.von}`)).toEqual([
      'Wasserdienst 2026-11-09',
      'Putzdienst 2026-11-14',
      'Putzdienst 2026-11-21',
      'Wasserdienst 2026-11-23',
      'Putzdienst 2027-03-06',
    ]);
    expect(fuchsDaten.dienstTausch.angebote).toEqual([
      expect.objectContaining({ tauschId: tFuchs, dienstart: 'Putzdienst', von: '2026-11-21', status: 'offen', statusText: 'Offen' }),
    ]);
  });

  it('after a swap both dates have changed hands; a date given away and taken over is the taker’s', async () => {
    const k3 = randomUUID();
    const tAbgabe = randomUUID();
    const meine = async (x: ReturnType<typeof familie>) =>
      ((await lies('/api/dienste/meine', x)) as { id: string; dienstartId: string }[])
        .filter((d) => d.dienstartId === tee)
        .map((d) => d.id);
    await t.appendEvents(
      existingStream(diensteStream(tee, KITA_BEREICH), [
        {
          type: 'DienstTauschAngenommen',
          data: {
            dienstartId: tee,
            bereichId: KITA_BEREICH,
            tauschId: tTee,
            dienstId: k2,
            termin: { von: '2026-11-25', bis: '2026-11-25' },
            angebotVon: eule.elternId,
            gegenDienstId: k1,
            gegenTermin: { von: '2026-11-23', bis: '2026-11-23' },
            angenommenVon: bauer.elternId,
          },
        },
        zugewiesen(tee, KITA_BEREICH, k3, '2026-11-30', '2026-11-30', bauer.elternId),
        {
          type: 'DienstTauschAngeboten',
          data: {
            dienstartId: tee,
            bereichId: KITA_BEREICH,
            tauschId: tAbgabe,
            dienstId: k3,
            von: '2026-11-30',
            bis: '2026-11-30',
            elternId: bauer.elternId,
            nachricht: null,
            abgeben: true,
          },
        },
        {
          type: 'DienstAbgabeUebernommen',
          data: {
            dienstartId: tee,
            bereichId: KITA_BEREICH,
            tauschId: tAbgabe,
            dienstId: k3,
            termin: { von: '2026-11-30', bis: '2026-11-30' },
            abgegebenVon: bauer.elternId,
            uebernommenVon: fuchs.elternId,
          },
        },
      ]),
    );
    expect(await meine(bauer)).toEqual([k2]);
    expect(await meine(eule)).toEqual([k1]);
    expect(await meine(fuchs)).toEqual([k3]);
    // nothing of it is open any more
    expect((await lies('/api/dienste/tausch', fuchs)).map((x: { id: string }) => x.id)).toEqual([tFuchs]);
  });
});
