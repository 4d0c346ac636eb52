import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import {
  ANMELDESCHLUSS_NACH_DATUM,
  EINSATZ_ABGESAGT,
  EINSATZ_NICHT_GEFUNDEN,
  ENDE_VOR_BEGINN,
  NICHT_EINGETRAGEN,
  SCHICHT_NICHT_GEFUNDEN,
  SCHICHT_VOLL,
  SCHON_EINGETRAGEN,
  STUNDEN_UNGUELTIG,
} from '@waldkita/domain/einsatz/einsatz';
import { parsePosition } from '@waldkita/platform/event-store/event-store';
import { an, type ReceivedMail, startTestSmtp, type TestSmtp } from '@waldkita/platform/testing/test-smtp';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from './commands/audit.js';
import { replay } from './commands/replay.js';
import { apiClient, json, login, startTestApp, type TestApp } from './testing/test-app.js';
import { startTestPushReceiver, type TestPushReceiver } from './testing/test-push-receiver.js';

const PASSWORT = 'einsaetze-1234';
/** Wednesday, 10 March 2027, 10:00 in Berlin; the clock moves in the tests about deadlines and the day itself. */
const START = new Date('2027-03-10T10:00:00+01:00');

type Familie = { elternId: string; token: string; nachname: string; email: string };
type Schicht = {
  id: string;
  aufgabe: string;
  beginn: string;
  ende: string;
  plaetze: number;
  stunden: number;
  belegt: number;
  warteliste: number;
  meineAnmeldung: 'eingetragen' | 'warteliste' | null;
};
type Einsatz = { id: string; titel: string; datum: string; abgesagt: boolean; anmeldungOffen: boolean; schichten: Schicht[] };

const fruehjahrsputz = {
  titel: 'Frühjahrsputz',
  datum: '2027-03-20',
  ort: 'Bauwagen am Waldrand',
  beschreibung: 'Wir machen den Platz für den Frühling schön.',
  anmeldeschluss: '2027-03-18',
  schichten: [
    { aufgabe: 'Holz hacken', beginn: '09:00', ende: '12:00', plaetze: 1, stunden: 3 },
    { aufgabe: 'Kuchen backen', beginn: '12:00', ende: '14:30', plaetze: 2, stunden: 2.5 },
  ],
};

describe('work days on the real app: create, sign up, waiting list, race for the last place, attendance', () => {
  let app: TestApp;
  let smtp: TestSmtp;
  let push: TestPushReceiver;
  let jetzt = START;
  let admin: Familie;
  let pruefer: Familie;
  const f: Record<string, Familie> = {};
  const { call, get, remember } = apiClient(() => app.baseUrl);

  const familie = async (
    nachname: string,
    gruppe?: string,
    rollen: ('ROLE_ELTERN' | 'ROLE_ADMIN' | 'ROLE_AUDITOR')[] = ['ROLE_ELTERN'],
  ) => {
    const x = await app.angemeldeteFamilie(nachname, PASSWORT, remember, gruppe, rollen);
    return { elternId: x.elternId, token: x.token, nachname, email: x.email };
  };
  const einsaetze = async (x: Familie) => (await get(x.token, '/api/einsaetze')).body as Einsatz[];
  const einsatz = async (x: Familie, id: string) => (await einsaetze(x)).find((e) => e.id === id)!;
  /** Moves the app's clock; sessions older than a token's lifetime are signed in again. */
  const uhr = async (zeit: Date) => {
    jetzt = zeit;
    for (const x of [admin, pruefer, ...Object.values(f)]) x.token = (await json(await login(app.baseUrl, x.email, PASSWORT))).jwt;
  };
  const anmeldung = (id: string, schichtId: string) => `/api/einsaetze/${id}/schichten/${schichtId}/anmeldung`;

  beforeAll(async () => {
    [smtp, push] = await Promise.all([startTestSmtp(), startTestPushReceiver()]);
    app = await startTestApp({ now: () => jetzt, smtpUrl: smtp.url, env: { PUSH_ENDPOINT_ALLOWLIST: push.prefix } });
    admin = await familie('Leitung', undefined, ['ROLE_ADMIN']);
    pruefer = await familie('Prüfer', undefined, ['ROLE_AUDITOR']);
    for (const name of ['Fuchs', 'Bauer', 'Wagner']) f[name] = await familie(name, 'Füchse');
    for (const name of ['Eule', 'Lang']) f[name] = await familie(name, 'Eulen');
    // Bauer has a phone for push messages
    const abo = await call(f.Bauer!.token, 'POST', '/api/push/abos', push.geraet('bauer-handy').abo);
    expect(abo.status).toBe(201);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await Promise.all([smtp?.close(), push?.close()]);
  });
  const betreff = (text: string) => (m: ReceivedMail) => m.subject === text;
  /** The mails with this subject to this family, after waiting for `n` of them. */
  const mailsAn = async (x: Familie, titel: string, n = 1) => {
    await smtp.waitForMails(n, (m) => betreff(titel)(m) && an(x.email)(m), 30_000);
    return smtp.mails.filter((m) => betreff(titel)(m) && an(x.email)(m));
  };

  describe('the admin sets up a day', () => {
    let id = '';

    it('creates a day with two shifts (201), each with an id; every family of any group sees it', async () => {
      const angelegt = await call(admin.token, 'POST', '/api/admin/einsaetze', fruehjahrsputz);
      expect(angelegt.status).toBe(201);
      expect(angelegt.body).toMatchObject({
        titel: 'Frühjahrsputz',
        datum: '2027-03-20',
        ort: 'Bauwagen am Waldrand',
        anmeldeschluss: '2027-03-18',
        abgesagt: false,
        schichten: [
          { aufgabe: 'Holz hacken', beginn: '09:00', ende: '12:00', plaetze: 1, stunden: 3, belegt: 0, warteliste: 0 },
          { aufgabe: 'Kuchen backen', plaetze: 2, stunden: 2.5 },
        ],
      });
      id = angelegt.body.id;
      expect(angelegt.body.schichten.every((s: { id: string }) => typeof s.id === 'string' && s.id.length > 0)).toBe(true);
      for (const x of [f.Fuchs!, f.Eule!]) {
        const tag = await einsatz(x, id);
        expect(tag).toMatchObject({ titel: 'Frühjahrsputz', anmeldungOffen: true });
        expect(tag.schichten.map((s) => [s.aufgabe, s.plaetze, s.belegt, s.warteliste, s.meineAnmeldung])).toEqual([
          ['Holz hacken', 1, 0, 0, null],
          ['Kuchen backen', 2, 0, 0, null],
        ]);
      }
    });

    it('refuses in German: end before start, deadline after the day, hours out of range, a huge title (400); a parent (403); an auditor (403); an unknown day (404)', async () => {
      const mit = (schicht: object) => ({ ...fruehjahrsputz, schichten: [{ ...fruehjahrsputz.schichten[0], ...schicht }] });
      expect(await call(admin.token, 'POST', '/api/admin/einsaetze', mit({ ende: '08:00' }))).toMatchObject({
        status: 400,
        body: { message: ENDE_VOR_BEGINN },
      });
      expect(await call(admin.token, 'POST', '/api/admin/einsaetze', { ...fruehjahrsputz, anmeldeschluss: '2027-03-21' })).toMatchObject({
        status: 400,
        body: { message: ANMELDESCHLUSS_NACH_DATUM },
      });
      for (const stunden of [0, 25, 1.005, '2'])
        expect(await call(admin.token, 'POST', '/api/admin/einsaetze', mit({ stunden }))).toMatchObject({
          status: 400,
          body: { message: STUNDEN_UNGUELTIG },
        });
      expect(await call(admin.token, 'POST', '/api/admin/einsaetze', { ...fruehjahrsputz, titel: 'x'.repeat(100_000) })).toMatchObject({
        status: 400,
        body: { message: 'Der Titel darf höchstens 100 Zeichen lang sein.' },
      });
      expect(await call(admin.token, 'POST', '/api/admin/einsaetze', { ...fruehjahrsputz, titel: 'A\u0000B' })).toMatchObject({
        status: 400,
        body: { message: expect.stringMatching(/ungültige Zeichen/) },
      });
      expect(await call(admin.token, 'POST', '/api/admin/einsaetze', 'kein JSON')).toMatchObject({ status: 400 });
      for (const x of [f.Fuchs!, pruefer]) {
        expect(await call(x.token, 'POST', '/api/admin/einsaetze', fruehjahrsputz)).toMatchObject({
          status: 403,
          body: { message: expect.any(String) },
        });
        expect((await call(x.token, 'PUT', `/api/admin/einsaetze/${id}`, fruehjahrsputz)).status).toBe(403);
        expect((await call(x.token, 'DELETE', `/api/admin/einsaetze/${id}`)).status).toBe(403);
        expect((await call(x.token, 'GET', `/api/admin/einsaetze/${id}`)).status).toBe(403);
        expect((await call(x.token, 'PUT', `/api/admin/einsaetze/${id}/anwesenheit`, {})).status).toBe(403);
      }
      expect(await call(admin.token, 'PUT', `/api/admin/einsaetze/${randomUUID()}`, fruehjahrsputz)).toMatchObject({
        status: 404,
        body: { message: EINSATZ_NICHT_GEFUNDEN },
      });
      expect(await call(admin.token, 'GET', `/api/admin/einsaetze/${randomUUID()}`)).toMatchObject({
        status: 404,
        body: { message: EINSATZ_NICHT_GEFUNDEN },
      });
      expect(await call(f.Fuchs!.token, 'POST', anmeldung(randomUUID(), randomUUID()), {})).toMatchObject({
        status: 404,
        body: { message: EINSATZ_NICHT_GEFUNDEN },
      });
      expect(await call(f.Fuchs!.token, 'POST', anmeldung(id, randomUUID()), {})).toMatchObject({
        status: 404,
        body: { message: SCHICHT_NICHT_GEFUNDEN },
      });
    });

    it('a family signs up, cannot twice, withdraws; a full shift refuses (409) and offers the waiting list; the first waiting family moves up when a place is freed', async () => {
      const tag = await einsatz(f.Fuchs!, id);
      const holz = tag.schichten[0]!.id;
      expect(await call(f.Fuchs!.token, 'POST', anmeldung(id, holz))).toMatchObject({
        status: 201,
        body: { status: 'eingetragen', message: 'Sie sind für „Holz hacken“ am 20.03.2027 eingetragen. Vielen Dank!' },
      });
      expect(await call(f.Fuchs!.token, 'POST', anmeldung(id, holz), {})).toMatchObject({
        status: 409,
        body: { message: SCHON_EINGETRAGEN },
      });
      expect(await call(f.Bauer!.token, 'POST', anmeldung(id, holz), {})).toMatchObject({ status: 409, body: { message: SCHICHT_VOLL } });
      expect(await call(pruefer.token, 'POST', anmeldung(id, holz), { warteliste: true })).toMatchObject({ status: 403 });
      expect(await call(f.Bauer!.token, 'POST', anmeldung(id, holz), { warteliste: true })).toMatchObject({
        status: 201,
        body: { status: 'warteliste' },
      });
      expect(await call(f.Eule!.token, 'POST', anmeldung(id, holz), { warteliste: true })).toMatchObject({ status: 201 });
      expect((await einsatz(f.Bauer!, id)).schichten[0]).toMatchObject({ belegt: 1, warteliste: 2, meineAnmeldung: 'warteliste' });
      expect((await einsatz(f.Fuchs!, id)).schichten[0]).toMatchObject({ meineAnmeldung: 'eingetragen' });
      expect(await call(f.Wagner!.token, 'DELETE', anmeldung(id, holz))).toMatchObject({
        status: 409,
        body: { message: NICHT_EINGETRAGEN },
      });

      expect(await call(f.Fuchs!.token, 'DELETE', anmeldung(id, holz))).toMatchObject({
        status: 200,
        body: { message: 'Sie sind aus „Holz hacken“ ausgetragen.' },
      });
      expect((await einsatz(f.Bauer!, id)).schichten[0]).toMatchObject({ belegt: 1, warteliste: 1, meineAnmeldung: 'eingetragen' });
      expect((await einsatz(f.Eule!, id)).schichten[0]).toMatchObject({ meineAnmeldung: 'warteliste' });
      expect((await einsatz(f.Fuchs!, id)).schichten[0]).toMatchObject({ meineAnmeldung: null });
      // Bauer is told by mail, in German, with the shift
      const [nachgerueckt] = await mailsAn(f.Bauer!, 'Sie sind nachgerückt: Frühjahrsputz am 20.03.2027');
      expect(nachgerueckt!.text).toContain('Liebe Familie Bauer,');
      expect(nachgerueckt!.text).toContain(
        'Sie sind von der Warteliste nachgerückt und jetzt beim Arbeitseinsatz „Frühjahrsputz“ am Samstag, 20.03.2027 (Bauwagen am Waldrand) eingetragen für:',
      );
      expect(nachgerueckt!.text).toContain('- Holz hacken, Sa 20.03.2027, 09:00–12:00 Uhr');
      expect(nachgerueckt!.html).toContain('Holz hacken, Sa 20.03.2027, 09:00–12:00 Uhr');
      // and on the phone
      const [nachricht] = await push.warteAuf(
        1,
        (p) => p.geraet === 'bauer-handy' && p.nachricht.title === 'Von der Warteliste nachgerückt',
      );
      expect(nachricht!.nachricht).toMatchObject({
        body: 'Sie sind beim Arbeitseinsatz „Frühjahrsputz“ eingetragen: Holz hacken, Sa 20.03.2027, 09:00–12:00 Uhr.',
        url: '/arbeitseinsaetze',
      });
      // Eule leaves the waiting list
      expect(await call(f.Eule!.token, 'DELETE', anmeldung(id, holz))).toMatchObject({
        status: 200,
        body: { message: 'Sie stehen nicht mehr auf der Warteliste für „Holz hacken“.' },
      });
      expect((await einsatz(f.Eule!, id)).schichten[0]).toMatchObject({ belegt: 1, warteliste: 0, meineAnmeldung: null });
    });

    it('a repeated submit with the same Idempotency-Key signs up once and answers the same', async () => {
      const kuchen = (await einsatz(f.Lang!, id)).schichten[1]!.id;
      const key = randomUUID();
      const senden = () =>
        fetch(`${app.baseUrl}${anmeldung(id, kuchen)}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${f.Lang!.token}`, 'content-type': 'application/json', 'idempotency-key': key },
          body: '{}',
        });
      const [a, b] = await Promise.all([senden(), senden()]);
      const c = await senden();
      expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
      expect(await c.json()).toMatchObject({ status: 'eingetragen' });
      expect([a, b, c].filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(2);
      for (const r of [a, b, c]) remember(parsePosition(r.headers.get('x-event-position') ?? ''));
      const { rows } = await app.db.pool.query(
        `SELECT count(*)::int AS n FROM events WHERE event_type = 'SchichtEingetragen' AND data->>'elternId' = $1`,
        [f.Lang!.elternId],
      );
      expect(rows[0].n).toBe(1);
      expect((await einsatz(f.Lang!, id)).schichten[1]).toMatchObject({ belegt: 1, meineAnmeldung: 'eingetragen' });
    });

    it('the admin changes a shift (keeps its id), adds one, and may not cut places below the families signed up', async () => {
      const tag = await einsatz(admin, id);
      const [holz, kuchen] = tag.schichten;
      const geaendert = await call(admin.token, 'PUT', `/api/admin/einsaetze/${id}`, {
        ...fruehjahrsputz,
        schichten: [
          { ...fruehjahrsputz.schichten[0], id: holz!.id, beginn: '08:30' },
          { ...fruehjahrsputz.schichten[1], id: kuchen!.id },
          { aufgabe: 'Grillen', beginn: '14:00', ende: '16:00', plaetze: 3, stunden: 2 },
        ],
      });
      expect(geaendert.status).toBe(200);
      expect(geaendert.body.schichten.map((s: Schicht) => [s.id === holz!.id, s.id === kuchen!.id, s.beginn, s.belegt])).toEqual([
        [true, false, '08:30', 1],
        [false, true, '12:00', 1],
        [false, false, '14:00', 0],
      ]);
      expect(
        await call(admin.token, 'PUT', `/api/admin/einsaetze/${id}`, {
          ...fruehjahrsputz,
          schichten: [
            { ...fruehjahrsputz.schichten[0], id: holz!.id, plaetze: 1 },
            { ...fruehjahrsputz.schichten[1], id: randomUUID() },
          ],
        }),
      ).toMatchObject({ status: 404, body: { message: SCHICHT_NICHT_GEFUNDEN } });
    });
  });

  it('of five families racing for the last place of a shift, exactly one gets it — 100 rounds; the others get a German 409', async () => {
    const renner = await Promise.all(['Amsel', 'Biber', 'Dachs', 'Elster', 'Falke'].map((n) => familie(n, 'Füchse')));
    const vorne = await familie('Vorne', 'Eulen');
    const RUNDEN = 100;
    const PRO_TAG = 25;
    const schichten: { einsatzId: string; schichtId: string }[] = [];
    for (let t = 0; t < RUNDEN / PRO_TAG; t++) {
      const tag = await call(admin.token, 'POST', '/api/admin/einsaetze', {
        titel: `Rennen ${t + 1}`,
        datum: '2027-03-27',
        anmeldeschluss: '2027-03-26',
        schichten: Array.from({ length: PRO_TAG }, (_, i) => ({
          aufgabe: `Aufgabe ${i + 1}`,
          beginn: '09:00',
          ende: '10:00',
          plaetze: 2,
          stunden: 1,
        })),
      });
      expect(tag.status).toBe(201);
      for (const s of tag.body.schichten) schichten.push({ einsatzId: tag.body.id, schichtId: s.id });
    }
    const gewinner = new Map<string, string>();
    for (const { einsatzId, schichtId } of schichten) {
      expect((await call(vorne.token, 'POST', anmeldung(einsatzId, schichtId))).status).toBe(201);
      const antworten = await Promise.all(renner.map((r) => call(r.token, 'POST', anmeldung(einsatzId, schichtId), {})));
      const erfolg = antworten.flatMap((a, i) => (a.status === 201 ? [renner[i]!] : []));
      expect(erfolg).toHaveLength(1);
      expect(antworten.filter((a) => a.status === 409 && a.body.message === SCHICHT_VOLL)).toHaveLength(renner.length - 1);
      gewinner.set(schichtId, erfolg[0]!.elternId);
    }
    // read your writes: the list shows every shift full, with the family that won it
    const liste = await einsaetze(renner[0]!);
    const { rows } = await app.db.pool.query<{ schicht_id: string; familien: string[] }>(
      `SELECT schicht_id, array_agg(eltern_id ORDER BY reihenfolge) AS familien FROM rm.einsatz_anmeldung
       WHERE schicht_id = ANY($1::text[]) AND status = 'eingetragen' GROUP BY schicht_id`,
      [schichten.map((s) => s.schichtId)],
    );
    expect(rows).toHaveLength(RUNDEN);
    for (const r of rows) expect(r.familien).toEqual([vorne.elternId, gewinner.get(r.schicht_id)]);
    for (const { schichtId } of schichten) {
      const s = liste.flatMap((e) => e.schichten).find((x) => x.id === schichtId)!;
      expect(s).toMatchObject({ plaetze: 2, belegt: 2 });
      expect(s.meineAnmeldung).toBe(gewinner.get(schichtId) === renner[0]!.elternId ? 'eingetragen' : null);
    }
  }, 240_000);

  describe('deadline, the day itself, attendance, cancelling', () => {
    let id = '';
    let schichtId = '';

    it('the deadline day still counts; the day after, signing up and withdrawing are refused in German', async () => {
      const angelegt = await call(admin.token, 'POST', '/api/admin/einsaetze', {
        ...fruehjahrsputz,
        titel: 'Herbstputz',
        datum: '2027-03-13',
        anmeldeschluss: '2027-03-11',
      });
      id = angelegt.body.id;
      schichtId = angelegt.body.schichten[1].id;
      await uhr(new Date('2027-03-11T23:30:00+01:00'));
      expect((await call(f.Fuchs!.token, 'POST', anmeldung(id, schichtId))).status).toBe(201);
      await uhr(new Date('2027-03-12T00:10:00+01:00'));
      expect(await call(f.Bauer!.token, 'POST', anmeldung(id, schichtId))).toMatchObject({
        status: 409,
        body: { message: 'Die Anmeldefrist bis 11.03.2027 ist abgelaufen.' },
      });
      expect(await call(f.Fuchs!.token, 'DELETE', anmeldung(id, schichtId))).toMatchObject({
        status: 409,
        body: { message: 'Die Anmeldefrist bis 11.03.2027 ist abgelaufen.' },
      });
      expect((await einsatz(f.Fuchs!, id)).anmeldungOffen).toBe(false);
    });

    it('attendance: refused before the day; on the day signed-up families are preset present; the admin marks absent and adds a family that came', async () => {
      const pfad = `/api/admin/einsaetze/${id}/anwesenheit`;
      expect(await call(admin.token, 'PUT', pfad, { schichtId, elternId: f.Fuchs!.elternId, anwesend: false })).toMatchObject({
        status: 409,
        body: { message: 'Die Anwesenheit kann erst ab dem Tag des Einsatzes (13.03.2027) erfasst werden.' },
      });
      await uhr(new Date('2027-03-13T18:00:00+01:00'));
      const vorher = await get(admin.token, `/api/admin/einsaetze/${id}`);
      expect(vorher.body).toMatchObject({ anwesenheitErfassbar: true, vergangen: false });
      expect(vorher.body.schichten[1].familien).toEqual([
        { elternId: f.Fuchs!.elternId, nachname: 'Fuchs', status: 'eingetragen', anwesend: true, erfasst: false },
      ]);
      expect((await call(admin.token, 'PUT', pfad, { schichtId, elternId: f.Fuchs!.elternId, anwesend: false })).status).toBe(200);
      expect((await call(admin.token, 'PUT', pfad, { schichtId, elternId: f.Wagner!.elternId, anwesend: true })).status).toBe(200);
      expect(await call(admin.token, 'PUT', pfad, { schichtId, elternId: randomUUID(), anwesend: true })).toMatchObject({
        status: 404,
        body: { message: 'Elternteil nicht gefunden.' },
      });
      expect(await call(admin.token, 'PUT', pfad, { schichtId: randomUUID(), elternId: f.Fuchs!.elternId, anwesend: true })).toMatchObject({
        status: 404,
        body: { message: SCHICHT_NICHT_GEFUNDEN },
      });
      expect(await call(admin.token, 'PUT', pfad, { schichtId, elternId: f.Fuchs!.elternId, anwesend: 'ja' })).toMatchObject({
        status: 400,
      });
      const nachher = await get(admin.token, `/api/admin/einsaetze/${id}`);
      expect(nachher.body.schichten[1].familien).toEqual([
        { elternId: f.Fuchs!.elternId, nachname: 'Fuchs', status: 'eingetragen', anwesend: false, erfasst: true },
        { elternId: f.Wagner!.elternId, nachname: 'Wagner', status: 'eingetragen', anwesend: true, erfasst: true },
      ]);
      // a day past: families no longer see it, admins do (this kindergarten year)
      await uhr(new Date('2027-03-14T09:00:00+01:00'));
      expect(await einsatz(f.Fuchs!, id)).toBeUndefined();
      expect(await einsatz(admin, id)).toMatchObject({ titel: 'Herbstputz', vergangen: true });
    });

    it('cancelling: the day stays in the history as cancelled; signing up is refused', async () => {
      const angelegt = await call(admin.token, 'POST', '/api/admin/einsaetze', {
        ...fruehjahrsputz,
        titel: 'Sommerfest',
        datum: '2027-06-12',
        anmeldeschluss: '2027-06-01',
      });
      const neu = angelegt.body.id as string;
      expect((await call(f.Wagner!.token, 'POST', anmeldung(neu, angelegt.body.schichten[1].id))).status).toBe(201);
      const abgesagt = await call(admin.token, 'DELETE', `/api/admin/einsaetze/${neu}`);
      expect(abgesagt).toMatchObject({ status: 200, body: { abgesagt: true } });
      expect(await einsatz(f.Fuchs!, neu)).toMatchObject({ abgesagt: true, anmeldungOffen: false });
      expect(await call(f.Fuchs!.token, 'POST', anmeldung(neu, angelegt.body.schichten[0].id))).toMatchObject({
        status: 409,
        body: { message: EINSATZ_ABGESAGT },
      });
      expect(await call(admin.token, 'PUT', `/api/admin/einsaetze/${neu}`, fruehjahrsputz)).toMatchObject({
        status: 409,
        body: { message: EINSATZ_ABGESAGT },
      });
      const [mail] = await mailsAn(f.Wagner!, 'Abgesagt: Sommerfest am 12.06.2027');
      expect(mail!.text).toContain(
        'der Arbeitseinsatz „Sommerfest“ am Samstag, 12.06.2027 (Bauwagen am Waldrand) ist abgesagt. Sie waren eingetragen für:',
      );
      expect(mail!.text).toContain('- Kuchen backen, Sa 12.06.2027, 12:00–14:30 Uhr');
      // the cancelled day's shift is gone from the family's own list
      expect(((await get(f.Wagner!.token, '/api/einsaetze/meine')).body as { einsatzId: string }[]).some((x) => x.einsatzId === neu)).toBe(
        false,
      );
    });

    it("the evening before, signed-up families are reminded (once, however often the job runs); the shift is in the family's calendar feed and in its own duties", async () => {
      const angelegt = await call(admin.token, 'POST', '/api/admin/einsaetze', {
        ...fruehjahrsputz,
        titel: 'Holzaktion',
        datum: '2027-03-16',
        anmeldeschluss: '2027-03-15',
      });
      const [holz, kuchen] = angelegt.body.schichten;
      expect((await call(f.Eule!.token, 'POST', anmeldung(angelegt.body.id, holz.id))).status).toBe(201);
      expect((await call(f.Eule!.token, 'POST', anmeldung(angelegt.body.id, kuchen.id))).status).toBe(201);
      expect((await call(f.Lang!.token, 'POST', anmeldung(angelegt.body.id, holz.id), { warteliste: true })).status).toBe(201);
      expect((await call(f.Bauer!.token, 'POST', anmeldung(angelegt.body.id, kuchen.id))).status).toBe(201);
      await get(f.Eule!.token, '/api/einsaetze');
      const erinnern = () => app.workers!.dienstErinnerungQueue.add('erinnern', { bezug: '2027-03-15T17:00:00+01:00' });
      await erinnern();
      const [mail] = await mailsAn(f.Eule!, 'Erinnerung: Holzaktion morgen, 16.03.2027');
      expect(mail!.text).toContain(
        'morgen ist der Arbeitseinsatz „Holzaktion“ am Dienstag, 16.03.2027 (Bauwagen am Waldrand). Ihre Familie ist eingetragen für:',
      );
      expect(mail!.text).toContain('- Holz hacken, Di 16.03.2027, 09:00–12:00 Uhr\n- Kuchen backen, Di 16.03.2027, 12:00–14:30 Uhr');
      // Bauer, with a phone, gets the reminder there too; Lang (only waiting) gets none
      const [erinnerung] = await push.warteAuf(1, (p) => p.geraet === 'bauer-handy' && p.nachricht.title === 'Holzaktion ist morgen');
      expect(erinnerung!.nachricht.body).toBe('Morgen sind Sie eingetragen: Kuchen backen, Di 16.03.2027, 12:00–14:30 Uhr.');
      await mailsAn(f.Bauer!, 'Erinnerung: Holzaktion morgen, 16.03.2027');
      await erinnern();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(push.empfangen.filter((p) => p.nachricht.title === 'Holzaktion ist morgen')).toHaveLength(1);
      expect(smtp.mails.filter((m) => betreff('Erinnerung: Holzaktion morgen, 16.03.2027')(m) && an(f.Lang!.email)(m))).toHaveLength(0);
      expect(smtp.mails.filter((m) => betreff('Erinnerung: Holzaktion morgen, 16.03.2027')(m))).toHaveLength(2);

      // calendar feed, parsed as a calendar program does
      const { url } = (await call(f.Eule!.token, 'POST', '/api/kalender/abo')).body;
      await get(f.Eule!.token, '/api/kalender/abo');
      const text = await (await fetch(`${app.baseUrl}${new URL(url).pathname}`)).text();
      const eintraege = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
      const schicht = eintraege.find((e) => e.uid.startsWith(`einsatz-schicht-${holz.id}@`))!;
      expect(schicht.summary).toBe('Arbeitseinsatz: Holzaktion – Holz hacken');
      expect(schicht.startDate.toJSDate().toISOString()).toBe('2027-03-16T08:00:00.000Z');
      expect(schicht.endDate.toJSDate().toISOString()).toBe('2027-03-16T11:00:00.000Z');
      expect(schicht.location).toBe('Bauwagen am Waldrand');
      expect(eintraege.filter((e) => e.uid.startsWith('einsatz-schicht-'))).toHaveLength(2);

      // 'Meine Dienste': the family's own shifts; a waiting family's shift shows as waiting
      const meine = (await get(f.Eule!.token, '/api/einsaetze/meine')).body;
      expect(meine.filter((x: { einsatzId: string }) => x.einsatzId === angelegt.body.id)).toEqual([
        expect.objectContaining({
          quelle: 'einsatz',
          id: holz.id,
          titel: 'Holzaktion',
          aufgabe: 'Holz hacken',
          datum: '2027-03-16',
          beginn: '09:00',
          ende: '12:00',
          status: 'eingetragen',
          stunden: 3,
        }),
        expect.objectContaining({ quelle: 'einsatz', id: kuchen.id, aufgabe: 'Kuchen backen', status: 'eingetragen', stunden: 2.5 }),
      ]);
      expect((await get(f.Lang!.token, '/api/einsaetze/meine')).body.find((x: { id: string }) => x.id === holz.id)).toMatchObject({
        status: 'warteliste',
      });
    });

    it('a family removed by an admin frees its places on the days not over yet: the first waiting family moves up and is told, its waiting-list entries go; a past day stays as it was', async () => {
      const abschied = await familie('Abschied', 'Füchse');
      for (const name of ['Igel', 'Kauz']) f[name] = await familie(name, 'Eulen');
      const [igel, kauz] = [f.Igel!, f.Kauz!];
      // a day that will be over: Abschied holds the only place of a shift, Kauz waits for it
      const vorbei = await call(admin.token, 'POST', '/api/admin/einsaetze', {
        ...fruehjahrsputz,
        titel: 'Baumpflege',
        datum: '2027-03-15',
        anmeldeschluss: '2027-03-15',
      });
      const vorbeiHolz = vorbei.body.schichten[0].id as string;
      expect((await call(abschied.token, 'POST', anmeldung(vorbei.body.id, vorbeiHolz))).status).toBe(201);
      expect((await call(kauz.token, 'POST', anmeldung(vorbei.body.id, vorbeiHolz), { warteliste: true })).status).toBe(201);
      // a day first set for the 15th, later moved to the 27th: Abschied holds the last place of 'Holz hacken'
      // (Igel, then Kauz waiting) and waits for 'Kuchen backen'
      const kommend = await call(admin.token, 'POST', '/api/admin/einsaetze', {
        ...fruehjahrsputz,
        titel: 'Gartentag',
        datum: '2027-03-15',
        anmeldeschluss: '2027-03-15',
      });
      const tagId = kommend.body.id as string;
      const [holz, kuchen] = kommend.body.schichten as Schicht[];
      expect((await call(abschied.token, 'POST', anmeldung(tagId, holz!.id))).status).toBe(201);
      for (const x of [igel, kauz])
        expect((await call(x.token, 'POST', anmeldung(tagId, holz!.id), { warteliste: true })).status).toBe(201);
      for (const x of [f.Bauer!, f.Lang!]) expect((await call(x.token, 'POST', anmeldung(tagId, kuchen!.id))).status).toBe(201);
      expect((await call(abschied.token, 'POST', anmeldung(tagId, kuchen!.id), { warteliste: true })).status).toBe(201);
      expect((await einsatz(igel, tagId)).schichten.map((s) => [s.belegt, s.warteliste, s.meineAnmeldung])).toEqual([
        [1, 2, 'warteliste'],
        [2, 1, null],
      ]);

      const verschoben = await call(admin.token, 'PUT', `/api/admin/einsaetze/${tagId}`, {
        ...fruehjahrsputz,
        titel: 'Gartentag',
        datum: '2027-03-27',
        anmeldeschluss: '2027-03-25',
        schichten: fruehjahrsputz.schichten.map((x, i) => ({ ...x, id: [holz!, kuchen!][i]!.id })),
      });
      expect(verschoben.status).toBe(200);
      // the list of days (stream einsaetze) follows the date; a change that keeps it adds nothing there
      const { rows: verzeichnis } = await app.db.pool.query<{ datum: string }>(
        `SELECT data->>'datum' AS datum FROM events WHERE stream_name = 'einsaetze' AND event_type = 'EinsatzVerzeichnet'
           AND data->>'einsatzId' = $1 ORDER BY global_position`,
        [tagId],
      );
      expect(verzeichnis.map((r) => r.datum)).toEqual(['2027-03-15', '2027-03-27']);

      // the day after Baumpflege: Abschied counts as present there (signed up), Kauz still waits
      await uhr(new Date('2027-03-16T09:00:00+01:00'));
      const vergangen = async () =>
        ((await get(admin.token, `/api/admin/einsaetze/${vorbei.body.id}`)).body.schichten as { familien: object[] }[]).map((x) =>
          x.familien.map(({ nachname: _, ...rest }: { nachname?: string }) => rest),
        );
      const vorher = await vergangen();
      expect(vorher[0]).toEqual([
        { elternId: abschied.elternId, status: 'eingetragen', anwesend: true, erfasst: false },
        { elternId: kauz.elternId, status: 'warteliste', anwesend: false, erfasst: false },
      ]);

      // the admin removes the family (Admin Center: 'Löschen')
      const entfernt = await call(admin.token, 'DELETE', `/api/admin/eltern/${abschied.elternId}`);
      expect(entfernt).toMatchObject({ status: 200, body: { message: 'Abschied wurde erfolgreich gelöscht' } });

      // Igel holds the place now, Kauz waits; the cake shift's waiting list no longer counts Abschied
      expect((await einsatz(igel, tagId)).schichten.map((s) => [s.belegt, s.warteliste, s.meineAnmeldung])).toEqual([
        [1, 1, 'eingetragen'],
        [2, 0, null],
      ]);
      expect((await einsatz(kauz, tagId)).schichten[0]).toMatchObject({ belegt: 1, warteliste: 1, meineAnmeldung: 'warteliste' });
      const [mail] = await mailsAn(igel, 'Sie sind nachgerückt: Gartentag am 27.03.2027');
      expect(mail!.text).toContain('Liebe Familie Igel,');
      expect(mail!.text).toContain('- Holz hacken, Sa 27.03.2027, 09:00–12:00 Uhr');
      const { rows } = await app.db.pool.query<{ stream_name: string; event_type: string }>(
        `SELECT stream_name, event_type FROM events WHERE event_type IN ('SchichtAusgetragen', 'VonWartelisteNachgerueckt')
           AND data->>'einsatzId' = ANY($1::text[]) ORDER BY global_position`,
        [[vorbei.body.id, tagId]],
      );
      expect(rows).toEqual([
        { stream_name: `einsatz-${tagId}`, event_type: 'SchichtAusgetragen' },
        { stream_name: `einsatz-${tagId}`, event_type: 'VonWartelisteNachgerueckt' },
        { stream_name: `einsatz-${tagId}`, event_type: 'SchichtAusgetragen' },
      ]);

      // the past day is history: Abschied stays there as present (it counts for the hours), Kauz still waits
      expect(await vergangen()).toEqual(vorher);

      // removing again changes nothing on the days
      expect((await call(admin.token, 'DELETE', `/api/admin/eltern/${abschied.elternId}`)).status).toBeLessThan(500);
      const { rows: danach } = await app.db.pool.query(`SELECT count(*)::int AS n FROM events WHERE stream_name = ANY($1::text[])`, [
        [`einsatz-${tagId}`, `einsatz-${vorbei.body.id}`],
      ]);
      expect(danach[0].n).toBe(14);
    });

    it('the read models are replay-safe: rebuilt from the log they equal the live ones; the log verifies', async () => {
      const out = { text: '', write: (text: string) => (out.text += text), isTTY: false };
      const err = { text: '', write: (text: string) => (err.text += text), isTTY: false, columns: 120 };
      expect(await replay(app.runtime.config, ['--check'], { out, err }), `${out.text}${err.text}`).toBe(0);
      // and the log with the list of days (stream einsaetze) is intact
      let text = '';
      const sammler = new Writable({
        write(chunk, _encoding, done) {
          text += String(chunk);
          done();
        },
      });
      expect(await audit(app.runtime.config, ['verify'], { stdout: sammler, stderr: sammler }), text).toBe(0);
    });
  });
});
