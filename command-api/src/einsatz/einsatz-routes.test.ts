import { randomUUID } from 'node:crypto';
import {
  ANMELDESCHLUSS_NACH_DATUM,
  EINSATZ_ABGESAGT,
  EINSATZ_NICHT_GEFUNDEN,
  ENDE_VOR_BEGINN,
  einsatzStream,
  NICHT_EINGETRAGEN,
  SCHICHT_NICHT_GEFUNDEN,
  SCHICHT_VOLL,
  SCHON_EINGETRAGEN,
  STUNDEN_UNGUELTIG,
} from '@waldkita/domain/einsatz/einsatz';
import { EINSAETZE_STREAM } from '@waldkita/domain/einsatz/einsatz-verzeichnis';
import { elternStream } from '@waldkita/domain/eltern/eltern';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commandApiRouteTest,
  expectError,
  expectNewEvents,
  expectNoNewEvents,
  expectResponse,
  familie,
  gruppe,
} from '../testing/route-test.js';

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

describe('work days (POST/PUT/DELETE /api/admin/einsaetze…, sign-up)', () => {
  let t: Awaited<ReturnType<typeof commandApiRouteTest>>;
  const fuechse = gruppe('Füchse');
  const leitung = familie('Leitung', null, ['ROLE_ADMIN']);
  const pruefer = familie('Prüfer', null, ['ROLE_AUDITOR']);
  const fuchs = familie('Fuchs', fuechse.gruppeId);
  let id = '';
  beforeAll(async () => {
    t = await commandApiRouteTest({ now: () => new Date('2027-03-10T10:00:00+01:00') });
    await t.appendEvents(fuechse.stream, leitung.stream, pruefer.stream, fuchs.stream);
    const angelegt = await t.when({ method: 'POST', url: '/api/admin/einsaetze', payload: fruehjahrsputz, als: leitung }).then(
      expectResponse(
        201,
        expect.objectContaining({
          titel: 'Frühjahrsputz',
          anmeldeschluss: '2027-03-18',
          abgesagt: false,
          schichten: [
            expect.objectContaining({ id: expect.any(String), aufgabe: 'Holz hacken', plaetze: 1, stunden: 3, belegt: 0, warteliste: 0 }),
            expect.objectContaining({ id: expect.any(String), aufgabe: 'Kuchen backen', plaetze: 2, stunden: 2.5 }),
          ],
        }),
      ),
    );
    id = angelegt.json().id;
  });
  afterAll(() => t?.close());

  const lege = (payload: unknown, als = leitung) => ({
    method: 'POST' as const,
    url: '/api/admin/einsaetze',
    payload: payload as object,
    als,
  });
  const mit = (schicht: object) => ({ ...fruehjahrsputz, schichten: [{ ...fruehjahrsputz.schichten[0], ...schicht }] });

  it('refuses in German: end before start, deadline after the day, hours out of range, a huge title, a NUL character (400)', async () => {
    await t.when(lege(mit({ ende: '08:00' }))).then(expectError(400, ENDE_VOR_BEGINN));
    await t.when(lege({ ...fruehjahrsputz, anmeldeschluss: '2027-03-21' })).then(expectError(400, ANMELDESCHLUSS_NACH_DATUM));
    for (const stunden of [0, 25, 1.005, '2']) await t.when(lege(mit({ stunden }))).then(expectError(400, STUNDEN_UNGUELTIG));
    await t
      .when(lege({ ...fruehjahrsputz, titel: 'x'.repeat(100_000) }))
      .then(expectError(400, 'Der Titel darf höchstens 100 Zeichen lang sein.'));
    await t
      .when(lege({ ...fruehjahrsputz, titel: 'A\u0000B' }))
      .then(expectResponse(400, { message: expect.stringMatching(/ungültige Zeichen/) }));
    await t
      .when({
        method: 'POST',
        url: '/api/admin/einsaetze',
        payload: '"kein JSON"',
        headers: { 'content-type': 'application/json' },
        als: leitung,
      })
      .then(expectResponse(400));
  });

  it('refuses a parent and an auditor every admin write (403), and an unknown day or shift (404)', async () => {
    for (const x of [fuchs, pruefer]) {
      await t.when(lege(fruehjahrsputz, x)).then(expectResponse(403, { message: expect.any(String) }));
      await t.when({ method: 'PUT', url: `/api/admin/einsaetze/${id}`, payload: fruehjahrsputz, als: x }).then(expectResponse(403));
      await t.when({ method: 'DELETE', url: `/api/admin/einsaetze/${id}`, als: x }).then(expectResponse(403));
      await t.when({ method: 'PUT', url: `/api/admin/einsaetze/${id}/anwesenheit`, payload: {}, als: x }).then(expectResponse(403));
    }
    await t
      .when({ method: 'PUT', url: `/api/admin/einsaetze/${randomUUID()}`, payload: fruehjahrsputz, als: leitung })
      .then(expectError(404, EINSATZ_NICHT_GEFUNDEN));
    const anmeldung = (einsatz: string, schicht: string) => `/api/einsaetze/${einsatz}/schichten/${schicht}/anmeldung`;
    await t
      .when({ method: 'POST', url: anmeldung(randomUUID(), randomUUID()), payload: {}, als: fuchs })
      .then(expectError(404, EINSATZ_NICHT_GEFUNDEN));
    await t
      .when({ method: 'POST', url: anmeldung(id, randomUUID()), payload: {}, als: fuchs })
      .then(expectError(404, SCHICHT_NICHT_GEFUNDEN));
  });
});

/** Wednesday, 10 March 2027, 10:00 in Berlin; the clock moves in the tests about deadlines and the day itself. */
const START = new Date('2027-03-10T10:00:00+01:00');

describe('signing up for a shift, the waiting list, the deadline, attendance, cancelling (a clock that moves)', () => {
  let t: Awaited<ReturnType<typeof commandApiRouteTest>>;
  let jetzt = START;
  const fuechse = gruppe('Füchse');
  const eulen = gruppe('Eulen');
  const leitung = familie('Leitung', null, ['ROLE_ADMIN']);
  const pruefer = familie('Prüfer', null, ['ROLE_AUDITOR']);
  const fuchs = familie('Fuchs', fuechse.gruppeId);
  const bauer = familie('Bauer', fuechse.gruppeId);
  const wagner = familie('Wagner', fuechse.gruppeId);
  const eule = familie('Eule', eulen.gruppeId);
  const lang = familie('Lang', eulen.gruppeId);
  beforeAll(async () => {
    t = await commandApiRouteTest({ now: () => jetzt });
    await t.appendEvents(...[fuechse, eulen, leitung, pruefer, fuchs, bauer, wagner, eule, lang].map((x) => x.stream));
  });
  afterAll(() => t?.close());

  type Tag = { id: string; holz: string; kuchen: string; stream: string };
  /** A day as the Admin Center creates it, with its two shifts. */
  const lege = async (angaben: object = {}): Promise<Tag> => {
    const { id, schichten } = (
      await t
        .when({ method: 'POST', url: '/api/admin/einsaetze', payload: { ...fruehjahrsputz, ...angaben }, als: leitung })
        .then(expectResponse(201))
    ).json();
    return { id, holz: schichten[0].id, kuchen: schichten[1].id, stream: einsatzStream(id) };
  };
  const anmeldung = (tag: Tag, schichtId: string) => `/api/einsaetze/${tag.id}/schichten/${schichtId}/anmeldung`;
  const trageEin = (tag: Tag, schichtId: string, als: ReturnType<typeof familie>, warteliste?: boolean) => ({
    method: 'POST' as const,
    url: anmeldung(tag, schichtId),
    payload: warteliste === undefined ? {} : { warteliste },
    als,
  });
  const trageAus = (tag: Tag, schichtId: string, als: ReturnType<typeof familie>) => ({
    method: 'DELETE' as const,
    url: anmeldung(tag, schichtId),
    als,
  });
  const eintrag = (tag: Tag, schichtId: string, x: { elternId: string }) => ({ einsatzId: tag.id, schichtId, elternId: x.elternId });

  it('a family signs up, cannot twice; a full shift refuses (409) and offers the waiting list; withdrawing moves the first waiting family up', async () => {
    const tag = await lege();
    const nichts = expectNoNewEvents(tag.stream);
    await t.when(trageEin(tag, tag.holz, fuchs)).then(
      expectResponse(201, {
        einsatzId: tag.id,
        schichtId: tag.holz,
        status: 'eingetragen',
        message: 'Sie sind für „Holz hacken“ am 20.03.2027 eingetragen. Vielen Dank!',
      }),
      expectNewEvents(tag.stream, [{ type: 'SchichtEingetragen', data: eintrag(tag, tag.holz, fuchs) }]),
    );
    await t.when(trageEin(tag, tag.holz, fuchs, false)).then(expectError(409, SCHON_EINGETRAGEN), nichts);
    await t.when(trageEin(tag, tag.holz, bauer, false)).then(expectError(409, SCHICHT_VOLL), nichts);
    await t.when(trageEin(tag, tag.holz, pruefer, true)).then(expectResponse(403), nichts);
    await t
      .when(trageEin(tag, tag.holz, bauer, true))
      .then(
        expectResponse(201, expect.objectContaining({ status: 'warteliste' })),
        expectNewEvents(tag.stream, [{ type: 'AufWartelisteGesetzt', data: eintrag(tag, tag.holz, bauer) }]),
      );
    await t.when(trageEin(tag, tag.holz, eule, true)).then(expectResponse(201));
    await t.when(trageAus(tag, tag.holz, wagner)).then(expectError(409, NICHT_EINGETRAGEN), nichts);

    await t.when(trageAus(tag, tag.holz, fuchs)).then(
      expectResponse(200, expect.objectContaining({ message: 'Sie sind aus „Holz hacken“ ausgetragen.' })),
      expectNewEvents(tag.stream, [
        { type: 'SchichtAusgetragen', data: { ...eintrag(tag, tag.holz, fuchs), vonWarteliste: false } },
        { type: 'VonWartelisteNachgerueckt', data: eintrag(tag, tag.holz, bauer) },
      ]),
    );
    // Eule leaves the waiting list
    await t
      .when(trageAus(tag, tag.holz, eule))
      .then(
        expectResponse(200, expect.objectContaining({ message: 'Sie stehen nicht mehr auf der Warteliste für „Holz hacken“.' })),
        expectNewEvents(tag.stream, [{ type: 'SchichtAusgetragen', data: { ...eintrag(tag, tag.holz, eule), vonWarteliste: true } }]),
      );
  });

  it('a repeated submit with the same Idempotency-Key signs up once and answers the same', async () => {
    const tag = await lege();
    const vorher = (await t.store.readStream(tag.stream)).revision!;
    const key = randomUUID();
    const senden = () =>
      t.send({ method: 'POST', url: anmeldung(tag, tag.kuchen), payload: {}, headers: { 'idempotency-key': key }, als: lang });
    const [a, b] = await Promise.all([senden(), senden()]);
    const c = await senden();
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([201, 201, 201]);
    expect(c.json()).toMatchObject({ status: 'eingetragen' });
    expect([a, b, c].filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(2);
    const neu = (await t.store.readStream(tag.stream, vorher)).events;
    expect(neu.map((e) => e.type)).toEqual(['SchichtEingetragen']);
  });

  it('the admin changes a shift (keeps its id) and adds one; a shift id the day does not have is a 404', async () => {
    const tag = await lege();
    await t.when(trageEin(tag, tag.holz, fuchs)).then(expectResponse(201));
    await t.when(trageEin(tag, tag.kuchen, lang)).then(expectResponse(201));
    const geaendert = await t
      .when({
        method: 'PUT',
        url: `/api/admin/einsaetze/${tag.id}`,
        payload: {
          ...fruehjahrsputz,
          schichten: [
            { ...fruehjahrsputz.schichten[0], id: tag.holz, beginn: '08:30' },
            { ...fruehjahrsputz.schichten[1], id: tag.kuchen },
            { aufgabe: 'Grillen', beginn: '14:00', ende: '16:00', plaetze: 3, stunden: 2 },
          ],
        },
        als: leitung,
      })
      .then(expectResponse(200), expectNewEvents(tag.stream, [expect.objectContaining({ type: 'EinsatzGeaendert' })]));
    expect(
      geaendert
        .json()
        .schichten.map((x: { id: string; beginn: string; belegt: number }) => [x.id === tag.holz, x.id === tag.kuchen, x.beginn, x.belegt]),
    ).toEqual([
      [true, false, '08:30', 1],
      [false, true, '12:00', 1],
      [false, false, '14:00', 0],
    ]);
    await t
      .when({
        method: 'PUT',
        url: `/api/admin/einsaetze/${tag.id}`,
        payload: {
          ...fruehjahrsputz,
          schichten: [
            { ...fruehjahrsputz.schichten[0], id: tag.holz, plaetze: 1 },
            { ...fruehjahrsputz.schichten[1], id: randomUUID() },
          ],
        },
        als: leitung,
      })
      .then(expectError(404, SCHICHT_NICHT_GEFUNDEN), expectNoNewEvents(tag.stream));
  });

  it('the deadline day still counts; the day after, signing up and withdrawing are refused in German', async () => {
    const tag = await lege({ titel: 'Herbstputz', datum: '2027-03-13', anmeldeschluss: '2027-03-11' });
    try {
      jetzt = new Date('2027-03-11T23:30:00+01:00');
      await t.when(trageEin(tag, tag.kuchen, fuchs)).then(expectResponse(201));
      jetzt = new Date('2027-03-12T00:10:00+01:00');
      const abgelaufen = expectError(409, 'Die Anmeldefrist bis 11.03.2027 ist abgelaufen.');
      await t.when(trageEin(tag, tag.kuchen, bauer)).then(abgelaufen, expectNoNewEvents(tag.stream));
      await t.when(trageAus(tag, tag.kuchen, fuchs)).then(abgelaufen, expectNoNewEvents(tag.stream));
    } finally {
      jetzt = START;
    }
  });

  it('attendance: refused before the day; on the day the admin marks a family absent and adds one that came; unknown families and shifts are 404', async () => {
    const tag = await lege({ titel: 'Herbstputz', datum: '2027-03-13', anmeldeschluss: '2027-03-11' });
    const pfad = `/api/admin/einsaetze/${tag.id}/anwesenheit`;
    const erfasse = (payload: object) => ({ method: 'PUT' as const, url: pfad, payload, als: leitung });
    await t.when(trageEin(tag, tag.kuchen, fuchs)).then(expectResponse(201));
    await t
      .when(erfasse({ schichtId: tag.kuchen, elternId: fuchs.elternId, anwesend: false }))
      .then(
        expectError(409, 'Die Anwesenheit kann erst ab dem Tag des Einsatzes (13.03.2027) erfasst werden.'),
        expectNoNewEvents(tag.stream),
      );
    try {
      jetzt = new Date('2027-03-13T18:00:00+01:00');
      await t
        .when(erfasse({ schichtId: tag.kuchen, elternId: fuchs.elternId, anwesend: false }))
        .then(
          expectResponse(200, expect.objectContaining({ message: 'Als nicht anwesend erfasst.' })),
          expectNewEvents(tag.stream, [{ type: 'AnwesenheitErfasst', data: { ...eintrag(tag, tag.kuchen, fuchs), anwesend: false } }]),
        );
      await t
        .when(erfasse({ schichtId: tag.kuchen, elternId: wagner.elternId, anwesend: true }))
        .then(
          expectResponse(200, expect.objectContaining({ message: 'Als anwesend erfasst.' })),
          expectNewEvents(tag.stream, [{ type: 'AnwesenheitErfasst', data: { ...eintrag(tag, tag.kuchen, wagner), anwesend: true } }]),
        );
      await t
        .when(erfasse({ schichtId: tag.kuchen, elternId: randomUUID(), anwesend: true }))
        .then(expectError(404, 'Elternteil nicht gefunden.'), expectNoNewEvents(tag.stream));
      await t
        .when(erfasse({ schichtId: randomUUID(), elternId: fuchs.elternId, anwesend: true }))
        .then(expectError(404, SCHICHT_NICHT_GEFUNDEN), expectNoNewEvents(tag.stream));
      await t
        .when(erfasse({ schichtId: tag.kuchen, elternId: fuchs.elternId, anwesend: 'ja' }))
        .then(expectResponse(400), expectNoNewEvents(tag.stream));
    } finally {
      jetzt = START;
    }
  });

  it('cancelling: the day stays as cancelled; signing up and changing it are refused', async () => {
    const tag = await lege({ titel: 'Sommerfest', datum: '2027-06-12', anmeldeschluss: '2027-06-01' });
    await t.when(trageEin(tag, tag.kuchen, wagner)).then(expectResponse(201));
    await t
      .when({ method: 'DELETE', url: `/api/admin/einsaetze/${tag.id}`, als: leitung })
      .then(
        expectResponse(200, expect.objectContaining({ id: tag.id, abgesagt: true })),
        expectNewEvents(tag.stream, [{ type: 'EinsatzAbgesagt', data: { einsatzId: tag.id } }]),
      );
    await t.when(trageEin(tag, tag.holz, fuchs)).then(expectError(409, EINSATZ_ABGESAGT), expectNoNewEvents(tag.stream));
    await t
      .when({ method: 'PUT', url: `/api/admin/einsaetze/${tag.id}`, payload: fruehjahrsputz, als: leitung })
      .then(expectError(409, EINSATZ_ABGESAGT), expectNoNewEvents(tag.stream));
  });

  it('a family removed by an admin frees its places on the days not over yet: the first waiting family moves up, its waiting-list entries go; a past day stays as it was', async () => {
    const abschied = familie('Abschied', fuechse.gruppeId);
    const igel = familie('Igel', eulen.gruppeId);
    const kauz = familie('Kauz', eulen.gruppeId);
    await t.appendEvents(abschied.stream, igel.stream, kauz.stream);
    // a day that will be over: Abschied holds the only place of a shift, Kauz waits for it
    const vorbei = await lege({ titel: 'Baumpflege', datum: '2027-03-15', anmeldeschluss: '2027-03-15' });
    await t.when(trageEin(vorbei, vorbei.holz, abschied)).then(expectResponse(201));
    await t.when(trageEin(vorbei, vorbei.holz, kauz, true)).then(expectResponse(201));
    // a day first set for the 15th, later moved to the 27th: Abschied holds the last place of 'Holz hacken'
    // (Igel, then Kauz waiting) and waits for 'Kuchen backen'
    const kommend = await lege({ titel: 'Gartentag', datum: '2027-03-15', anmeldeschluss: '2027-03-15' });
    await t.when(trageEin(kommend, kommend.holz, abschied)).then(expectResponse(201));
    for (const x of [igel, kauz]) await t.when(trageEin(kommend, kommend.holz, x, true)).then(expectResponse(201));
    for (const x of [bauer, lang]) await t.when(trageEin(kommend, kommend.kuchen, x)).then(expectResponse(201));
    await t.when(trageEin(kommend, kommend.kuchen, abschied, true)).then(expectResponse(201));
    // the list of days (stream einsaetze) follows the date; a change that keeps it adds nothing there
    await t
      .when({
        method: 'PUT',
        url: `/api/admin/einsaetze/${kommend.id}`,
        payload: {
          ...fruehjahrsputz,
          titel: 'Gartentag',
          datum: '2027-03-27',
          anmeldeschluss: '2027-03-25',
          schichten: fruehjahrsputz.schichten.map((x, i) => ({ ...x, id: [kommend.holz, kommend.kuchen][i] })),
        },
        als: leitung,
      })
      .then(
        expectResponse(200),
        expectNewEvents(EINSAETZE_STREAM, [{ type: 'EinsatzVerzeichnet', data: { einsatzId: kommend.id, datum: '2027-03-27' } }]),
      );
    const { events: verzeichnis } = await t.store.readStream(EINSAETZE_STREAM);
    expect(
      verzeichnis.flatMap((e) => ((e.data as { einsatzId: string }).einsatzId === kommend.id ? [(e.data as { datum: string }).datum] : [])),
    ).toEqual(['2027-03-15', '2027-03-27']);

    try {
      // the day after Baumpflege: the admin removes the family (Admin Center: 'Löschen')
      jetzt = new Date('2027-03-16T09:00:00+01:00');
      await t.when({ method: 'DELETE', url: `/api/admin/eltern/${abschied.elternId}`, als: leitung }).then(
        expectResponse(200, expect.objectContaining({ message: 'Abschied wurde erfolgreich gelöscht' })),
        // Igel holds the place now, Kauz waits; the cake shift's waiting list no longer has Abschied
        expectNewEvents(kommend.stream, [
          { type: 'SchichtAusgetragen', data: { ...eintrag(kommend, kommend.holz, abschied), vonWarteliste: false } },
          { type: 'VonWartelisteNachgerueckt', data: eintrag(kommend, kommend.holz, igel) },
          { type: 'SchichtAusgetragen', data: { ...eintrag(kommend, kommend.kuchen, abschied), vonWarteliste: true } },
        ]),
        // the past day is history: Abschied stays there (it counts for the hours), Kauz still waits
        expectNoNewEvents(vorbei.stream),
        expectNewEvents(elternStream(abschied.elternId), [{ type: 'ElternEntfernt', data: { elternId: abschied.elternId } }]),
      );
      // removing again changes nothing on the days (14 events on the two, as after the first removal)
      const revisionen = async () =>
        Promise.all([kommend.stream, vorbei.stream].map(async (x) => (await t.store.readStream(x)).events.length));
      expect(await revisionen()).toEqual([11, 3]);
      const wieder = await t.send({ method: 'DELETE', url: `/api/admin/eltern/${abschied.elternId}`, als: leitung });
      expect(wieder.statusCode).toBeLessThan(500);
      expect(await revisionen()).toEqual([11, 3]);
    } finally {
      jetzt = START;
    }
  });
});
