import { randomUUID } from 'node:crypto';
import { DIENSTARTEN_STREAM } from '@waldkita/domain/dienste/dienstart';
import { diensteStream, KITA_BEREICH } from '@waldkita/domain/dienste/dienste';
import { einsatzStream } from '@waldkita/domain/einsatz/einsatz';
import { EINSAETZE_STREAM } from '@waldkita/domain/einsatz/einsatz-verzeichnis';
import { stundenjahrStream } from '@waldkita/domain/stunden/stundenjahr';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existingStream, expectError, expectResponse, familie, gruppe, queryApiRouteTest } from '../testing/route-test.js';

describe('the hours ledger’s admin reads (query-api/src/stunden)', () => {
  let t: Awaited<ReturnType<typeof queryApiRouteTest>>;
  const fuechse = gruppe('Füchse');
  const leitung = familie('Leitung', null, ['ROLE_ADMIN']);
  const fuchs = familie('Fuchs', fuechse.gruppeId);
  beforeAll(async () => {
    t = await queryApiRouteTest({ now: () => new Date('2026-11-20T10:00:00+01:00') });
    await t.appendEvents(fuechse.stream, leitung.stream, fuchs.stream);
  });
  afterAll(() => t?.close());

  it('refuses a parent the overview and the settlement (403) and a year that is no number (400), in German', async () => {
    await t.when({ method: 'GET', url: '/api/admin/stunden', als: fuchs }).then(expectResponse(403));
    await t.when({ method: 'GET', url: '/api/admin/stunden/abrechnung', als: fuchs }).then(expectResponse(403));
    await t
      .when({ method: 'GET', url: '/api/admin/stunden?jahr=zwanzig', als: leitung })
      .then(expectError(400, 'Bitte geben Sie das Kita-Jahr als Jahreszahl an (z. B. 2026 für 2026/27).'));
  });
});

type Eintrag = {
  id: string;
  datum: string;
  stunden: number;
  quelle: string;
  beschreibung: string | null;
  status: string;
  grund?: string | null;
};

/** A CSV download as a spreadsheet reads it: its bytes start with the UTF-8 BOM, cells separated by semicolons. */
const csvZeilen = (bytes: Buffer) => {
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parse(bytes.subarray(3).toString('utf8'), { delimiter: ';' }) as string[][];
};

describe('the hours ledger through a kindergarten year, given its events (GET /api/stunden/meine, /api/admin/stunden…)', () => {
  let t: Awaited<ReturnType<typeof queryApiRouteTest>>;
  /** Friday, 20 November 2026, 10:00 in Berlin: kindergarten year 2026/27; the clock moves as the year goes by. */
  let jetzt = new Date('2026-11-20T10:00:00+01:00');
  const fuechse = gruppe('Füchse');
  const leitung = familie('Leitung', null, ['ROLE_ADMIN']);
  const fuchs = familie('Fuchs', fuechse.gruppeId);
  const bauer = familie('Bauer', fuechse.gruppeId);
  const jahr2026 = (...events: { type: string; data: unknown }[]) => existingStream(stundenjahrStream(2026), events);
  const [zaun, kuchen] = [randomUUID(), randomUUID()];
  const putz = randomUUID();
  const PUTZ = {
    name: 'Putzdienst',
    beschreibung: '',
    rhythmus: 'wochenende',
    bereich: 'kita',
    familienProTermin: 1,
    pausiertBeiSchliessung: true,
  };
  const putzTermin = (x: { elternId: string }, von: string, bis: string) => ({
    dienstartId: putz,
    bereichId: KITA_BEREICH,
    dienstId: randomUUID(),
    von,
    bis,
    elternId: x.elternId,
  });
  const putzFuchs = [putzTermin(fuchs, '2026-11-28', '2026-11-29'), putzTermin(fuchs, '2026-12-12', '2026-12-13')];
  const putzBauer = [putzTermin(bauer, '2026-12-05', '2026-12-06'), putzTermin(bauer, '2026-12-19', '2026-12-20')];
  beforeAll(async () => {
    t = await queryApiRouteTest({ now: () => jetzt });
    await t.appendEvents(fuechse.stream, leitung.stream, fuchs.stream, bauer.stream);
  });
  afterAll(() => t?.close());

  const lies = async (url: string, als = leitung) => (await t.when({ method: 'GET', url, als }).then(expectResponse(200))).json();
  const meine = (x: ReturnType<typeof familie>, jahr?: number) => lies(`/api/stunden/meine${jahr ? `?jahr=${jahr}` : ''}`, x);
  const bytes = async (url: string) => (await t.when({ method: 'GET', url, als: leitung }).then(expectResponse(200))).rawPayload;

  it('a family owes the family’s hours plus those per child, by the rules of the year', async () => {
    await t.appendEvents(
      jahr2026(
        { type: 'StundenRegelnGesetzt', data: { jahr: 2026, sollProFamilie: 10, sollProKind: 5, stundensatz: 15, jahresbeginnMonat: 9 } },
        { type: 'StundenFamilieGesetzt', data: { jahr: 2026, elternId: fuchs.elternId, kinder: 2, befreit: false, grund: '' } },
      ),
    );
    expect(await meine(fuchs)).toMatchObject({
      jahr: 2026,
      jahrName: '2026/27',
      von: '2026-09-01',
      bis: '2027-08-31',
      soll: 20,
      ist: 0,
      offen: 20,
    });
    expect(await meine(bauer)).toMatchObject({ soll: 15, ist: 0, offen: 15, eintraege: [] });
  });

  it('a family’s own entries wait for confirmation and are not counted yet; the admin sees them waiting', async () => {
    await t.appendEvents(
      jahr2026(
        {
          type: 'StundenEingetragen',
          data: { jahr: 2026, eintragId: zaun, elternId: fuchs.elternId, datum: '2026-11-14', stunden: 3, beschreibung: 'Zaun repariert' },
        },
        {
          type: 'StundenEingetragen',
          data: {
            jahr: 2026,
            eintragId: kuchen,
            elternId: fuchs.elternId,
            datum: '2026-11-15',
            stunden: 2.5,
            beschreibung: 'Kuchen gebacken',
          },
        },
      ),
    );
    const konto = await meine(fuchs);
    expect(konto).toMatchObject({ soll: 20, ist: 0, ausstehend: 5.5, offen: 20 });
    expect(konto.eintraege).toEqual([
      { id: zaun, datum: '2026-11-14', stunden: 3, quelle: 'eigen', beschreibung: 'Zaun repariert', status: 'ausstehend', grund: null },
      {
        id: kuchen,
        datum: '2026-11-15',
        stunden: 2.5,
        quelle: 'eigen',
        beschreibung: 'Kuchen gebacken',
        status: 'ausstehend',
        grund: null,
      },
    ]);
    const wartend = (await lies('/api/admin/stunden/offen')) as { nachname: string; beschreibung: string }[];
    expect(wartend.map((w) => [w.nachname, w.beschreibung])).toEqual([
      ['Fuchs', 'Zaun repariert'],
      ['Fuchs', 'Kuchen gebacken'],
    ]);
  });

  it('a confirmed entry counts, a refused one shows with its reason; nothing waits any more', async () => {
    await t.appendEvents(
      jahr2026(
        { type: 'StundenBestaetigt', data: { jahr: 2026, eintragId: zaun, elternId: fuchs.elternId, stunden: 3 } },
        {
          type: 'StundenAbgelehnt',
          data: { jahr: 2026, eintragId: kuchen, elternId: fuchs.elternId, stunden: 2.5, grund: 'Kuchen zählt beim Sommerfest' },
        },
      ),
    );
    const konto = await meine(fuchs);
    expect(konto).toMatchObject({ soll: 20, ist: 3, ausstehend: 0, offen: 17 });
    expect(konto.eintraege.map((e: Eintrag) => [e.beschreibung, e.status, e.grund])).toEqual([
      ['Zaun repariert', 'bestaetigt', null],
      ['Kuchen gebacken', 'abgelehnt', 'Kuchen zählt beim Sommerfest'],
    ]);
    expect(await lies('/api/admin/stunden/offen')).toEqual([]);
  });

  it('an admin sees what one family’s figures are made of; a parent may not, an unknown family is a 404', async () => {
    const konto = await lies(`/api/admin/stunden/familien/${fuchs.elternId}`);
    expect(konto).toMatchObject({ elternId: fuchs.elternId, nachname: 'Fuchs', jahr: 2026, soll: 20, ist: 3, offen: 17 });
    expect(konto.eintraege).toEqual((await meine(fuchs)).eintraege);
    expect(await lies(`/api/admin/stunden/familien/${fuchs.elternId}?jahr=2025`)).toMatchObject({ jahr: 2025, eintraege: [] });
    await t
      .when({ method: 'GET', url: `/api/admin/stunden/familien/${bauer.elternId}`, als: fuchs })
      .then(expectError(403, 'Sie haben keine Berechtigung für diese Aktion.'));
    for (const id of ['8e3c3c52-0000-4000-8000-000000000000', 'Fuchs'])
      await t
        .when({ method: 'GET', url: `/api/admin/stunden/familien/${id}`, als: leitung })
        .then(expectError(404, 'Familie nicht gefunden.'));
  });

  it('credits a duty date to the family that did it after a swap, once the date has passed, with the kind’s hours', async () => {
    await t.appendEvents(
      existingStream(DIENSTARTEN_STREAM, [{ type: 'DienstartAngelegt', data: { dienstartId: putz, ...PUTZ, stunden: 2 } }]),
      existingStream(
        diensteStream(putz, KITA_BEREICH),
        [...putzFuchs, ...putzBauer].map((data) => ({ type: 'DienstZugewiesen', data })),
      ),
    );
    const abgegeben = putzFuchs[0]!;
    // Before the date the duty shows as planned and counts nothing.
    expect((await meine(fuchs)).eintraege).toContainEqual(
      expect.objectContaining({ id: abgegeben.dienstId, quelle: 'dienst', status: 'geplant', stunden: 2, datum: abgegeben.bis }),
    );
    const tauschId = randomUUID();
    await t.appendEvents(
      existingStream(diensteStream(putz, KITA_BEREICH), [
        {
          type: 'DienstTauschAngeboten',
          data: {
            dienstartId: putz,
            bereichId: KITA_BEREICH,
            tauschId,
            dienstId: abgegeben.dienstId,
            von: abgegeben.von,
            bis: abgegeben.bis,
            elternId: fuchs.elternId,
            nachricht: null,
            abgeben: true,
          },
        },
        {
          type: 'DienstAbgabeUebernommen',
          data: {
            dienstartId: putz,
            bereichId: KITA_BEREICH,
            tauschId,
            dienstId: abgegeben.dienstId,
            termin: { von: abgegeben.von, bis: abgegeben.bis },
            abgegebenVon: fuchs.elternId,
            uebernommenVon: bauer.elternId,
          },
        },
      ]),
    );
    // 10 January 2027: every weekend of the plan has passed.
    jetzt = new Date('2027-01-10T12:00:00+01:00');
    const f = await meine(fuchs);
    const b = await meine(bauer);
    const putzF = f.eintraege.filter((e: Eintrag) => e.quelle === 'dienst');
    const putzB = b.eintraege.filter((e: Eintrag) => e.quelle === 'dienst');
    expect(putzF).toHaveLength(1);
    expect(putzB).toHaveLength(3);
    expect(putzB.map((e: Eintrag) => e.id)).toContain(abgegeben.dienstId);
    expect(
      [...putzF, ...putzB].every((e: Eintrag) => e.status === 'bestaetigt' && e.stunden === 2 && e.beschreibung?.startsWith('Putzdienst')),
    ).toBe(true);
    expect(f).toMatchObject({ soll: 20, ist: 3 + 2 * 1 });
    expect(b).toMatchObject({ soll: 15, ist: 2 * 3 });
  });

  it('an admin’s correction, also downwards, counts at once, with its reason', async () => {
    const vorher = (await meine(bauer)).ist as number;
    await t.appendEvents(
      jahr2026({
        type: 'StundenKorrigiert',
        data: {
          jahr: 2026,
          korrekturId: randomUUID(),
          elternId: bauer.elternId,
          datum: '2026-12-01',
          stunden: -1.5,
          grund: 'Putzdienst am 1. Advent nur halb erledigt',
        },
      }),
    );
    const konto = await meine(bauer);
    expect(konto.ist).toBe(vorher - 1.5);
    expect(konto.eintraege).toContainEqual(
      expect.objectContaining({
        quelle: 'korrektur',
        stunden: -1.5,
        status: 'bestaetigt',
        grund: 'Putzdienst am 1. Advent nur halb erledigt',
      }),
    );
  });

  it('lists every family with due, done, pending and open hours, as JSON and as a German CSV', async () => {
    const f = await meine(fuchs);
    const b = await meine(bauer);
    const uebersicht = await lies('/api/admin/stunden?jahr=2026');
    expect(uebersicht).toMatchObject({ jahr: 2026, jahrName: '2026/27', abgeschlossen: false, regeln: { stundensatz: 15 } });
    const zeile = (x: { elternId: string }) => uebersicht.familien.find((z: { elternId: string }) => z.elternId === x.elternId);
    expect(zeile(fuchs)).toMatchObject({ nachname: 'Fuchs', kinder: 2, soll: 20, ist: f.ist, ausstehend: 0, offen: f.offen });
    expect(zeile(bauer)).toMatchObject({ nachname: 'Bauer', kinder: 1, soll: 15, ist: b.ist, offen: b.offen });
    // The admin's own account has no group and is no family of the kindergarten.
    expect(zeile(leitung)).toBeUndefined();

    const csv = await t.when({ method: 'GET', url: '/api/admin/stunden?jahr=2026&format=csv', als: leitung }).then(expectResponse(200));
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="elternstunden-2026.csv"');
    const zeilen = csvZeilen(csv.rawPayload);
    expect(zeilen[0]).toEqual([
      'Nachname',
      'Gruppe',
      'Kinder',
      'Befreit',
      'Soll (Stunden)',
      'Geleistet (Stunden)',
      'Ausstehend (Stunden)',
      'Offen (Stunden)',
    ]);
    expect(zeilen.find((z) => z[0] === 'Bauer')).toEqual([
      'Bauer',
      'Füchse',
      '1',
      'nein',
      '15',
      String(b.ist).replace('.', ','),
      '0',
      String(b.offen).replace('.', ','),
    ]);
    await t.when({ method: 'GET', url: '/api/admin/stunden?format=pdf', als: leitung }).then(expectResponse(400));
  });

  it('settles the open hours in euros (open × 15 €), as JSON and CSV with a total', async () => {
    const f = await meine(fuchs);
    const b = await meine(bauer);
    const abrechnung = await lies('/api/admin/stunden/abrechnung?jahr=2026');
    expect(abrechnung.find((z: { elternId: string }) => z.elternId === fuchs.elternId)).toEqual({
      elternId: fuchs.elternId,
      nachname: 'Fuchs',
      soll: 20,
      ist: f.ist,
      offen: f.offen,
      betrag: f.offen * 15,
    });
    const zeilen = csvZeilen(await bytes('/api/admin/stunden/abrechnung?jahr=2026&format=csv'));
    expect(zeilen[0]).toEqual([
      'Nachname',
      'Soll (Stunden)',
      'Geleistet (Stunden)',
      'Offen (Stunden)',
      'Stundensatz (Euro)',
      'Betrag (Euro)',
    ]);
    const euro = (n: number) => n.toFixed(2).replace('.', ',');
    expect(zeilen.find((z) => z[0] === 'Bauer')?.[5]).toBe(euro(b.offen * 15));
    expect(zeilen.at(-1)).toEqual([
      'Summe',
      '',
      '',
      expect.any(String),
      '',
      euro(abrechnung.reduce((s: number, z: { betrag: number }) => s + z.betrag, 0)),
    ]);
  });

  it('a closed year keeps its figures, also when a kind’s hours change later; the next year begins with the rules carried forward', async () => {
    // 2 September 2027: kindergarten year 2027/28 has begun.
    jetzt = new Date('2027-09-02T09:00:00+02:00');
    const vorher = await lies('/api/admin/stunden/abrechnung?jahr=2026');
    // The closing and, right after it, a change of the kind's hours, projected in one batch.
    await t.appendEvents(
      jahr2026({ type: 'StundenjahrAbgeschlossen', data: { jahr: 2026 } }),
      existingStream(DIENSTARTEN_STREAM, [{ type: 'DienstartGeaendert', data: { dienstartId: putz, ...PUTZ, stunden: 3 } }]),
    );
    expect(await lies('/api/admin/stunden/abrechnung?jahr=2026')).toEqual(vorher);
    expect((await lies('/api/admin/stunden?jahr=2026')).abgeschlossen).toBe(true);
    expect((await meine(fuchs, 2026)).abgeschlossen).toBe(true);
    expect(await meine(fuchs)).toMatchObject({ jahr: 2027, jahrName: '2027/28', soll: 20, ist: 0 });
  });

  it('reopened, the year follows the plans again (the Putzdienst’s new 3 hours count), and a correction counts', async () => {
    await t.appendEvents(jahr2026({ type: 'StundenjahrWiedereroeffnet', data: { jahr: 2026, grund: 'Nachtrag Familie Fuchs' } }));
    const vorher = (await meine(fuchs, 2026)).ist as number;
    await t.appendEvents(
      jahr2026({
        type: 'StundenKorrigiert',
        data: { jahr: 2026, korrekturId: randomUUID(), elternId: fuchs.elternId, datum: '2027-05-01', stunden: 2, grund: 'Nachtrag' },
      }),
    );
    const konto = await meine(fuchs, 2026);
    const putzTermine = konto.eintraege.filter((e: Eintrag) => e.quelle === 'dienst').length;
    expect(vorher).toBe(3 + 3 * putzTermine);
    expect(konto.ist).toBe(vorher + 2);
  });

  it('credits an attended shift of a work day with its hours; a family on the waiting list or marked absent gets nothing', async () => {
    const einsatzId = randomUUID();
    const [holz, kuchenSchicht] = [randomUUID(), randomUUID()];
    const wer = (schichtId: string, x: { elternId: string }) => ({ einsatzId, schichtId, elternId: x.elternId });
    await t.appendEvents(
      existingStream(einsatzStream(einsatzId), [
        {
          type: 'EinsatzAngelegt',
          data: {
            einsatzId,
            titel: 'Herbstputz',
            datum: '2027-09-11',
            ort: null,
            beschreibung: null,
            anmeldeschluss: '2027-09-08',
            schichten: [
              { schichtId: holz, aufgabe: 'Holz stapeln', beginn: '09:00', ende: '12:00', plaetze: 1, stunden: 3 },
              { schichtId: kuchenSchicht, aufgabe: 'Kuchen backen', beginn: '14:00', ende: '15:30', plaetze: 2, stunden: 1.5 },
            ],
          },
        },
        { type: 'SchichtEingetragen', data: wer(holz, fuchs) },
        { type: 'AufWartelisteGesetzt', data: wer(holz, bauer) },
        { type: 'SchichtEingetragen', data: wer(kuchenSchicht, bauer) },
      ]),
      existingStream(EINSAETZE_STREAM, [{ type: 'EinsatzVerzeichnet', data: { einsatzId, datum: '2027-09-11' } }]),
    );
    // Before the day a sign-up shows as planned; the waiting list not at all.
    const schichten = async (x: ReturnType<typeof familie>) =>
      ((await meine(x)).eintraege as Eintrag[]).filter((e) => e.quelle === 'schicht');
    expect(await schichten(fuchs)).toEqual([
      expect.objectContaining({
        datum: '2027-09-11',
        stunden: 3,
        status: 'geplant',
        beschreibung: 'Herbstputz: Holz stapeln (09:00–12:00)',
      }),
    ]);
    expect((await schichten(bauer)).map((e) => e.stunden)).toEqual([1.5]);
    const vorher = { fuchs: (await meine(fuchs)).ist as number, bauer: (await meine(bauer)).ist as number };

    jetzt = new Date('2027-09-12T10:00:00+02:00');
    await t.appendEvents(
      existingStream(einsatzStream(einsatzId), [{ type: 'AnwesenheitErfasst', data: { ...wer(kuchenSchicht, bauer), anwesend: false } }]),
    );
    const f = await meine(fuchs);
    const b = await meine(bauer);
    expect(f.eintraege.filter((e: Eintrag) => e.quelle === 'schicht')).toEqual([
      expect.objectContaining({ stunden: 3, status: 'bestaetigt' }),
    ]);
    expect(f.ist).toBe(vorher.fuchs + 3);
    expect(b.eintraege.filter((e: Eintrag) => e.quelle === 'schicht')).toEqual([]);
    expect(b.ist).toBe(vorher.bauer);
  });

  it('the family’s data export holds its ledger', async () => {
    const daten = await lies('/api/eltern/ich/export', fuchs);
    expect(daten.stunden.eintraege.map((e: Eintrag) => [e.quelle, e.beschreibung, e.status])).toEqual([
      ['eigen', 'Zaun repariert', 'bestaetigt'],
      ['eigen', 'Kuchen gebacken', 'abgelehnt'],
      ['korrektur', 'Korrektur durch die Kita-Leitung', 'bestaetigt'],
    ]);
    expect(daten.stunden.einstellungen).toEqual([{ jahr: 2026, kinder: 2, befreit: false, grund: '' }]);
    expect(daten.verlauf.map((v: { text: string }) => v.text)).toContain(
      'Familie Fuchs trägt 3 Stunden vom 14.11.2026 ein: „Zaun repariert“.',
    );
  });
});
