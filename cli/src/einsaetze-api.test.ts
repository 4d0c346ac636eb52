import { randomUUID } from 'node:crypto';
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
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, json, login, startTestApp, type TestApp } from './testing/test-app.js';

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
    app = await startTestApp({ now: () => jetzt });
    admin = await familie('Leitung', undefined, ['ROLE_ADMIN']);
    pruefer = await familie('Prüfer', undefined, ['ROLE_AUDITOR']);
    for (const name of ['Fuchs', 'Bauer', 'Wagner']) f[name] = await familie(name, 'Füchse');
    for (const name of ['Eule', 'Lang']) f[name] = await familie(name, 'Eulen');
  }, 60_000);
  afterAll(() => app?.close());

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
      remember(null);
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
    const { rows } = await app.db.pool.query<{ schicht_id: string; familien: string[] }>(
      `SELECT schicht_id, array_agg(eltern_id ORDER BY reihenfolge) AS familien FROM rm.einsatz_anmeldung
       WHERE schicht_id = ANY($1::text[]) AND status = 'eingetragen' GROUP BY schicht_id`,
      [schichten.map((s) => s.schichtId)],
    );
    // read your writes: the list shows every shift full, with the family that won it
    const liste = await einsaetze(renner[0]!);
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
    });
  });
});
