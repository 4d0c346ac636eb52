import { randomUUID } from 'node:crypto';
import type { Einsatz } from '@waldkita/domain/einsatz/antworten';
import { EINSATZ_NICHT_GEFUNDEN, einsatzStream } from '@waldkita/domain/einsatz/einsatz';
import { EINSAETZE_STREAM } from '@waldkita/domain/einsatz/einsatz-verzeichnis';
import { elternStream } from '@waldkita/domain/eltern/eltern';
import { kalenderAboStream } from '@waldkita/domain/kalender-abo/kalender-abo';
import { feedDigest } from '@waldkita/platform/kalender-abo/feed-token';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existingStream, expectError, expectResponse, familie, gruppe, queryApiRouteTest } from '../testing/route-test.js';

/** Wednesday, 10 March 2027, 10:00 in Berlin; the clock moves in the tests about deadlines and the day itself. */
const START = new Date('2027-03-10T10:00:00+01:00');

describe('work days (GET /api/einsaetze, /api/einsaetze/meine, /api/admin/einsaetze/{id})', () => {
  let t: Awaited<ReturnType<typeof queryApiRouteTest>>;
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
    t = await queryApiRouteTest({ now: () => jetzt });
    await t.appendEvents(...[fuechse, eulen, leitung, pruefer, fuchs, bauer, wagner, eule, lang].map((x) => x.stream));
  });
  afterAll(() => t?.close());

  /** A day with two shifts as EinsatzAngelegt carries it, and a way to append its further events. */
  const tag = (angaben: { titel?: string; datum?: string; anmeldeschluss?: string } = {}) => {
    const einsatzId = randomUUID();
    const [holz, kuchen] = [randomUUID(), randomUUID()];
    const daten = {
      einsatzId,
      titel: 'Frühjahrsputz',
      datum: '2027-03-20',
      ort: 'Bauwagen am Waldrand',
      beschreibung: 'Wir machen den Platz für den Frühling schön.',
      anmeldeschluss: '2027-03-18',
      ...angaben,
      schichten: [
        { schichtId: holz, aufgabe: 'Holz hacken', beginn: '09:00', ende: '12:00', plaetze: 1, stunden: 3 },
        { schichtId: kuchen, aufgabe: 'Kuchen backen', beginn: '12:00', ende: '14:30', plaetze: 2, stunden: 2.5 },
      ],
    };
    const wer = (schichtId: string, x: { elternId: string }) => ({ einsatzId, schichtId, elternId: x.elternId });
    return {
      id: einsatzId,
      holz,
      kuchen,
      wer,
      angelegt: [
        existingStream(einsatzStream(einsatzId), [{ type: 'EinsatzAngelegt', data: daten }]),
        existingStream(EINSAETZE_STREAM, [{ type: 'EinsatzVerzeichnet', data: { einsatzId, datum: daten.datum } }]),
      ],
      danach: (...events: { type: string; data: unknown }[]) => existingStream(einsatzStream(einsatzId), events),
    };
  };
  const einsaetze = async (x: ReturnType<typeof familie>) =>
    (await t.when({ method: 'GET', url: '/api/einsaetze', als: x }).then(expectResponse(200))).json() as Einsatz[];
  const einsatz = async (x: ReturnType<typeof familie>, id: string) => (await einsaetze(x)).find((e) => e.id === id);
  const adminSicht = async (id: string) =>
    (await t.when({ method: 'GET', url: `/api/admin/einsaetze/${id}`, als: leitung }).then(expectResponse(200))).json();

  it('every family of any group sees a new day with its shifts, open for signing up', async () => {
    const neu = tag();
    await t.appendEvents(...neu.angelegt);
    for (const x of [fuchs, eule]) {
      const gesehen = await einsatz(x, neu.id);
      expect(gesehen).toMatchObject({ titel: 'Frühjahrsputz', anmeldungOffen: true });
      expect(gesehen!.schichten.map((s) => [s.aufgabe, s.plaetze, s.belegt, s.warteliste, s.meineAnmeldung])).toEqual([
        ['Holz hacken', 1, 0, 0, null],
        ['Kuchen backen', 2, 0, 0, null],
      ]);
    }
  });

  it('refuses a parent and an auditor the admin view of a day (403), and an unknown day (404)', async () => {
    const neu = tag();
    await t.appendEvents(...neu.angelegt);
    for (const x of [fuchs, pruefer])
      await t.when({ method: 'GET', url: `/api/admin/einsaetze/${neu.id}`, als: x }).then(expectResponse(403));
    await t
      .when({ method: 'GET', url: `/api/admin/einsaetze/${randomUUID()}`, als: leitung })
      .then(expectError(404, EINSATZ_NICHT_GEFUNDEN));
  });

  it('counts places taken and families waiting, with each family’s own sign-up; the first waiting family moves up when a place is freed', async () => {
    const neu = tag();
    await t.appendEvents(
      ...neu.angelegt,
      neu.danach(
        { type: 'SchichtEingetragen', data: neu.wer(neu.holz, fuchs) },
        { type: 'AufWartelisteGesetzt', data: neu.wer(neu.holz, bauer) },
        { type: 'AufWartelisteGesetzt', data: neu.wer(neu.holz, eule) },
      ),
    );
    expect((await einsatz(bauer, neu.id))!.schichten[0]).toMatchObject({ belegt: 1, warteliste: 2, meineAnmeldung: 'warteliste' });
    expect((await einsatz(fuchs, neu.id))!.schichten[0]).toMatchObject({ meineAnmeldung: 'eingetragen' });
    await t.appendEvents(
      neu.danach(
        { type: 'SchichtAusgetragen', data: { ...neu.wer(neu.holz, fuchs), vonWarteliste: false } },
        { type: 'VonWartelisteNachgerueckt', data: neu.wer(neu.holz, bauer) },
      ),
    );
    expect((await einsatz(bauer, neu.id))!.schichten[0]).toMatchObject({ belegt: 1, warteliste: 1, meineAnmeldung: 'eingetragen' });
    expect((await einsatz(eule, neu.id))!.schichten[0]).toMatchObject({ meineAnmeldung: 'warteliste' });
    expect((await einsatz(fuchs, neu.id))!.schichten[0]).toMatchObject({ meineAnmeldung: null });
    // Eule leaves the waiting list
    await t.appendEvents(neu.danach({ type: 'SchichtAusgetragen', data: { ...neu.wer(neu.holz, eule), vonWarteliste: true } }));
    expect((await einsatz(eule, neu.id))!.schichten[0]).toMatchObject({ belegt: 1, warteliste: 0, meineAnmeldung: null });
  });

  it('the deadline day still counts; the day after, signing up is closed', async () => {
    const neu = tag({ titel: 'Herbstputz', datum: '2027-03-13', anmeldeschluss: '2027-03-11' });
    await t.appendEvents(...neu.angelegt);
    try {
      jetzt = new Date('2027-03-11T23:30:00+01:00');
      expect((await einsatz(fuchs, neu.id))!.anmeldungOffen).toBe(true);
      jetzt = new Date('2027-03-12T00:10:00+01:00');
      expect((await einsatz(fuchs, neu.id))!.anmeldungOffen).toBe(false);
    } finally {
      jetzt = START;
    }
  });

  it('attendance: on the day signed-up families are preset present; what the admin marked shows; a past day only admins still see', async () => {
    const neu = tag({ titel: 'Herbstputz', datum: '2027-03-13', anmeldeschluss: '2027-03-11' });
    await t.appendEvents(...neu.angelegt, neu.danach({ type: 'SchichtEingetragen', data: neu.wer(neu.kuchen, fuchs) }));
    try {
      jetzt = new Date('2027-03-13T18:00:00+01:00');
      const vorher = await adminSicht(neu.id);
      expect(vorher).toMatchObject({ anwesenheitErfassbar: true, vergangen: false });
      expect(vorher.schichten[1].familien).toEqual([
        { elternId: fuchs.elternId, nachname: 'Fuchs', status: 'eingetragen', anwesend: true, erfasst: false },
      ]);
      await t.appendEvents(
        neu.danach(
          { type: 'AnwesenheitErfasst', data: { ...neu.wer(neu.kuchen, fuchs), anwesend: false } },
          { type: 'AnwesenheitErfasst', data: { ...neu.wer(neu.kuchen, wagner), anwesend: true } },
        ),
      );
      expect((await adminSicht(neu.id)).schichten[1].familien).toEqual([
        { elternId: fuchs.elternId, nachname: 'Fuchs', status: 'eingetragen', anwesend: false, erfasst: true },
        { elternId: wagner.elternId, nachname: 'Wagner', status: 'eingetragen', anwesend: true, erfasst: true },
      ]);
      // a day past: families no longer see it, admins do (this kindergarten year)
      jetzt = new Date('2027-03-14T09:00:00+01:00');
      expect(await einsatz(fuchs, neu.id)).toBeUndefined();
      expect(await einsatz(leitung, neu.id)).toMatchObject({ titel: 'Herbstputz', vergangen: true });
    } finally {
      jetzt = START;
    }
  });

  it('a cancelled day stays in the list as cancelled, closed for signing up, and leaves the family’s own shifts', async () => {
    const neu = tag({ titel: 'Sommerfest', datum: '2027-06-12', anmeldeschluss: '2027-06-01' });
    await t.appendEvents(
      ...neu.angelegt,
      neu.danach(
        { type: 'SchichtEingetragen', data: neu.wer(neu.kuchen, wagner) },
        { type: 'EinsatzAbgesagt', data: { einsatzId: neu.id } },
      ),
    );
    expect(await einsatz(fuchs, neu.id)).toMatchObject({ abgesagt: true, anmeldungOffen: false });
    const meine = (await t.when({ method: 'GET', url: '/api/einsaetze/meine', als: wagner }).then(expectResponse(200))).json();
    expect(meine.some((x: { einsatzId: string }) => x.einsatzId === neu.id)).toBe(false);
  });

  it("a family's own shifts ('Meine Dienste'), a waiting family's as waiting; and the shifts in its calendar feed", async () => {
    const neu = tag({ titel: 'Holzaktion', datum: '2027-03-16', anmeldeschluss: '2027-03-15' });
    const token = randomUUID().replaceAll('-', '').padEnd(43, 'e');
    await t.appendEvents(
      ...neu.angelegt,
      neu.danach(
        { type: 'SchichtEingetragen', data: neu.wer(neu.holz, eule) },
        { type: 'SchichtEingetragen', data: neu.wer(neu.kuchen, eule) },
        { type: 'AufWartelisteGesetzt', data: neu.wer(neu.holz, lang) },
        { type: 'SchichtEingetragen', data: neu.wer(neu.kuchen, bauer) },
      ),
      existingStream(kalenderAboStream(eule.elternId), [
        { type: 'KalenderAboErneuert', data: { elternId: eule.elternId, tokenDigest: feedDigest(token) } },
      ]),
    );
    const meine = (await t.when({ method: 'GET', url: '/api/einsaetze/meine', als: eule }).then(expectResponse(200))).json();
    expect(meine.filter((x: { einsatzId: string }) => x.einsatzId === neu.id)).toEqual([
      expect.objectContaining({
        quelle: 'einsatz',
        id: neu.holz,
        titel: 'Holzaktion',
        aufgabe: 'Holz hacken',
        datum: '2027-03-16',
        beginn: '09:00',
        ende: '12:00',
        status: 'eingetragen',
        stunden: 3,
      }),
      expect.objectContaining({ quelle: 'einsatz', id: neu.kuchen, aufgabe: 'Kuchen backen', status: 'eingetragen', stunden: 2.5 }),
    ]);
    const langs = (await t.when({ method: 'GET', url: '/api/einsaetze/meine', als: lang }).then(expectResponse(200))).json();
    expect(langs.find((x: { id: string }) => x.id === neu.holz)).toMatchObject({ status: 'warteliste' });

    // the calendar feed, parsed as a calendar program does
    const feed = await t.when({ method: 'GET', url: `/api/kalender/${token}.ics` }).then(expectResponse(200));
    const eintraege = new ICAL.Component(ICAL.parse(feed.body)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const schicht = eintraege.find((e) => e.uid.startsWith(`einsatz-schicht-${neu.holz}@`))!;
    expect(schicht.summary).toBe('Arbeitseinsatz: Holzaktion – Holz hacken');
    expect(schicht.startDate.toJSDate().toISOString()).toBe('2027-03-16T08:00:00.000Z');
    expect(schicht.endDate.toJSDate().toISOString()).toBe('2027-03-16T11:00:00.000Z');
    expect(schicht.location).toBe('Bauwagen am Waldrand');
    expect(eintraege.filter((e) => e.uid.startsWith('einsatz-schicht-'))).toHaveLength(2);
  });

  it('a family removed by an admin: on a day to come the first waiting family holds its place, its waiting-list entry is gone; a past day stays as it was', async () => {
    const abschied = familie('Abschied', fuechse.gruppeId);
    const igel = familie('Igel', eulen.gruppeId);
    const kauz = familie('Kauz', eulen.gruppeId);
    const vorbei = tag({ titel: 'Baumpflege', datum: '2027-03-15', anmeldeschluss: '2027-03-15' });
    const kommend = tag({ titel: 'Gartentag', datum: '2027-03-27', anmeldeschluss: '2027-03-25' });
    await t.appendEvents(
      abschied.stream,
      igel.stream,
      kauz.stream,
      ...vorbei.angelegt,
      vorbei.danach(
        { type: 'SchichtEingetragen', data: vorbei.wer(vorbei.holz, abschied) },
        { type: 'AufWartelisteGesetzt', data: vorbei.wer(vorbei.holz, kauz) },
      ),
      ...kommend.angelegt,
      kommend.danach(
        { type: 'SchichtEingetragen', data: kommend.wer(kommend.holz, abschied) },
        { type: 'AufWartelisteGesetzt', data: kommend.wer(kommend.holz, igel) },
        { type: 'AufWartelisteGesetzt', data: kommend.wer(kommend.holz, kauz) },
        { type: 'SchichtEingetragen', data: kommend.wer(kommend.kuchen, bauer) },
        { type: 'SchichtEingetragen', data: kommend.wer(kommend.kuchen, lang) },
        { type: 'AufWartelisteGesetzt', data: kommend.wer(kommend.kuchen, abschied) },
      ),
    );
    try {
      jetzt = new Date('2027-03-16T09:00:00+01:00');
      expect((await einsatz(igel, kommend.id))!.schichten.map((s) => [s.belegt, s.warteliste, s.meineAnmeldung])).toEqual([
        [1, 2, 'warteliste'],
        [2, 1, null],
      ]);
      // the day after Baumpflege: Abschied counts as present there (signed up), Kauz still waits
      const vergangen = async () =>
        ((await adminSicht(vorbei.id)).schichten as { familien: { nachname?: string }[] }[]).map((x) =>
          x.familien.map(({ nachname: _, ...rest }) => rest),
        );
      const vorher = await vergangen();
      expect(vorher[0]).toEqual([
        { elternId: abschied.elternId, status: 'eingetragen', anwesend: true, erfasst: false },
        { elternId: kauz.elternId, status: 'warteliste', anwesend: false, erfasst: false },
      ]);
      // what DELETE /api/admin/eltern/{id} appends (command-api/src/einsatz/einsatz-routes.test.ts)
      await t.appendEvents(
        kommend.danach(
          { type: 'SchichtAusgetragen', data: { ...kommend.wer(kommend.holz, abschied), vonWarteliste: false } },
          { type: 'VonWartelisteNachgerueckt', data: kommend.wer(kommend.holz, igel) },
          { type: 'SchichtAusgetragen', data: { ...kommend.wer(kommend.kuchen, abschied), vonWarteliste: true } },
        ),
        existingStream(elternStream(abschied.elternId), [{ type: 'ElternEntfernt', data: { elternId: abschied.elternId } }]),
      );
      // Igel holds the place now, Kauz waits; the cake shift's waiting list no longer counts Abschied
      expect((await einsatz(igel, kommend.id))!.schichten.map((s) => [s.belegt, s.warteliste, s.meineAnmeldung])).toEqual([
        [1, 1, 'eingetragen'],
        [2, 0, null],
      ]);
      expect((await einsatz(kauz, kommend.id))!.schichten[0]).toMatchObject({ belegt: 1, warteliste: 1, meineAnmeldung: 'warteliste' });
      // the past day is history: Abschied stays there as present (it counts for the hours), Kauz still waits
      expect(await vergangen()).toEqual(vorher);
    } finally {
      jetzt = START;
    }
  });
});
