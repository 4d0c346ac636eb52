// Whole app: what the running server adds (no-store, the real HTTP path a calendar program takes, the request log),
// read-your-writes across command and query, replay --check. The feed's answers: command-api/src/kalender-abo, query-api/src/kalender-abo.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { weiseWasserdiensteZu } from '@waldkita/command-api/wasserdienst/weise-wasserdienste-zu';
import { type IsoWoche, wochenAb } from '@waldkita/domain/kalender/iso-woche';
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

type Familie = { elternId: string; token: string };
/** The feed's entries as a calendar program reads them: parsed by Mozilla's ical.js, never by string matching. */
const eintraegeVon = (text: string) =>
  new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));

describe('calendar subscription (iCal / webcal) on the real app', () => {
  let app: TestApp;
  let fuchs: Familie;
  let bauer: Familie;
  let admin: Familie;
  /** wasserdienstId by "nachname jahr/kw". */
  const dienst: Record<string, string> = {};
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
    [fuchs, bauer, admin] = await Promise.all([
      familie('Fuchs', 'Füchse'),
      familie('Bauer', 'Füchse'),
      familie('Leitung', undefined, ['ROLE_ADMIN']),
    ]);
    // The kindergarten's dates: one closing week, one closing day, one event (in every feed).
    const schreibe = async (pfad: string, body: unknown) => {
      const answer = await call(admin.token, 'POST', pfad, body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return answer;
    };
    await schreibe('/api/schliesszeiten', { jahr: 2026, kalenderwoche: 53, beschreibung: 'Weihnachtsferien' });
    await schreibe('/api/schliesszeiten/schliesstage', { datum: '2026-12-08', beschreibung: 'Teamtag; Kita zu, "wirklich"' });
    await schreibe('/api/schliesszeiten/events', { datum: '2026-12-05', beschreibung: 'Nikolausfeier, mit Laternen\nund Punsch' });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it('the answer with the feed address is never kept by a browser or proxy (no-store, as every API answer)', async () => {
    const answer = await call(fuchs.token, 'POST', '/api/kalender/abo');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect((await call(fuchs.token, 'DELETE', '/api/kalender/abo')).status).toBe(200);
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
    // rebuilt from the log: Bauer's last address works again; Fuchs's feed and Bauer's renewed ones ended before
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
    const eintraege = eintraegeVon(text);
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
