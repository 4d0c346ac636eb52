import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { weiseWasserdiensteZu } from '@waldkita/command-api/wasserdienst/weise-wasserdienste-zu';
import { type IsoWoche, wochenAb } from '@waldkita/domain/kalender/iso-woche';
import { feedDigest } from '@waldkita/platform/kalender-abo/feed-token';
import { READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replay } from './commands/replay.js';
import { LogPfade } from './request-log.js';
import { type AppProzess, pruefeBuild, starteAppProzess } from './testing/app-prozess.js';
import { apiClient, startTestApp, type TestApp } from './testing/test-app.js';

/** Friday of ISO week 47 of 2026: the offerable weeks run 47…53 of 2026 and 1…5 of 2027. */
const JETZT = new Date('2026-11-20T10:00:00+01:00');
const PASSWORT = 'kalender123';
const NICHT_GEFUNDEN = 'Dieses Kalender-Abo gibt es nicht (mehr). Bitte richten Sie es im Elternportal neu ein.';
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

type Familie = { elternId: string; token: string };
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

describe('calendar subscription (iCal / webcal) on the real app', () => {
  let app: TestApp;
  let fuchs: Familie;
  let bauer: Familie;
  let eule: Familie;
  let admin: Familie;
  let pruefer: Familie;
  /** wasserdienstId by "nachname jahr/kw". */
  const dienst: Record<string, string> = {};
  const kita: Record<string, string> = {};
  const { call, get, remember } = apiClient(() => app.baseUrl);

  /** The feed as a calendar program fetches it: no sign-in, optionally with the last ETag. */
  const hole = (adresse: string, etag?: string) =>
    fetch(`${app.baseUrl}${new URL(adresse).pathname}`, { headers: etag ? { 'if-none-match': etag } : {} });
  /** Waits (read-your-writes) until the projector has passed our last write, then fetches. */
  const holeNachSchreiben = async (f: Familie, adresse: string, etag?: string) => {
    await get(f.token, '/api/kalender/abo');
    return hole(adresse, etag);
  };

  const gruppenId = async (f: Familie, name: string) =>
    ((await get(f.token, '/api/gruppen')).body as { gruppenID: string; gruppenName: string }[]).find((g) => g.gruppenName === name)!
      .gruppenID;

  const weise = async (gruppeId: string, eintraege: [Familie, string, number, number][]) => {
    const { zuweisungen, position } = await weiseWasserdiensteZu(
      app.runtime,
      gruppeId,
      eintraege.map(([f, , jahr, kalenderwoche]) => ({ elternId: f.elternId, jahr, kalenderwoche })),
      { actorId: null },
    );
    remember(position);
    zuweisungen.forEach((z, i) => {
      dienst[eintraege[i]![1]] = z.wasserdienstId;
    });
  };

  beforeAll(async () => {
    app = await startTestApp({ now: () => JETZT });
    const familie = async (nachname: string, gruppe?: string, rollen?: ('ROLE_ELTERN' | 'ROLE_ADMIN' | 'ROLE_AUDITOR')[]) =>
      app.angemeldeteFamilie(nachname, PASSWORT, remember, gruppe, rollen);
    [fuchs, bauer, eule, admin, pruefer] = await Promise.all([
      familie('Fuchs', 'Füchse'),
      familie('Bauer', 'Füchse'),
      familie('Eule', 'Eulen'),
      familie('Leitung', undefined, ['ROLE_ADMIN']),
      familie('Pruefer', undefined, ['ROLE_AUDITOR']),
    ]);
    const gruppeId = (name: string) => gruppenId(admin, name);
    await weise(await gruppeId('Füchse'), [
      [fuchs, 'fuchs 2026/48', 2026, 48],
      [bauer, 'bauer 2026/49', 2026, 49],
      [fuchs, 'fuchs 2026/50', 2026, 50],
      [bauer, 'bauer 2026/51', 2026, 51],
      // a year and more ago: no longer in the feed
      [fuchs, 'fuchs 2025/40', 2025, 40],
    ]);
    await weise(await gruppeId('Eulen'), [
      [eule, 'eule 2026/48', 2026, 48],
      [eule, 'eule 2026/50', 2026, 50],
    ]);
    const schreibe = async (pfad: string, body: unknown) => {
      const answer = await call(admin.token, 'POST', pfad, body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return answer;
    };
    await schreibe('/api/schliesszeiten', { jahr: 2026, kalenderwoche: 53, beschreibung: 'Weihnachtsferien' });
    await schreibe('/api/schliesszeiten/schliesstage', { datum: '2026-12-08', beschreibung: 'Teamtag; Kita zu, "wirklich"' });
    await schreibe('/api/schliesszeiten/events', { datum: '2026-12-05', beschreibung: 'Nikolausfeier, mit Laternen\nund Punsch' });
    const wochen = (await get(admin.token, '/api/schliesszeiten?year=2026')).body as { id: string }[];
    kita.woche = wochen[0]!.id;
    kita.tag = ((await get(admin.token, '/api/schliesszeiten/schliesstage?year=2026')).body as { id: string }[])[0]!.id;
    kita.event = ((await get(admin.token, '/api/schliesszeiten/events?year=2026')).body as { id: string }[])[0]!.id;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  const host = () => new URL(app.runtime.config.APP_URL).hostname;
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

  let adresse: { url: string; webcal: string };
  let erstesEtag: string;

  it('needs a sign-in to manage; a family without a feed is told so, in German', async () => {
    expect((await fetch(`${app.baseUrl}/api/kalender/abo`, { method: 'POST' })).status).toBe(401);
    expect((await fetch(`${app.baseUrl}/api/kalender/abo`)).status).toBe(401);
    expect(await get(fuchs.token, '/api/kalender/abo')).toEqual({ status: 200, body: { aktiv: false, erneuertAm: null } });
    expect(await call(fuchs.token, 'DELETE', '/api/kalender/abo')).toEqual({
      status: 404,
      body: { message: 'Sie haben derzeit kein Kalender-Abo.' },
    });
  });

  it('POST answers the feed address once, as https (APP_URL) and webcal; the log and the read model keep only its SHA-256 digest', async () => {
    const answer = await call(fuchs.token, 'POST', '/api/kalender/abo');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    adresse = answer.body;
    const basis = app.runtime.config.APP_URL;
    const token = adresse.url.slice(`${basis}/api/kalender/`.length, -'.ics'.length);
    expect(token).toMatch(TOKEN);
    expect(answer.body).toEqual({
      url: `${basis}/api/kalender/${token}.ics`,
      webcal: `${basis.replace(/^https?:/, 'webcal:')}/api/kalender/${token}.ics`,
      message: 'Ihr Kalender-Abo ist eingerichtet.',
    });
    expect(await get(fuchs.token, '/api/kalender/abo')).toEqual({ status: 200, body: { aktiv: true, erneuertAm: JETZT.toISOString() } });

    const imLog = await app.db.pool.query(`SELECT event_type FROM events WHERE data::text || metadata::text LIKE '%' || $1 || '%'`, [
      token,
    ]);
    expect(imLog.rows).toEqual([]);
    const { rows } = await app.db.pool.query(`SELECT event_type AS type, data FROM events WHERE stream_name = $1`, [
      `kalender-abo-${fuchs.elternId}`,
    ]);
    expect(rows).toEqual([{ type: 'KalenderAboErneuert', data: { elternId: fuchs.elternId, tokenDigest: feedDigest(token) } }]);
    const lookup = await app.db.pool.query(`SELECT * FROM ${READ_MODEL_SCHEMA}.kalender_abo`);
    expect(lookup.rows.map((r) => ({ ...r }))).toEqual([
      { eltern_id: fuchs.elternId, token_digest: feedDigest(token), erneuert_am: JETZT },
    ]);
  });

  it("the feed is valid iCalendar with the family's own duties only and the kindergarten's dates, refreshed hourly", async () => {
    const response = await holeNachSchreiben(fuchs, adresse.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    erstesEtag = response.headers.get('etag')!;
    expect(erstesEtag).toMatch(/^W\/"[A-Za-z0-9_-]{32}"$/);
    const { kalender, eintraege } = lies(await response.text());
    expect(kalender.getFirstPropertyValue('version')).toBe('2.0');
    expect(String(kalender.getFirstPropertyValue('refresh-interval'))).toBe('PT1H');
    expect(String(kalender.getFirstPropertyValue('x-published-ttl'))).toBe('PT1H');
    expect(eintraege).toEqual([
      fuechseDienst(dienst['fuchs 2026/48']!, 48, '2026-11-23', '2026-11-30', '29.11.2026', '27.11.2026'),
      fuechseDienst(dienst['fuchs 2026/50']!, 50, '2026-12-07', '2026-12-14', '13.12.2026', '11.12.2026'),
      ...kitaEintraege(),
    ]);
    // nobody else's week: not Bauer's of the same group, not Eule's of the same weeks in another group
    const uids = eintraege.map((e) => e.uid).join(' ');
    for (const fremd of ['bauer 2026/49', 'bauer 2026/51', 'eule 2026/48', 'eule 2026/50']) expect(uids).not.toContain(dienst[fremd]);
  });

  it('an unchanged feed keeps its ETag and answers 304 to If-None-Match', async () => {
    const wieder = await hole(adresse.url);
    expect(wieder.headers.get('etag')).toBe(erstesEtag);
    const unveraendert = await hole(adresse.url, erstesEtag);
    expect(unveraendert.status).toBe(304);
    expect(await unveraendert.text()).toBe('');
    expect((await hole(adresse.url, '"anderes"')).status).toBe(200);
  });

  it('after a swap the next fetch has the new week instead of the old one (same UIDs for the rest), under a new ETag', async () => {
    const angebot = await call(fuchs.token, 'POST', '/api/tausch', { elternId: fuchs.elternId, wasserdienstId: dienst['fuchs 2026/48'] });
    const tauschId = angebot.headers.get('x-tausch-id');
    const angenommen = await call(bauer.token, 'PUT', `/api/tausch/${tauschId}/accept`, {
      resolveElternId: bauer.elternId,
      resolveWasserdienstId: dienst['bauer 2026/49'],
    });
    expect(angenommen.status).toBe(200);
    const response = await holeNachSchreiben(fuchs, adresse.url, erstesEtag);
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).not.toBe(erstesEtag);
    expect(lies(await response.text()).eintraege).toEqual([
      fuechseDienst(dienst['bauer 2026/49']!, 49, '2026-11-30', '2026-12-07', '06.12.2026', '04.12.2026'),
      fuechseDienst(dienst['fuchs 2026/50']!, 50, '2026-12-07', '2026-12-14', '13.12.2026', '11.12.2026'),
      ...kitaEintraege(),
    ]);
  });

  it('renewing gives a new address; the old one answers 404 in German from then on', async () => {
    const alt = adresse;
    const answer = await call(fuchs.token, 'POST', '/api/kalender/abo');
    expect(answer.status).toBe(200);
    adresse = answer.body;
    expect(adresse.url).not.toBe(alt.url);
    expect((await holeNachSchreiben(fuchs, adresse.url)).status).toBe(200);
    const weg = await hole(alt.url);
    expect(weg.status).toBe(404);
    expect(weg.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await weg.json()).toEqual({ message: NICHT_GEFUNDEN });
  });

  it('addresses that cannot be a feed answer 404, never 500: wrong length or ending, other case; NUL bytes 400 as on every route', async () => {
    const token = new URL(adresse.url).pathname.slice('/api/kalender/'.length, -'.ics'.length);
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
      const response = await fetch(`${app.baseUrl}/api/kalender/${datei}`);
      expect(response.status, datei).toBe(404);
      expect(await response.json(), datei).toEqual({ message: expect.any(String) });
    }
    for (const datei of [`${token.slice(0, 20)}%00${token.slice(21)}.ics`, `${token.slice(0, 42)}%00.ics`, `${token}.ics?x=%00`]) {
      const response = await fetch(`${app.baseUrl}/api/kalender/${datei}`);
      expect(response.status, datei).toBe(400);
      expect(await response.json(), datei).toEqual({ message: expect.stringContaining('Zeichen') });
    }
    // Past the router's limit for a path segment (100 characters) Fastify itself refuses, in German.
    const lang = await fetch(`${app.baseUrl}/api/kalender/${'A'.repeat(200)}.ics`);
    expect(lang.status).toBe(414);
    expect(await lang.json()).toEqual({ message: 'Die Adresse ist zu lang.' });
  });

  it('DELETE switches the feed off: its address answers 404, the family has none, and a second DELETE is a 404', async () => {
    const answer = await call(fuchs.token, 'DELETE', '/api/kalender/abo');
    expect(answer).toEqual({ status: 200, body: { message: 'Ihr Kalender-Abo ist beendet.' } });
    expect((await holeNachSchreiben(fuchs, adresse.url)).status).toBe(404);
    expect(await get(fuchs.token, '/api/kalender/abo')).toEqual({ status: 200, body: { aktiv: false, erneuertAm: null } });
    expect((await call(fuchs.token, 'DELETE', '/api/kalender/abo')).status).toBe(404);
  });

  it("an auditor (read-only) manages a feed of its own: the kindergarten's dates, no duties", async () => {
    const answer = await call(pruefer.token, 'POST', '/api/kalender/abo');
    expect(answer.status).toBe(200);
    const response = await holeNachSchreiben(pruefer, answer.body.url);
    expect(lies(await response.text()).eintraege).toEqual(kitaEintraege());
    expect((await call(pruefer.token, 'DELETE', '/api/kalender/abo')).status).toBe(200);
    // still read-only everywhere else
    expect((await call(pruefer.token, 'POST', '/api/abwesenheit', { jahr: 2027, kalenderwoche: 3 })).status).toBe(403);
  });

  it('a calendar app that never sends X-Min-Position: a new address works the moment POST answers, a renewed or revoked one stops at once (20 rounds)', async () => {
    const direkt = (adresse: string) => fetch(`${app.baseUrl}${new URL(adresse).pathname}`);
    for (let runde = 0; runde < 20; runde++) {
      const neu = await fetch(`${app.baseUrl}/api/kalender/abo`, { method: 'POST', headers: { authorization: `Bearer ${bauer.token}` } });
      const { url } = (await neu.json()) as { url: string };
      // in the same tick as the answer, with no read-your-writes header
      expect((await direkt(url)).status).toBe(200);
      const erneuert = await fetch(`${app.baseUrl}/api/kalender/abo`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bauer.token}` },
      });
      const zweite = ((await erneuert.json()) as { url: string }).url;
      const [alt, jetzt] = await Promise.all([direkt(url), direkt(zweite)]);
      expect([alt.status, jetzt.status]).toEqual([404, 200]);
      const beendet = await fetch(`${app.baseUrl}/api/kalender/abo`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${bauer.token}` },
      });
      expect(beendet.status).toBe(200);
      expect((await direkt(zweite)).status).toBe(404);
    }
  });

  it('every content line of the feed ends with CRLF, END:VCALENDAR included (RFC 5545 §3.1)', async () => {
    const { url } = (await call(fuchs.token, 'POST', '/api/kalender/abo')).body;
    const text = await (await hole(url)).text();
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect((await call(fuchs.token, 'DELETE', '/api/kalender/abo')).status).toBe(200);
  });

  it("a removed family's feed answers 404", async () => {
    const { url } = (await call(eule.token, 'POST', '/api/kalender/abo')).body;
    expect((await holeNachSchreiben(eule, url)).status).toBe(200);
    expect((await call(admin.token, 'DELETE', `/api/admin/eltern/${eule.elternId}`)).status).toBe(200);
    await get(admin.token, '/api/kalender/abo');
    expect((await hole(url)).status).toBe(404);
  });

  it('the lookup table is a read model: replay --check rebuilds it from the log and finds it equal', async () => {
    const ausgabe = () => {
      const out = { text: '', write: (text: string) => (out.text += text), isTTY: false };
      const err = { text: '', write: (text: string) => (err.text += text), isTTY: false, columns: 120 };
      return { out, err };
    };
    const { url } = (await call(bauer.token, 'POST', '/api/kalender/abo')).body;
    expect((await holeNachSchreiben(bauer, url)).status).toBe(200);
    const gleich = ausgabe();
    expect(await replay(app.runtime.config, ['--check'], gleich), gleich.out.text).toBe(0);

    await app.db.pool.query(`DELETE FROM ${READ_MODEL_SCHEMA}.kalender_abo`);
    expect((await hole(url)).status).toBe(404);
    const gestoert = ausgabe();
    expect(await replay(app.runtime.config, ['--check'], gestoert)).toBe(1);
    expect(gestoert.out.text).toMatch(/^ {2}rm\.kalender_abo: live 0 rows, checksum [0-9a-f]{16} \| rebuilt 1 rows, /m);
    expect(await replay(app.runtime.config, [], ausgabe())).toBe(0);
    // rebuilt from the log: Bauer's address works again; Fuchs and the auditor ended theirs, Eule was removed
    expect((await hole(url)).status).toBe(200);
    const { rows } = await app.db.pool.query(`SELECT eltern_id FROM ${READ_MODEL_SCHEMA}.kalender_abo`);
    expect(rows).toEqual([{ eltern_id: bauer.elternId }]);
  });

  it('a family with a full season: size and time of its feed (figures printed)', async () => {
    const saison = await app.angemeldeteFamilie('Saison', PASSWORT, remember, 'Saison');
    const gruppeId = await gruppenId(admin, 'Saison');
    // The year from KW 48/2026: 13 holiday weeks closed, 25 closing days, 30 events, the other 39 weeks the family's.
    const jahr: IsoWoche[] = wochenAb({ jahr: 2026, kalenderwoche: 48 }, 52);
    const geschlossen = jahr.filter((_, i) => i % 4 === 2);
    for (const w of geschlossen)
      expect((await call(admin.token, 'POST', '/api/schliesszeiten', { ...w, beschreibung: 'Ferien' })).status).toBe(201);
    const tage = (n: number, ab: number) =>
      Array.from({ length: n }, (_, i) => new Date(Date.UTC(2027, 0, ab + i * 11)).toISOString().slice(0, 10));
    for (const datum of tage(25, 5))
      expect((await call(admin.token, 'POST', '/api/schliesszeiten/schliesstage', { datum, beschreibung: 'Teamtag' })).status).toBe(201);
    for (const datum of tage(30, 8))
      expect(
        (await call(admin.token, 'POST', '/api/schliesszeiten/events', { datum, beschreibung: 'Waldfest mit allen Familien' })).status,
      ).toBe(201);
    const offen = jahr.filter((w) => !geschlossen.includes(w));
    await weise(
      gruppeId,
      offen.map((w) => [saison, `saison ${w.jahr}/${w.kalenderwoche}`, w.jahr, w.kalenderwoche]),
    );
    const { url } = (await call(saison.token, 'POST', '/api/kalender/abo')).body;
    const erste = await holeNachSchreiben(saison, url);
    const text = await erste.text();
    const { eintraege } = lies(text);
    expect(eintraege.filter((e) => e.uid.startsWith('wasserdienst-'))).toHaveLength(offen.length);
    expect(eintraege).toHaveLength(offen.length + geschlossen.length + 1 + 25 + 1 + 30 + 1);

    const RUNDEN = 50;
    const start = performance.now();
    for (let i = 0; i < RUNDEN; i++) await (await hole(url)).arrayBuffer();
    const msVoll = (performance.now() - start) / RUNDEN;
    const start304 = performance.now();
    for (let i = 0; i < RUNDEN; i++) expect((await hole(url, erste.headers.get('etag')!)).status).toBe(304);
    const ms304 = (performance.now() - start304) / RUNDEN;
    console.log(
      `feed of a full season: ${eintraege.length} entries (${offen.length} duties), ${Buffer.byteLength(text)} bytes; ` +
        `${msVoll.toFixed(1)} ms per fetch, ${ms304.toFixed(1)} ms per 304 (mean of ${RUNDEN}, one after another)`,
    );
    expect(msVoll).toBeLessThan(500);
  });
});

describe('the built app logs no feed token, even at LOG_LEVEL=debug', () => {
  let app: TestApp;
  let prozess: AppProzess;
  let ausgabe = '';

  beforeAll(async () => {
    pruefeBuild();
    // the real clock, as the app process has: its sessions must be valid there
    app = await startTestApp();
    prozess = await starteAppProzess(app.db.databaseUrl, {
      LOG_LEVEL: 'debug',
      QUEUE_PREFIX: `kalender-log-${app.db.name}`,
      MAIL_DIR: mkdtempSync(path.join(tmpdir(), 'kalender-log-mail-')),
    });
    const lies = (d: Buffer) => {
      ausgabe += d;
    };
    prozess.prozess.stdout!.on('data', lies);
    prozess.prozess.stderr!.on('data', lies);
  }, 60_000);
  afterAll(async () => {
    await prozess?.beende('SIGTERM');
    await app?.close();
  });

  it('requests of the feed, of renewed and mistyped addresses appear with […] in place of the secret', async () => {
    const { call, get, remember } = apiClient(() => prozess.baseUrl);
    const fuchs = await app.angemeldeteFamilie('Fuchs', PASSWORT, remember, 'Füchse');
    const erstellt = await call(fuchs.token, 'POST', '/api/kalender/abo');
    expect(erstellt.status, JSON.stringify(erstellt.body)).toBe(200);
    const token = new URL(erstellt.body.url).pathname.slice('/api/kalender/'.length, -'.ics'.length);
    await get(fuchs.token, '/api/kalender/abo');
    const pfad = `/api/kalender/${token}.ics`;
    expect((await fetch(`${prozess.baseUrl}${pfad}`)).status).toBe(200);
    await fetch(`${prozess.baseUrl}${pfad}?x=1`);
    await fetch(`${prozess.baseUrl}/api/kalender/${token}`);
    await fetch(`${prozess.baseUrl}/API/Kalender/${token}.ics`);
    await fetch(`${prozess.baseUrl}/api/kalender/${token.slice(0, 20)}%00${token.slice(21)}.ics`);
    await call(fuchs.token, 'POST', '/api/kalender/abo');
    await get(fuchs.token, '/api/kalender/abo');
    expect((await fetch(`${prozess.baseUrl}${pfad}`)).status).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 300)); // the last lines reach the pipe

    expect(ausgabe).toContain('"url":"/api/kalender/[…]"'); // debug lines were written, redacted
    expect(ausgabe).toContain('"url":"/api/kalender/abo"');
    expect(ausgabe).not.toContain(token);
    expect(ausgabe).not.toContain(token.slice(0, 20));
    expect(ausgabe).not.toContain(token.slice(21));
  });

  it('a path that matched no route keeps only the segments some route has as a fixed part', () => {
    const pfade = new LogPfade();
    pfade.lerne({ url: '/api/kalender/abo' });
    pfade.lerne({ url: '/api/kalender/:datei' });
    const unbekannt = (url: string) => pfade.pfad({ raw: { url }, routeOptions: {}, is404: true } as never);
    expect(unbekannt('/api/kalender/abo?x=1')).toBe('/api/kalender/abo?x=[…]');
    expect(unbekannt('/api//kalender/abcdef.ics')).toBe('/api//kalender/[…]');
    expect(unbekannt('/api/kalender/x/../abcdef.ics')).toBe('/api/kalender/[…]/[…]/[…]');
    expect(unbekannt('/api/kalender/%2e/abcdef.ics')).toBe('/api/kalender/[…]/[…]');
  });
});
