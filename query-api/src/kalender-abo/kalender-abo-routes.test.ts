import { randomUUID } from 'node:crypto';
import { elternStream } from '@waldkita/domain/eltern/eltern';
import { KALENDER_STREAM } from '@waldkita/domain/kalender/schliesszeiten';
import { kalenderAboStream } from '@waldkita/domain/kalender-abo/kalender-abo';
import { dienstplanStream } from '@waldkita/domain/wasserdienst/dienstplan';
import { feedDigest, neuerFeedToken } from '@waldkita/platform/kalender-abo/feed-token';
import { READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { existingStream, expectError, expectResponse, familie, gruppe, queryApiRouteTest, wasserdienst } from '../testing/route-test.js';

/** Friday of ISO week 47 of 2026: the offerable weeks run 47…53 of 2026 and 1…5 of 2027. */
const JETZT = new Date('2026-11-20T10:00:00+01:00');
const NICHT_GEFUNDEN = 'Dieses Kalender-Abo gibt es nicht (mehr). Bitte richten Sie es im Elternportal neu ein.';

type Eintrag = { uid: string; titel: string; start: string; ende: string; ganztags: boolean; beschreibung: string };

/** The feed as a calendar program reads it: parsed by Mozilla's ical.js, never by string matching. */
function lies(text: string) {
  const kalender = new ICAL.Component(ICAL.parse(text));
  const eintraege: Eintrag[] = kalender.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    expect(vevent.getFirstPropertyValue('dtstamp'), `DTSTAMP of ${event.uid}`).toBeInstanceOf(ICAL.Time);
    return {
      uid: event.uid,
      titel: event.summary,
      start: event.startDate.toString(),
      ende: event.endDate.toString(),
      ganztags: event.startDate.isDate && event.endDate.isDate,
      beschreibung: event.description,
    };
  });
  return { kalender, eintraege };
}

/** A token as a calendar program has it in the address (43 characters of base64url), and its feed's path. */
const neuerToken = () => randomUUID().replaceAll('-', '').padEnd(43, 'x');
const pfad = (token: string) => `/api/kalender/${token}.ics`;
const erneuert = (f: { elternId: string }, token: string) =>
  existingStream(kalenderAboStream(f.elternId), [
    { type: 'KalenderAboErneuert', data: { elternId: f.elternId, tokenDigest: feedDigest(token) } },
  ]);

/** The calendar's name and its first event's title and description, as a calendar program reads them (ical.js). */
function kalenderInhalt(ics: string) {
  const { kalender, eintraege } = lies(ics);
  return { name: kalender.getFirstPropertyValue('x-wr-calname'), titel: eintraege[0]?.titel, beschreibung: eintraege[0]?.beschreibung };
}

describe('the calendar feed (GET /api/kalender/abo, /api/kalender/{token}.ics)', () => {
  let t: Awaited<ReturnType<typeof queryApiRouteTest>>;
  const fuechse = gruppe('Füchse');
  const fuchs = familie('Fuchs', fuechse.gruppeId);
  beforeAll(async () => {
    t = await queryApiRouteTest({ now: () => JETZT });
    await t.appendEvents(fuechse.stream, fuchs.stream);
  });
  afterAll(() => t?.close());

  it('needs a sign-in (401); a family without a feed reads that it has none', async () => {
    await t.when({ method: 'GET', url: '/api/kalender/abo' }).then(expectError(401, 'Bitte melden Sie sich an.'));
    await t.when({ method: 'GET', url: '/api/kalender/abo', als: fuchs }).then(expectResponse(200, { aktiv: false, erneuertAm: null }));
  });

  it('writes the feed in the language the family chose (a calendar app sends none worth following)', async () => {
    const bauer = familie('Bauer', fuechse.gruppeId);
    const token = neuerFeedToken();
    const sprache = (s: string) =>
      existingStream(elternStream(bauer.elternId), [{ type: 'SpracheGewaehlt', data: { elternId: bauer.elternId, sprache: s } }]);
    await t.appendEvents(
      bauer.stream,
      existingStream(dienstplanStream(fuechse.gruppeId), [{ type: 'WasserdienstZugewiesen', data: wasserdienst(bauer, 2026, 51) }]),
      existingStream(kalenderAboStream(bauer.elternId), [
        { type: 'KalenderAboErneuert', data: { elternId: bauer.elternId, tokenDigest: feedDigest(token) } },
      ]),
    );
    const lies = async () => {
      const antwort = await t.send({ method: 'GET', url: `/api/kalender/${token}.ics`, headers: { 'accept-language': 'de-DE' } });
      expect(antwort.statusCode).toBe(200);
      return { ...kalenderInhalt(antwort.body), etag: antwort.headers.etag };
    };

    const deutsch = await lies();
    expect(deutsch.titel).toBe('Wasserdienst KW 51/2026 (Füchse)');
    expect(deutsch.beschreibung).toBe(
      'Ihr Wasserdienst in KW 51/2026 (14.12.2026 – 20.12.2026), Gruppe Füchse.\nDatum (Freitag): 18.12.2026',
    );

    await t.appendEvents(sprache('en'));
    const englisch = await lies();
    expect(englisch.name).toBe('Waldkita: water duty (Wasserdienst) and dates');
    expect(englisch.titel).toBe('Water duty (Wasserdienst) week 51/2026 (Füchse)');
    expect(englisch.beschreibung).toBe(
      'Your water duty (Wasserdienst) in week 51/2026 (14/12/2026 – 20/12/2026), group Füchse.\nDate (Friday): 18/12/2026',
    );
    expect(englisch.etag).not.toBe(deutsch.etag);

    await t.appendEvents(sprache('tr'));
    expect((await lies()).titel).toBe('Su görevi (Wasserdienst) 51/2026. hafta (Füchse)');
  });

  it('answers the feed at the address whose digest the log keeps (KalenderAboErneuert), and 404 at any other', async () => {
    const bauer = familie('Bauer', fuechse.gruppeId);
    const token = neuerFeedToken();
    const feed = await t
      .given(
        bauer.stream,
        existingStream(kalenderAboStream(bauer.elternId), [
          { type: 'KalenderAboErneuert', data: { elternId: bauer.elternId, tokenDigest: feedDigest(token) } },
        ]),
      )
      .when({ method: 'GET', url: `/api/kalender/${token}.ics` })
      .then(expectResponse(200));
    expect(feed.headers['content-type']).toContain('text/calendar');
    expect(feed.body).toContain('BEGIN:VCALENDAR');
    await t.when({ method: 'GET', url: `/api/kalender/${neuerFeedToken()}.ics` }).then(expectResponse(404));
  });
});

describe('the calendar feed (GET /api/kalender/{token}.ics)', () => {
  let t: Awaited<ReturnType<typeof queryApiRouteTest>>;
  const fuechse = gruppe('Füchse');
  const eulen = gruppe('Eulen');
  const fuchs = familie('Fuchs', fuechse.gruppeId);
  const bauer = familie('Bauer', fuechse.gruppeId);
  const eule = familie('Eule', eulen.gruppeId);
  const pruefer = familie('Pruefer', null, ['ROLE_AUDITOR']);
  const dienst = {
    fuchs48: wasserdienst(fuchs, 2026, 48),
    bauer49: wasserdienst(bauer, 2026, 49),
    fuchs50: wasserdienst(fuchs, 2026, 50),
    bauer51: wasserdienst(bauer, 2026, 51),
    // a year and more ago: no longer in the feed
    fuchs2025: wasserdienst(fuchs, 2025, 40),
    eule48: wasserdienst(eule, 2026, 48),
    eule50: wasserdienst(eule, 2026, 50),
  };
  const kita = { woche: randomUUID(), tag: randomUUID(), event: randomUUID() };
  /** Fuchs's feed address, then the one that replaced it. */
  const erstes = neuerToken();
  const zweites = neuerToken();
  let erstesEtag = '';

  beforeAll(async () => {
    t = await queryApiRouteTest({ now: () => JETZT });
    await t.appendEvents(
      ...[fuechse, eulen, fuchs, bauer, eule, pruefer].map((x) => x.stream),
      existingStream(
        dienstplanStream(fuechse.gruppeId),
        [dienst.fuchs48, dienst.bauer49, dienst.fuchs50, dienst.bauer51, dienst.fuchs2025].map((data) => ({
          type: 'WasserdienstZugewiesen',
          data,
        })),
      ),
      existingStream(
        dienstplanStream(eulen.gruppeId),
        [dienst.eule48, dienst.eule50].map((data) => ({ type: 'WasserdienstZugewiesen', data })),
      ),
      existingStream(KALENDER_STREAM, [
        { type: 'SchliesswocheAngelegt', data: { id: kita.woche, jahr: 2026, kalenderwoche: 53, beschreibung: 'Weihnachtsferien' } },
        { type: 'SchliesstagAngelegt', data: { id: kita.tag, datum: '2026-12-08', beschreibung: 'Teamtag; Kita zu, "wirklich"' } },
        {
          type: 'KitaEventAngelegt',
          data: { id: kita.event, datum: '2026-12-05', beschreibung: 'Nikolausfeier, mit Laternen\nund Punsch' },
        },
      ]),
      erneuert(fuchs, erstes),
    );
  });
  afterAll(() => t?.close());

  const hole = (token: string, etag?: string) =>
    t.send({ method: 'GET', url: pfad(token), headers: etag ? { 'if-none-match': etag } : {} });
  const host = () => new URL(t.config.APP_URL).hostname;
  const kitaEintraege = (): Eintrag[] => [
    {
      uid: `schliesszeit-${kita.woche}@${host()}`,
      titel: 'Schließzeit KW 53/2026: Weihnachtsferien',
      start: '2026-12-28',
      ende: '2027-01-04',
      ganztags: true,
      beschreibung: 'Die Kita ist in KW 53/2026 geschlossen (28.12.2026 – 03.01.2027).',
    },
    {
      uid: `schliesstag-${kita.tag}@${host()}`,
      titel: 'Schließtag: Teamtag; Kita zu, "wirklich"',
      start: '2026-12-08',
      ende: '2026-12-09',
      ganztags: true,
      beschreibung: 'Die Kita ist am 08.12.2026 geschlossen.\nTeamtag; Kita zu, "wirklich"',
    },
    {
      uid: `event-${kita.event}@${host()}`,
      titel: 'Event: Nikolausfeier, mit Laternen\nund Punsch',
      start: '2026-12-05',
      ende: '2026-12-06',
      ganztags: true,
      beschreibung: 'Event der Kita am 05.12.2026.\nNikolausfeier, mit Laternen\nund Punsch',
    },
  ];
  const fuechseDienst = (id: string, kalenderwoche: number, montag: string, naechsterMontag: string, sonntag: string, freitag: string) => ({
    uid: `wasserdienst-${id}@${host()}`,
    titel: `Wasserdienst KW ${kalenderwoche}/2026 (Füchse)`,
    start: montag,
    ende: naechsterMontag,
    ganztags: true,
    beschreibung: `Ihr Wasserdienst in KW ${kalenderwoche}/2026 (${montag.split('-').reverse().join('.')} – ${sonntag}), Gruppe Füchse.\nDatum (Freitag): ${freitag}`,
  });

  it('the family has a feed since its renewal; the read model keeps only the address’s SHA-256 digest', async () => {
    await t
      .when({ method: 'GET', url: '/api/kalender/abo', als: fuchs })
      .then(expectResponse(200, { aktiv: true, erneuertAm: JETZT.toISOString() }));
    const lookup = await t.db.pool.query(`SELECT * FROM ${READ_MODEL_SCHEMA}.kalender_abo`);
    expect(lookup.rows.map((r) => ({ ...r }))).toEqual([
      { eltern_id: fuchs.elternId, token_digest: feedDigest(erstes), erneuert_am: JETZT },
    ]);
  });

  it("the feed is valid iCalendar with the family's own duties only and the kindergarten's dates, refreshed hourly", async () => {
    const response = await t.when({ method: 'GET', url: pfad(erstes) }).then(expectResponse(200));
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, no-cache');
    erstesEtag = String(response.headers.etag);
    expect(erstesEtag).toMatch(/^W\/"[A-Za-z0-9_-]{32}"$/);
    const { kalender, eintraege } = lies(response.body);
    expect(kalender.getFirstPropertyValue('version')).toBe('2.0');
    expect(String(kalender.getFirstPropertyValue('refresh-interval'))).toBe('PT1H');
    expect(String(kalender.getFirstPropertyValue('x-published-ttl'))).toBe('PT1H');
    expect(eintraege).toEqual([
      fuechseDienst(dienst.fuchs48.wasserdienstId, 48, '2026-11-23', '2026-11-30', '29.11.2026', '27.11.2026'),
      fuechseDienst(dienst.fuchs50.wasserdienstId, 50, '2026-12-07', '2026-12-14', '13.12.2026', '11.12.2026'),
      ...kitaEintraege(),
    ]);
    // nobody else's week: not Bauer's of the same group, not Eule's of the same weeks in another group
    const uids = eintraege.map((e) => e.uid).join(' ');
    for (const fremd of [dienst.bauer49, dienst.bauer51, dienst.eule48, dienst.eule50]) expect(uids).not.toContain(fremd.wasserdienstId);
  });

  it('an unchanged feed keeps its ETag and answers 304 to If-None-Match', async () => {
    const wieder = await hole(erstes);
    expect(wieder.headers.etag).toBe(erstesEtag);
    const unveraendert = await hole(erstes, erstesEtag);
    expect(unveraendert.statusCode).toBe(304);
    expect(unveraendert.body).toBe('');
    expect((await hole(erstes, '"anderes"')).statusCode).toBe(200);
  });

  it('after a swap the next fetch has the new week instead of the old one (same UIDs for the rest), under a new ETag', async () => {
    const tauschId = randomUUID();
    const response = await t
      .given(
        existingStream(dienstplanStream(fuechse.gruppeId), [
          { type: 'TauschAngeboten', data: { ...dienst.fuchs48, tauschId, nachricht: null } },
          {
            type: 'TauschAngenommen',
            data: {
              gruppeId: fuechse.gruppeId,
              tauschId,
              wasserdienstId: dienst.fuchs48.wasserdienstId,
              woche: { jahr: 2026, kalenderwoche: 48 },
              angebotVon: fuchs.elternId,
              gegenWasserdienstId: dienst.bauer49.wasserdienstId,
              gegenWoche: { jahr: 2026, kalenderwoche: 49 },
              angenommenVon: bauer.elternId,
            },
          },
        ]),
      )
      .when({ method: 'GET', url: pfad(erstes), headers: { 'if-none-match': erstesEtag } })
      .then(expectResponse(200));
    expect(response.headers.etag).not.toBe(erstesEtag);
    expect(lies(response.body).eintraege).toEqual([
      fuechseDienst(dienst.bauer49.wasserdienstId, 49, '2026-11-30', '2026-12-07', '06.12.2026', '04.12.2026'),
      fuechseDienst(dienst.fuchs50.wasserdienstId, 50, '2026-12-07', '2026-12-14', '13.12.2026', '11.12.2026'),
      ...kitaEintraege(),
    ]);
  });

  it('a renewed address works; the old one answers 404 in German from then on', async () => {
    await t
      .given(erneuert(fuchs, zweites))
      .when({ method: 'GET', url: pfad(zweites) })
      .then(expectResponse(200));
    const weg = await t.when({ method: 'GET', url: pfad(erstes) }).then(expectError(404, NICHT_GEFUNDEN));
    expect(weg.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('addresses that cannot be a feed answer 404, never 500: wrong length or ending, other case; NUL bytes 400 as on every route', async () => {
    const token = zweites;
    const falsch = [
      `${token.slice(0, 42)}.ics`,
      `${token}A.ics`,
      token,
      `${token}.ICS`,
      `${token}.ics.ics`,
      `${token.slice(0, 20)}%2F${token.slice(21)}.ics`,
      `${'A'.repeat(43)}.ics`,
      'abo.ics',
      '.ics',
    ];
    for (const datei of falsch) {
      const response = await t.send({ method: 'GET', url: `/api/kalender/${datei}` });
      expect(response.statusCode, datei).toBe(404);
      expect(response.json(), datei).toEqual({ message: expect.any(String) });
    }
    for (const datei of [`${token.slice(0, 20)}%00${token.slice(21)}.ics`, `${token.slice(0, 42)}%00.ics`, `${token}.ics?x=%00`]) {
      const response = await t.send({ method: 'GET', url: `/api/kalender/${datei}` });
      expect(response.statusCode, datei).toBe(400);
      expect(response.json(), datei).toEqual({ message: expect.stringContaining('Zeichen') });
    }
    // Past the router's limit for a path segment (100 characters) Fastify itself refuses, in German.
    await t.when({ method: 'GET', url: `/api/kalender/${'A'.repeat(200)}.ics` }).then(expectError(414, 'Die Adresse ist zu lang.'));
  });

  it('a feed switched off answers 404, and the family has none', async () => {
    await t
      .given(existingStream(kalenderAboStream(fuchs.elternId), [{ type: 'KalenderAboBeendet', data: { elternId: fuchs.elternId } }]))
      .when({ method: 'GET', url: pfad(zweites) })
      .then(expectError(404, NICHT_GEFUNDEN));
    await t.when({ method: 'GET', url: '/api/kalender/abo', als: fuchs }).then(expectResponse(200, { aktiv: false, erneuertAm: null }));
  });

  it("an auditor's feed has the kindergarten's dates, no duties", async () => {
    const token = neuerToken();
    const response = await t
      .given(erneuert(pruefer, token))
      .when({ method: 'GET', url: pfad(token) })
      .then(expectResponse(200));
    expect(lies(response.body).eintraege).toEqual(kitaEintraege());
  });

  it('every content line of the feed ends with CRLF, END:VCALENDAR included (RFC 5545 §3.1)', async () => {
    const token = neuerToken();
    const response = await t
      .given(erneuert(fuchs, token))
      .when({ method: 'GET', url: pfad(token) })
      .then(expectResponse(200));
    expect(response.body.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(response.body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it("a removed family's feed answers 404", async () => {
    const token = neuerToken();
    await t
      .given(erneuert(eule, token))
      .when({ method: 'GET', url: pfad(token) })
      .then(expectResponse(200));
    await t
      .given(existingStream(elternStream(eule.elternId), [{ type: 'ElternEntfernt', data: { elternId: eule.elternId } }]))
      .when({ method: 'GET', url: pfad(token) })
      .then(expectError(404, NICHT_GEFUNDEN));
  });
});

describe('the calendar feed while the projector catches up (GET /api/kalender/{token}.ics)', () => {
  let t: Awaited<ReturnType<typeof queryApiRouteTest>>;
  const fuechse = gruppe('Füchse');
  const fuchs = familie('Fuchs', fuechse.gruppeId);
  beforeAll(async () => {
    t = await queryApiRouteTest({ now: () => JETZT });
    await t.appendEvents(fuechse.stream, fuchs.stream);
  });
  afterAll(() => t?.close());

  type Spy = { mock: { calls: unknown[][]; results: { value: unknown }[] } };
  const text = (anfrage: unknown) => (typeof anfrage === 'string' ? anfrage : (anfrage as { text: string }).text);
  /** The statements sent through the pool's `query` since `spy` was set, without the watermark's own poll of the checkpoint. */
  const gesendet = (spy: Spy) =>
    spy.mock.calls
      .map(([anfrage]) => text(anfrage))
      .filter((sql) => !sql.startsWith('SELECT commit_pos, prepare_pos FROM projector_checkpoints'));
  /** The indexes of the feed's own statements among them (the family by its address's digest). */
  const feedAbfragen = (spy: Spy) =>
    spy.mock.calls.flatMap(([anfrage], index) => (text(anfrage).includes('k.token_digest = $1') ? [index] : []));
  /** Once the feed's `anzahl`-th statement has been answered (sent is not enough: the pool may still be connecting). */
  const beantwortet = async (spy: Spy, anzahl: number) => {
    await vi.waitFor(() => expect(feedAbfragen(spy)).toHaveLength(anzahl));
    await spy.mock.results[feedAbfragen(spy)[anzahl - 1]!]!.value;
  };

  it('answers from one statement when the projector has passed the head of the log', async () => {
    const token = neuerToken();
    await t
      .given(erneuert(fuchs, token))
      .when({ method: 'GET', url: pfad(token) })
      .then(expectResponse(200));
    const spy = vi.spyOn(t.db.pool, 'query');
    try {
      // Straight to the app: the test helper would catch the projector up (and query) first.
      const antwort = await t.app.inject({ method: 'GET', url: pfad(token) });
      expect(antwort.statusCode).toBe(200);
      expect(gesendet(spy)).toHaveLength(1);
      const unbekannt = await t.app.inject({ method: 'GET', url: pfad(neuerToken()) });
      expect(unbekannt.statusCode).toBe(404);
      expect(gesendet(spy)).toHaveLength(2);
    } finally {
      spy.mockRestore();
    }
  });

  it("a feed made before answers anew when anything in it changed, the kindergarten's dates too", async () => {
    const token = neuerToken();
    const vorher = await t
      .given(erneuert(fuchs, token))
      .when({ method: 'GET', url: pfad(token) })
      .then(expectResponse(200));
    const wieder = await t.when({ method: 'GET', url: pfad(token) }).then(expectResponse(200));
    expect(wieder.headers.etag).toBe(vorher.headers.etag);
    expect(wieder.body).toBe(vorher.body);
    const tag = randomUUID();
    const nachher = await t
      .given(
        existingStream(KALENDER_STREAM, [{ type: 'SchliesstagAngelegt', data: { id: tag, datum: '2026-12-23', beschreibung: 'Putztag' } }]),
      )
      .when({ method: 'GET', url: pfad(token), headers: { 'if-none-match': String(vorher.headers.etag) } })
      .then(expectResponse(200));
    expect(nachher.headers.etag).not.toBe(vorher.headers.etag);
    expect(lies(nachher.body).eintraege.map((e) => e.titel)).toContain('Schließtag: Putztag');
  });

  it('a renewal or an end the projector has not passed yet: the feed waits for it, so the new address works and the ended one 404s', async () => {
    const token = neuerToken();
    const spy = vi.spyOn(t.db.pool, 'query');
    try {
      // Appended, not projected: the feed's first read sees the log ahead of the checkpoint.
      await t.appendEvents(erneuert(fuchs, token));
      const neu = t.app.inject({ method: 'GET', url: pfad(token) });
      await beantwortet(spy, 1);
      // Any request through the helper catches the projector up first; its notice wakes the feed.
      await t.send({ method: 'GET', url: '/api/kalender/abo' });
      expect((await neu).statusCode).toBe(200);
      expect(feedAbfragen(spy)).toHaveLength(2);

      await t.appendEvents(
        existingStream(kalenderAboStream(fuchs.elternId), [{ type: 'KalenderAboBeendet', data: { elternId: fuchs.elternId } }]),
      );
      const beendet = t.app.inject({ method: 'GET', url: pfad(token) });
      await beantwortet(spy, 3);
      await t.send({ method: 'GET', url: '/api/kalender/abo' });
      const weg = await beendet;
      expect(weg.statusCode).toBe(404);
      expect(weg.json()).toEqual({ message: NICHT_GEFUNDEN });
      expect(feedAbfragen(spy)).toHaveLength(4);
    } finally {
      spy.mockRestore();
    }
  });
});
