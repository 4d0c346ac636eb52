import { an, type ReceivedMail, startTestSmtp, type TestSmtp } from '@waldkita/platform/testing/test-smtp';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from './commands/audit.js';
import { replay } from './commands/replay.js';
import { apiClient, json, login, startTestApp, type TestApp } from './testing/test-app.js';

const ausgabe = () => {
  const out = { text: '', write: (text: string) => (out.text += text), isTTY: false, columns: 120 };
  return out;
};

const PASSWORT = 'stunden-konto-123';
type Familie = { elternId: string; token: string; nachname: string; email: string };
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
const csvZeilen = async (antwort: Response) => {
  const bytes = Buffer.from(await antwort.arrayBuffer());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parse(bytes.subarray(3).toString('utf8'), { delimiter: ';' }) as string[][];
};

describe('the hours ledger on the real app', () => {
  let app: TestApp;
  let smtp: TestSmtp;
  /** Friday, 20 November 2026, 10:00 in Berlin: kindergarten year 2026/27. */
  let jetzt = new Date('2026-11-20T10:00:00+01:00');
  const { call, get, remember } = apiClient(() => app.baseUrl);
  let admin: Familie;
  let fuchs: Familie;
  let bauer: Familie;
  let pruefer: Familie;
  let putzId = '';
  const eigene: Record<string, string> = {};

  const familie = async (nachname: string, gruppe?: string, rollen: ('ROLE_ELTERN' | 'ROLE_ADMIN')[] = ['ROLE_ELTERN']) =>
    app.angemeldeteFamilie(nachname, PASSWORT, remember, gruppe, rollen);
  /** Moves the clock; sessions from before would have expired, so everyone signs in again. */
  const spaeter = async (wann: string) => {
    jetzt = new Date(wann);
    for (const f of [admin, fuchs, bauer, pruefer]) f.token = (await json(await login(app.baseUrl, f.email, PASSWORT))).jwt;
  };
  const csvLaden = (pfad: string) => fetch(`${app.baseUrl}${pfad}`, { headers: { authorization: `Bearer ${admin.token}` } });
  const meine = async (f: Familie, jahr?: number) => (await get(f.token, `/api/stunden/meine${jahr ? `?jahr=${jahr}` : ''}`)).body;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    app = await startTestApp({ now: () => jetzt, smtpUrl: smtp.url });
    admin = await familie('Leitung', undefined, ['ROLE_ADMIN']);
    fuchs = await familie('Fuchs', 'Füchse');
    bauer = await familie('Bauer', 'Füchse');
    pruefer = await familie('Prüfer', 'Füchse');
    expect((await call(admin.token, 'PUT', `/api/admin/eltern/${pruefer.elternId}/role`, { role: 'ROLE_AUDITOR' })).status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  describe('rules and settings', () => {
    it('an admin sets the rules and a family’s children; a family then owes the family’s hours plus those per child', async () => {
      expect(
        await call(admin.token, 'PUT', '/api/admin/stunden/regeln', {
          sollProFamilie: 10,
          sollProKind: 5,
          stundensatz: 15,
          jahresbeginnMonat: 9,
        }),
      ).toMatchObject({ status: 200, body: { jahr: 2026, sollProFamilie: 10, sollProKind: 5, stundensatz: 15 } });
      expect(await call(admin.token, 'PUT', `/api/admin/stunden/familien/${fuchs.elternId}`, { kinder: 2 })).toMatchObject({
        status: 200,
        body: { jahr: 2026, kinder: 2, befreit: false },
      });
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

    it('refuses in German: a parent (403), odd rules (400), an unknown family (404), an exemption without reason (400)', async () => {
      expect(
        await call(fuchs.token, 'PUT', '/api/admin/stunden/regeln', { sollProFamilie: 1, stundensatz: 1, jahresbeginnMonat: 9 }),
      ).toMatchObject({ status: 403, body: { message: expect.any(String) } });
      expect(
        await call(admin.token, 'PUT', '/api/admin/stunden/regeln', { sollProFamilie: -1, stundensatz: 15, jahresbeginnMonat: 9 }),
      ).toMatchObject({
        status: 400,
        body: { message: 'Soll-Stunden: bitte eine Zahl von 0 bis 1000 mit höchstens zwei Nachkommastellen.' },
      });
      expect(
        await call(admin.token, 'PUT', '/api/admin/stunden/regeln', { sollProFamilie: 10, stundensatz: 15, jahresbeginnMonat: 13 }),
      ).toMatchObject({
        status: 400,
        body: { message: 'Jahresbeginn: bitte einen Monat von 1 bis 12.' },
      });
      expect(await call(admin.token, 'PUT', '/api/admin/stunden/regeln', 'kaputt')).toMatchObject({ status: 400 });
      expect(
        await call(admin.token, 'PUT', '/api/admin/stunden/familien/8e3c3c52-0000-4000-8000-000000000000', { kinder: 1 }),
      ).toMatchObject({
        status: 404,
        body: { message: 'Familie nicht gefunden.' },
      });
      expect(await call(admin.token, 'PUT', `/api/admin/stunden/familien/${bauer.elternId}`, { befreit: true })).toMatchObject({
        status: 400,
        body: { message: 'Bitte geben Sie einen Grund an.' },
      });
      expect((await get(fuchs.token, '/api/admin/stunden')).status).toBe(403);
      expect((await get(fuchs.token, '/api/admin/stunden/abrechnung')).status).toBe(403);
      expect(await get(admin.token, '/api/admin/stunden?jahr=zwanzig')).toMatchObject({
        status: 400,
        body: { message: 'Bitte geben Sie das Kita-Jahr als Jahreszahl an (z. B. 2026 für 2026/27).' },
      });
    });
  });

  describe('own entries', () => {
    it('a family records its work; it waits for confirmation and is not counted yet', async () => {
      const zaun = await call(fuchs.token, 'POST', '/api/stunden', { datum: '2026-11-14', stunden: 3, beschreibung: 'Zaun repariert' });
      expect(zaun).toMatchObject({ status: 201, body: { datum: '2026-11-14', stunden: 3, quelle: 'eigen', status: 'ausstehend' } });
      eigene.zaun = zaun.body.id;
      eigene.kuchen = (
        await call(fuchs.token, 'POST', '/api/stunden', { datum: '2026-11-15', stunden: 2.5, beschreibung: 'Kuchen gebacken' })
      ).body.id;
      const konto = await meine(fuchs);
      expect(konto).toMatchObject({ soll: 20, ist: 0, ausstehend: 5.5, offen: 20 });
      expect(konto.eintraege).toEqual([
        {
          id: eigene.zaun,
          datum: '2026-11-14',
          stunden: 3,
          quelle: 'eigen',
          beschreibung: 'Zaun repariert',
          status: 'ausstehend',
          grund: null,
        },
        {
          id: eigene.kuchen,
          datum: '2026-11-15',
          stunden: 2.5,
          quelle: 'eigen',
          beschreibung: 'Kuchen gebacken',
          status: 'ausstehend',
          grund: null,
        },
      ]);
      const wartend = (await get(admin.token, '/api/admin/stunden/offen')).body as { id: string; nachname: string; beschreibung: string }[];
      expect(wartend.map((w) => [w.nachname, w.beschreibung])).toEqual([
        ['Fuchs', 'Zaun repariert'],
        ['Fuchs', 'Kuchen gebacken'],
      ]);
    });

    it('refuses hours out of range, a future date, a date before last year, a missing description and a read-only account, in German', async () => {
      const versuch = (body: unknown, token = fuchs.token) => call(token, 'POST', '/api/stunden', body);
      const STUNDEN = 'Bitte geben Sie die Stunden als Zahl über 0 und höchstens 24 an, mit höchstens zwei Nachkommastellen.';
      for (const stunden of [0, -2, 24.5, 1.234, '3', null])
        expect(await versuch({ datum: '2026-11-14', stunden, beschreibung: 'x' })).toMatchObject({
          status: 400,
          body: { message: STUNDEN },
        });
      expect(await versuch({ datum: '2026-11-21', stunden: 1, beschreibung: 'x' })).toMatchObject({
        status: 400,
        body: { message: 'Stunden lassen sich erst eintragen, wenn die Arbeit getan ist: das Datum liegt in der Zukunft.' },
      });
      expect(await versuch({ datum: '2025-08-31', stunden: 1, beschreibung: 'x' })).toMatchObject({
        status: 400,
        body: { message: 'Stunden lassen sich nur für das laufende oder das vergangene Kita-Jahr eintragen.' },
      });
      expect(await versuch({ datum: '14.11.2026', stunden: 1, beschreibung: 'x' })).toMatchObject({
        status: 400,
        body: { message: 'Bitte geben Sie ein Datum im Format JJJJ-MM-TT an.' },
      });
      expect(await versuch({ datum: '2026-11-14', stunden: 1, beschreibung: '  ' })).toMatchObject({
        status: 400,
        body: { message: 'Bitte beschreiben Sie kurz, was Sie gemacht haben.' },
      });
      expect(await versuch({ datum: '2026-11-14', stunden: 1, beschreibung: 'x' }, pruefer.token)).toMatchObject({ status: 403 });
      expect((await call('kein-token', 'POST', '/api/stunden', { datum: '2026-11-14', stunden: 1, beschreibung: 'x' })).status).toBe(401);
    });

    it('an admin confirms one and refuses the other with a reason; the family is mailed both, the reason included', async () => {
      expect(await call(fuchs.token, 'PUT', `/api/admin/stunden/${eigene.zaun}`, { status: 'bestaetigt' })).toMatchObject({ status: 403 });
      expect(await call(admin.token, 'PUT', `/api/admin/stunden/${eigene.zaun}`, { status: 'bestaetigt' })).toMatchObject({
        status: 200,
        body: { id: eigene.zaun, status: 'bestaetigt' },
      });
      expect(await call(admin.token, 'PUT', `/api/admin/stunden/${eigene.kuchen}`, { status: 'abgelehnt' })).toMatchObject({
        status: 400,
        body: { message: 'Bitte geben Sie einen Grund an.' },
      });
      expect(await call(admin.token, 'PUT', `/api/admin/stunden/${eigene.kuchen}`, { status: 'vielleicht' })).toMatchObject({
        status: 400,
        body: { message: 'Bitte wählen Sie als Status „bestaetigt“ oder „abgelehnt“.' },
      });
      expect(
        await call(admin.token, 'PUT', `/api/admin/stunden/${eigene.kuchen}`, {
          status: 'abgelehnt',
          grund: 'Kuchen zählt beim Sommerfest',
        }),
      ).toMatchObject({ status: 200, body: { status: 'abgelehnt', grund: 'Kuchen zählt beim Sommerfest' } });
      expect(await call(admin.token, 'PUT', `/api/admin/stunden/${eigene.kuchen}`, { status: 'bestaetigt' })).toMatchObject({
        status: 409,
        body: { message: 'Dieser Eintrag ist bereits abgelehnt.' },
      });
      expect(await call(admin.token, 'PUT', '/api/admin/stunden/gibt-es-nicht', { status: 'bestaetigt' })).toMatchObject({
        status: 404,
        body: { message: 'Eintrag nicht gefunden.' },
      });
      const konto = await meine(fuchs);
      expect(konto).toMatchObject({ soll: 20, ist: 3, ausstehend: 0, offen: 17 });
      expect(konto.eintraege.map((e: Eintrag) => [e.beschreibung, e.status, e.grund])).toEqual([
        ['Zaun repariert', 'bestaetigt', null],
        ['Kuchen gebacken', 'abgelehnt', 'Kuchen zählt beim Sommerfest'],
      ]);
      expect((await get(admin.token, '/api/admin/stunden/offen')).body).toEqual([]);

      const mails = await smtp.waitForMails(2, (m: ReceivedMail) => an(fuchs.email)(m) && (m.subject ?? '').startsWith('Stunden'));
      const bestaetigt = mails.find((m) => m.subject === 'Stunden bestätigt: 3 Stunden vom 14.11.2026')!;
      expect(bestaetigt.text).toContain('die Kita-Leitung hat Ihre 3 Stunden vom 14.11.2026 („Zaun repariert“) bestätigt.');
      const abgelehnt = mails.find((m) => m.subject === 'Stunden nicht anerkannt: 2,5 Stunden vom 15.11.2026')!;
      expect(abgelehnt.text).toContain('Kuchen zählt beim Sommerfest');
    });

    it('an admin sees what one family’s figures are made of; a parent may not, an unknown family is a 404', async () => {
      const konto = await get(admin.token, `/api/admin/stunden/familien/${fuchs.elternId}`);
      expect(konto).toMatchObject({
        status: 200,
        body: { elternId: fuchs.elternId, nachname: 'Fuchs', jahr: 2026, soll: 20, ist: 3, offen: 17 },
      });
      expect(konto.body.eintraege).toEqual((await meine(fuchs)).eintraege);
      expect((await get(admin.token, `/api/admin/stunden/familien/${fuchs.elternId}?jahr=2025`)).body).toMatchObject({
        jahr: 2025,
        eintraege: [],
      });
      expect(await get(fuchs.token, `/api/admin/stunden/familien/${bauer.elternId}`)).toMatchObject({
        status: 403,
        body: { message: 'Sie haben keine Berechtigung für diese Aktion.' },
      });
      for (const id of ['8e3c3c52-0000-4000-8000-000000000000', 'Fuchs'])
        expect(await get(admin.token, `/api/admin/stunden/familien/${id}`)).toMatchObject({
          status: 404,
          body: { message: 'Familie nicht gefunden.' },
        });
    });
  });

  describe('duties, swaps and corrections', () => {
    it('credits a duty date to the family that did it after a swap, once the date has passed, with the kind’s hours', async () => {
      putzId = (
        await call(admin.token, 'POST', '/api/admin/dienstarten', {
          name: 'Putzdienst',
          rhythmus: 'wochenende',
          bereich: 'kita',
          stunden: 2,
        })
      ).body.id;
      // Four weekends (28.11. … 20.12.) for the three families of the kindergarten.
      const plan = await call(admin.token, 'POST', `/api/admin/dienstarten/${putzId}/planen`, { von: '2026-11-23', bis: '2026-12-20' });
      expect(plan.status).toBe(200);
      const putzVon = async (f: Familie) =>
        ((await get(f.token, '/api/dienste/meine')).body as { id: string; dienstartId: string; von: string; bis: string }[]).filter(
          (d) => d.dienstartId === putzId,
        );
      const vorher = { fuchs: (await putzVon(fuchs)).length, bauer: (await putzVon(bauer)).length };
      expect(vorher.fuchs).toBeGreaterThan(0);
      const abgegeben = (await putzVon(fuchs))[0]!;
      // Before the date the duty shows as planned and counts nothing.
      expect((await meine(fuchs)).eintraege).toContainEqual(
        expect.objectContaining({ id: abgegeben.id, quelle: 'dienst', status: 'geplant', stunden: 2, datum: abgegeben.bis }),
      );
      const angebot = await call(fuchs.token, 'POST', '/api/tausch', { dienstId: abgegeben.id, abgeben: true });
      expect(angebot.status).toBe(201);
      expect((await call(bauer.token, 'PUT', `/api/tausch/${angebot.headers.get('x-tausch-id')}/accept`, {})).status).toBe(200);

      // 10 January 2027: every weekend of the plan has passed.
      await spaeter('2027-01-10T12:00:00+01:00');
      const f = await meine(fuchs);
      const b = await meine(bauer);
      const putzF = f.eintraege.filter((e: Eintrag) => e.quelle === 'dienst');
      const putzB = b.eintraege.filter((e: Eintrag) => e.quelle === 'dienst');
      expect(putzF).toHaveLength(vorher.fuchs - 1);
      expect(putzB).toHaveLength(vorher.bauer + 1);
      expect(putzB.map((e: Eintrag) => e.id)).toContain(abgegeben.id);
      expect(
        [...putzF, ...putzB].every(
          (e: Eintrag) => e.status === 'bestaetigt' && e.stunden === 2 && e.beschreibung?.startsWith('Putzdienst'),
        ),
      ).toBe(true);
      expect(f).toMatchObject({ soll: 20, ist: 3 + 2 * (vorher.fuchs - 1) });
      expect(b).toMatchObject({ soll: 15, ist: 2 * (vorher.bauer + 1) });
    });

    it('an admin corrects a family’s hours, also downwards, with a reason; it counts at once', async () => {
      const vorher = (await meine(bauer)).ist as number;
      expect(
        await call(admin.token, 'POST', '/api/admin/stunden/korrektur', { elternId: bauer.elternId, datum: '2026-12-01', stunden: -1.5 }),
      ).toMatchObject({
        status: 400,
        body: { message: 'Bitte geben Sie einen Grund an.' },
      });
      expect(
        await call(admin.token, 'POST', '/api/admin/stunden/korrektur', {
          elternId: '8e3c3c52-0000-4000-8000-000000000000',
          datum: '2026-12-01',
          stunden: 1,
          grund: 'x',
        }),
      ).toMatchObject({ status: 404, body: { message: 'Familie nicht gefunden.' } });
      const korrektur = await call(admin.token, 'POST', '/api/admin/stunden/korrektur', {
        elternId: bauer.elternId,
        datum: '2026-12-01',
        stunden: -1.5,
        grund: 'Putzdienst am 1. Advent nur halb erledigt',
      });
      expect(korrektur).toMatchObject({ status: 201, body: { quelle: 'korrektur', stunden: -1.5, status: 'bestaetigt' } });
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
  });

  describe('overview and settlement', () => {
    it('lists every family with due, done, pending and open hours, as JSON and as a German CSV', async () => {
      const f = await meine(fuchs);
      const b = await meine(bauer);
      const uebersicht = await get(admin.token, '/api/admin/stunden?jahr=2026');
      expect(uebersicht.status).toBe(200);
      expect(uebersicht.body).toMatchObject({ jahr: 2026, jahrName: '2026/27', abgeschlossen: false, regeln: { stundensatz: 15 } });
      const zeile = (x: Familie) => uebersicht.body.familien.find((z: { elternId: string }) => z.elternId === x.elternId);
      expect(zeile(fuchs)).toMatchObject({ nachname: 'Fuchs', kinder: 2, soll: 20, ist: f.ist, ausstehend: 0, offen: f.offen });
      expect(zeile(bauer)).toMatchObject({ nachname: 'Bauer', kinder: 1, soll: 15, ist: b.ist, offen: b.offen });
      // The admin's own account has no group and is no family of the kindergarten.
      expect(zeile(admin)).toBeUndefined();

      const csv = await csvLaden('/api/admin/stunden?jahr=2026&format=csv');
      expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(csv.headers.get('content-disposition')).toBe('attachment; filename="elternstunden-2026.csv"');
      const zeilen = await csvZeilen(csv);
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
      const bauerZeile = zeilen.find((z) => z[0] === 'Bauer')!;
      expect(bauerZeile).toEqual([
        'Bauer',
        'Füchse',
        '1',
        'nein',
        '15',
        String(b.ist).replace('.', ','),
        '0',
        String(b.offen).replace('.', ','),
      ]);
      expect((await get(admin.token, '/api/admin/stunden?format=pdf')).status).toBe(400);
    });

    it('settles the open hours in euros (open × 15 €), as JSON and CSV with a total', async () => {
      const f = await meine(fuchs);
      const b = await meine(bauer);
      const abrechnung = await get(admin.token, '/api/admin/stunden/abrechnung?jahr=2026');
      expect(abrechnung.status).toBe(200);
      const fuchsZeile = abrechnung.body.find((z: { elternId: string }) => z.elternId === fuchs.elternId);
      expect(fuchsZeile).toEqual({
        elternId: fuchs.elternId,
        nachname: 'Fuchs',
        soll: 20,
        ist: f.ist,
        offen: f.offen,
        betrag: f.offen * 15,
      });
      const zeilen = await csvZeilen(await csvLaden('/api/admin/stunden/abrechnung?jahr=2026&format=csv'));
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
        euro(abrechnung.body.reduce((s: number, z: { betrag: number }) => s + z.betrag, 0)),
      ]);
    });
  });

  describe('closing the year', () => {
    it('closes only after the year’s last day; then refuses entries, decisions, corrections and settings (409); its figures stay', async () => {
      expect(await call(admin.token, 'POST', '/api/admin/stunden/jahr/2026/abschliessen')).toMatchObject({
        status: 409,
        body: { message: 'Ein Kita-Jahr lässt sich erst nach seinem letzten Tag abschließen.' },
      });
      const offenerEintrag = (
        await call(bauer.token, 'POST', '/api/stunden', { datum: '2027-01-09', stunden: 1, beschreibung: 'Laub gerecht' })
      ).body.id;
      const vorher = (await get(admin.token, '/api/admin/stunden/abrechnung?jahr=2026')).body;

      // 2 September 2027: kindergarten year 2027/28 has begun.
      await spaeter('2027-09-02T09:00:00+02:00');
      expect(await call(fuchs.token, 'POST', '/api/admin/stunden/jahr/2026/abschliessen')).toMatchObject({ status: 403 });
      expect(await call(admin.token, 'POST', '/api/admin/stunden/jahr/2026/abschliessen')).toMatchObject({
        status: 200,
        body: { abgeschlossen: true },
      });
      expect(await call(admin.token, 'POST', '/api/admin/stunden/jahr/2026/abschliessen')).toMatchObject({
        status: 409,
        body: { message: 'Dieses Kita-Jahr ist bereits abgeschlossen.' },
      });
      const GESCHLOSSEN = 'Dieses Kita-Jahr ist abgeschlossen. Änderungen sind erst nach einer Wiedereröffnung möglich.';
      expect(await call(fuchs.token, 'POST', '/api/stunden', { datum: '2027-08-20', stunden: 1, beschreibung: 'Nachtrag' })).toMatchObject({
        status: 409,
        body: { message: GESCHLOSSEN },
      });
      expect(await call(admin.token, 'PUT', `/api/admin/stunden/${offenerEintrag}`, { status: 'bestaetigt' })).toMatchObject({
        status: 409,
        body: { message: GESCHLOSSEN },
      });
      expect(
        await call(admin.token, 'POST', '/api/admin/stunden/korrektur', {
          elternId: fuchs.elternId,
          datum: '2027-05-01',
          stunden: 2,
          grund: 'Nachtrag',
        }),
      ).toMatchObject({ status: 409, body: { message: GESCHLOSSEN } });
      expect(await call(admin.token, 'PUT', `/api/admin/stunden/familien/${fuchs.elternId}`, { kinder: 3, jahr: 2026 })).toMatchObject({
        status: 409,
        body: { message: GESCHLOSSEN },
      });

      // A kind's hours changed later do not change a closed year.
      const putz = { name: 'Putzdienst', rhythmus: 'wochenende', bereich: 'kita', stunden: 3 };
      expect((await call(admin.token, 'PUT', `/api/admin/dienstarten/${putzId}`, putz)).status).toBe(200);
      const danach = await get(admin.token, '/api/admin/stunden/abrechnung?jahr=2026');
      expect(danach.body).toEqual(vorher);
      expect((await get(admin.token, '/api/admin/stunden?jahr=2026')).body.abgeschlossen).toBe(true);
      expect((await meine(fuchs, 2026)).abgeschlossen).toBe(true);
      // The new year has begun with the rules carried forward.
      expect(await meine(fuchs)).toMatchObject({ jahr: 2027, jahrName: '2027/28', soll: 20, ist: 0 });
    });

    it('reopens only with a reason; then corrections are taken again and the figures follow the plans again', async () => {
      expect(await call(admin.token, 'POST', '/api/admin/stunden/jahr/2026/wiedereroeffnen', {})).toMatchObject({
        status: 400,
        body: { message: 'Bitte geben Sie einen Grund an.' },
      });
      expect(await call(admin.token, 'POST', '/api/admin/stunden/jahr/2027/wiedereroeffnen', { grund: 'x' })).toMatchObject({
        status: 409,
        body: { message: 'Dieses Kita-Jahr ist nicht abgeschlossen.' },
      });
      expect(
        await call(admin.token, 'POST', '/api/admin/stunden/jahr/2026/wiedereroeffnen', { grund: 'Nachtrag Familie Fuchs' }),
      ).toMatchObject({
        status: 200,
        body: { abgeschlossen: false },
      });
      const vorher = (await meine(fuchs, 2026)).ist as number;
      expect(
        (
          await call(admin.token, 'POST', '/api/admin/stunden/korrektur', {
            elternId: fuchs.elternId,
            datum: '2027-05-01',
            stunden: 2,
            grund: 'Nachtrag',
          })
        ).status,
      ).toBe(201);
      const konto = await meine(fuchs, 2026);
      const putzTermine = konto.eintraege.filter((e: Eintrag) => e.quelle === 'dienst').length;
      // Reopened, the year follows the plans again: the Putzdienst's new 3 hours count; then the correction's 2.
      expect(vorher).toBe(3 + 3 * putzTermine);
      expect(konto.ist).toBe(vorher + 2);
    });
  });

  describe('shifts of a work day', () => {
    it('credits an attended shift with its hours; a family on the waiting list or marked absent gets nothing', async () => {
      const tag = await call(admin.token, 'POST', '/api/admin/einsaetze', {
        titel: 'Herbstputz',
        datum: '2027-09-11',
        anmeldeschluss: '2027-09-08',
        schichten: [
          { aufgabe: 'Holz stapeln', beginn: '09:00', ende: '12:00', plaetze: 1, stunden: 3 },
          { aufgabe: 'Kuchen backen', beginn: '14:00', ende: '15:30', plaetze: 2, stunden: 1.5 },
        ],
      });
      expect(tag.status).toBe(201);
      const einsatzId = tag.body.id as string;
      const [holz, kuchen] = tag.body.schichten as { id: string }[];
      const anmelden = (f: Familie, schichtId: string, warteliste = false) =>
        call(f.token, 'POST', `/api/einsaetze/${einsatzId}/schichten/${schichtId}/anmeldung`, { warteliste });
      expect((await anmelden(fuchs, holz!.id)).body.status).toBe('eingetragen');
      expect((await anmelden(bauer, holz!.id, true)).body.status).toBe('warteliste');
      expect((await anmelden(bauer, kuchen!.id)).body.status).toBe('eingetragen');
      // Before the day a sign-up shows as planned; the waiting list not at all.
      const schichten = async (f: Familie) => ((await meine(f)).eintraege as Eintrag[]).filter((e) => e.quelle === 'schicht');
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

      await spaeter('2027-09-12T10:00:00+02:00');
      expect(
        (
          await call(admin.token, 'PUT', `/api/admin/einsaetze/${einsatzId}/anwesenheit`, {
            schichtId: kuchen!.id,
            elternId: bauer.elternId,
            anwesend: false,
          })
        ).status,
      ).toBe(200);
      const f = await meine(fuchs);
      const b = await meine(bauer);
      expect(f.eintraege.filter((e: Eintrag) => e.quelle === 'schicht')).toEqual([
        expect.objectContaining({ stunden: 3, status: 'bestaetigt' }),
      ]);
      expect(f.ist).toBe(vorher.fuchs + 3);
      expect(b.eintraege.filter((e: Eintrag) => e.quelle === 'schicht')).toEqual([]);
      expect(b.ist).toBe(vorher.bauer);
    });
  });

  describe('personal data', () => {
    it('the family’s data export holds its ledger', async () => {
      const { body } = await get(fuchs.token, '/api/eltern/ich/export');
      expect(body.stunden.eintraege.map((e: Eintrag) => [e.quelle, e.beschreibung, e.status])).toEqual([
        ['eigen', 'Zaun repariert', 'bestaetigt'],
        ['eigen', 'Kuchen gebacken', 'abgelehnt'],
        ['korrektur', 'Korrektur durch die Kita-Leitung', 'bestaetigt'],
      ]);
      expect(body.stunden.einstellungen).toEqual([{ jahr: 2026, kinder: 2, befreit: false, grund: '' }]);
      expect(body.verlauf.map((v: { text: string }) => v.text)).toContain(
        'Familie Fuchs trägt 3 Stunden vom 14.11.2026 ein: „Zaun repariert“.',
      );
    });

    it('descriptions and reasons are sealed in the log; erasing the family removes them from the read models', async () => {
      const klartext = async (text: string) =>
        (await app.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM events WHERE data::text LIKE $1', [`%${text}%`])).rows[0]!
          .n;
      expect(await klartext('Zaun repariert')).toBe(0);
      expect(await klartext('Kuchen zählt beim Sommerfest')).toBe(0);
      expect(await klartext('nur halb erledigt')).toBe(0);
      expect((await call(admin.token, 'DELETE', `/api/admin/eltern/${fuchs.elternId}/personendaten`)).status).toBe(200);
      await get(admin.token, '/api/admin/stunden/offen');
      const { rows } = await app.db.pool.query<{ beschreibung: string | null; grund: string | null }>(
        'SELECT beschreibung, grund FROM rm.stunden_eintrag WHERE eltern_id = $1 ORDER BY datum',
        [fuchs.elternId],
      );
      expect(rows.map((r) => r.beschreibung)).toEqual([null, null, 'Korrektur durch die Kita-Leitung']);
      expect(rows.map((r) => r.grund)).toEqual(['', '', '']);
      const uebersicht = (await get(admin.token, '/api/admin/stunden?jahr=2026')).body;
      expect(uebersicht.familien.find((z: { elternId: string }) => z.elternId === fuchs.elternId)?.nachname).toBe('Gelöschte Familie');
    });
  });

  it('audit verify and replay --check pass with the ledger’s events', async () => {
    const stdout = ausgabe();
    const stderr = ausgabe();
    expect(await audit(app.runtime.config, ['verify'], { stdout, stderr } as never), stdout.text + stderr.text).toBe(0);
    const pruefung = { out: ausgabe(), err: ausgabe() };
    expect(await replay(app.runtime.config, ['--check'], pruefung), pruefung.out.text + pruefung.err.text).toBe(0);
  });
});
