import { randomUUID } from 'node:crypto';
import { FELDER_FEHLEN } from '@waldkita/domain/auth/login';
import { PASSWORT_ZU_LANG } from '@waldkita/domain/auth/passwort';
import { TEXT_ZU_LANG } from '@waldkita/domain/mitteilung/mitteilung';
import {
  EMAIL_ZU_LANG,
  FILTER_ZU_LANG,
  GRUPPENNAME_ZU_LANG,
  MAX_GRUPPENNAME,
  MAX_NACHNAME,
  NACHNAME_ZU_LANG,
  NAME_KIND_ZU_LANG,
  UNGUELTIGE_ZEICHEN,
} from '@waldkita/domain/shared/eingabe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from './server.js';
import { type ApiAnswer, apiClient, json, login, startTestApp, type TestApp } from './testing/test-app.js';

const PASSWORT = 'haerten123';

/** Every field name a route reads from a body or a query string. */
const FELDER = (
  'beschreibung body current daily datum deadline elternId email endDate endKW format from gruppe gruppeId gruppeName gruppenName ' +
  'holidayType isRange jahr kalenderwoche kalenderwocheBis kalenderwocheVon kategorie kennwort nachname nameKind newPassword ' +
  'oldPassword order page role roles startDate startKW stream text time to token wasserdienstId asOf year type'
).split(' ');

/** [method, path] of every route of the app, read from Fastify's own route tree. */
function routenAus(baum: string): [string, string][] {
  const routen: [string, string][] = [];
  const pfad: string[] = [];
  for (const zeile of baum.split('\n')) {
    const m = /^([\s│├└─]*?)([^\s│├└─].*) \(([A-Z, ]+)\)$/.exec(zeile);
    if (!m) continue;
    const tiefe = Math.round(m[1]!.length / 4);
    pfad.length = tiefe;
    pfad[tiefe] = m[2]!;
    const voll = pfad.join('').replace(/^\/\//, '/');
    for (const methode of m[3]!.split(', ')) if (methode !== 'HEAD') routen.push([methode, voll]);
  }
  return routen;
}

const ENGLISCH = /\b(Invalid|expected|received|Too big|Too small|Unrecognized|Bad Request|Not Found|Client Error|Error)\b/;
const DEUTSCH = /[äöüÄÖÜß]|\b(Bitte|Die|Der|Das|Diese[nrs]?|Sie|nicht|ist|sind|muss|Ungültige?|Unbekannte|Zu|keine?|gibt|Eine?)\b/i;
/** The text a user reads from a refused answer: the JSON message, or the plain text of the password routes. */
const meldung = (answer: ApiAnswer) => (typeof answer.body === 'string' ? answer.body : answer.body?.message);

describe('input that crashed or bloated the app, and every reachable error in German', () => {
  let app: TestApp;
  let admin: string;
  let routen: [string, string][];
  const { call, get } = apiClient(() => app.baseUrl);
  const roh = async (method: string, path: string, init: { body?: string | FormData; type?: string; token?: string } = {}) => {
    const headers: Record<string, string> = {};
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (init.type) headers['content-type'] = init.type;
    const response = await fetch(`${app.baseUrl}${path}`, { method, headers, body: init.body });
    const text = await response.text();
    const type = response.headers.get('content-type') ?? '';
    return { status: response.status, body: type.includes('json') && text ? JSON.parse(text) : text } as ApiAnswer;
  };

  beforeAll(async () => {
    app = await startTestApp({ now: () => new Date('2026-11-20T10:00:00+01:00') });
    const email = `leitung-${randomUUID().slice(0, 6)}@example.org`;
    await app.familie({ email, passwort: PASSWORT, nachname: 'Leitung', rollen: ['ROLE_ADMIN'] });
    await app.familie({ email: `fuchs-${randomUUID().slice(0, 6)}@example.org`, passwort: PASSWORT, nachname: 'Fuchs' }, 'Füchse');
    admin = (await json(await login(app.baseUrl, email, PASSWORT))).jwt;
    // The same routes as the app under test, listed by a second server on the same runtime.
    const server = await buildServer(app.runtime, ['command-api', 'query-api', 'web']);
    await server.ready();
    routen = routenAus(server.printRoutes({ commonPrefix: false }));
    await server.close();
  }, 60_000);
  afterAll(() => app?.close());

  it('finds the routes it sweeps', () => {
    expect(routen.length).toBeGreaterThan(60);
    expect(routen).toContainEqual(['POST', '/api/auth/login']);
    expect(routen).toContainEqual(['DELETE', '/api/admin/eltern/:id']);
  });

  it('refuses a NUL character or a lone surrogate in any route’s path, query or body with 400 in German, never 500', async () => {
    const abweichend: string[] = [];
    for (const [method, path] of routen) {
      const mitId = path.replace(/:[a-zA-Z]+/g, randomUUID());
      const versuche: { url: string; body?: string; type?: string }[] = [{ url: `${mitId}?${FELDER.map((f) => `${f}=a%00`).join('&')}` }];
      if (path.includes(':')) versuche.push({ url: path.replace(/:[a-zA-Z]+/g, 'x%00') });
      if (method !== 'GET') {
        for (const boese of ['a\u0000', 'a\ud800'])
          versuche.push({ url: mitId, type: 'application/json', body: JSON.stringify(Object.fromEntries(FELDER.map((f) => [f, boese]))) });
        versuche.push({ url: mitId, type: 'application/x-www-form-urlencoded', body: FELDER.map((f) => `${f}=a%00`).join('&') });
      }
      for (const v of versuche) {
        const answer = await roh(method, v.url, { token: admin, body: v.body, type: v.type });
        if (answer.status !== 400 || answer.body?.message !== UNGUELTIGE_ZEICHEN)
          abweichend.push(`${method} ${v.url.slice(0, 60)} ${v.type ?? ''}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 80)}`);
      }
    }
    expect(abweichend).toEqual([]);
  });

  it('refuses NUL and lone surrogates before sign-in too: the login form answers 400, not 500', async () => {
    for (const body of [
      { type: 'application/x-www-form-urlencoded', body: 'email=a%00%40example.org&kennwort=x' },
      { type: 'application/json', body: '{"email":"a@example.org","kennwort":"\\ud800"}' },
    ])
      expect(await roh('POST', '/api/auth/login', body)).toEqual({ status: 400, body: { message: UNGUELTIGE_ZEICHEN } });
  });

  it('answers bodies of the wrong shape and repeated query parameters on every route in German, never with 500', async () => {
    const abweichend: string[] = [];
    const pruefe = (was: string, answer: ApiAnswer) => {
      const text = meldung(answer);
      const deutsch = answer.status < 400 || (typeof text === 'string' && DEUTSCH.test(text) && !ENGLISCH.test(text));
      if (answer.status === 500 || !deutsch) abweichend.push(`${was}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 100)}`);
    };
    for (const [method, path] of routen) {
      const url = path.replace(/:[a-zA-Z]+/g, randomUUID());
      pruefe(`${method} ${path} ?a=1&a=2`, await roh(method, `${url}?${FELDER.map((f) => `${f}=1&${f}=2`).join('&')}`, { token: admin }));
      if (method === 'GET') continue;
      const formen = [
        '[1]',
        '"text"',
        '42',
        'null',
        'true',
        ...[[], {}, 7, ['x']].map((w) => JSON.stringify(Object.fromEntries(FELDER.map((f) => [f, w])))),
      ];
      for (const body of formen)
        pruefe(`${method} ${path} ${body.slice(0, 20)}`, await roh(method, url, { token: admin, type: 'application/json', body }));
    }
    expect(abweichend).toEqual([]);
  });

  it('names the field of a body or query of the wrong shape in German', async () => {
    expect(await call(admin, 'POST', '/api/admin/gruppen', [1])).toEqual({
      status: 400,
      body: { message: 'Die gesendeten Daten haben nicht die erwartete Form.' },
    });
    expect(await call(admin, 'PUT', `/api/admin/eltern/${randomUUID()}/role`, { roles: 'ROLE_ADMIN' })).toEqual({
      status: 400,
      body: { message: 'Das Feld „roles“ hat nicht die erwartete Form.' },
    });
    expect(await roh('POST', '/api/auth/login', { type: 'application/json', body: '[1]' })).toEqual({
      status: 400,
      body: { message: FELDER_FEHLEN },
    });
    expect(await get(admin, '/api/audit/events?stream=eltern-&stream=gruppe-')).toEqual({
      status: 400,
      body: { message: 'Das Feld „stream“ hat nicht die erwartete Form.' },
    });
    expect(await get(admin, `/api/audit/events?gruppe=${'g'.repeat(201)}`)).toEqual({ status: 400, body: { message: FILTER_ZU_LANG } });
    expect(await call(admin, 'DELETE', '/api/admin/holiday-type?holidayType=Sommerferien&holidayType=Herbstferien&year=2027')).toEqual({
      status: 400,
      body: { message: 'Bitte Ferienart und Jahr angeben.' },
    });
  });

  it('refuses a megabyte family name, child name, e-mail or group name with 400 and stores nothing', async () => {
    const familienVorher = (await get(admin, '/api/admin/eltern')).body;
    const gruppenVorher = (await get(admin, '/api/admin/gruppen')).body;
    const neu = (felder: Record<string, string>) =>
      call(admin, 'POST', '/api/admin/eltern', {
        nachname: 'Dachs',
        email: `dachs-${randomUUID().slice(0, 6)}@example.org`,
        gruppe: 'Füchse',
        ...felder,
      });

    expect(await neu({ nachname: 'N'.repeat(1_000_000) })).toEqual({ status: 400, body: { message: NACHNAME_ZU_LANG } });
    expect(await neu({ nachname: 'N'.repeat(MAX_NACHNAME + 1) })).toEqual({ status: 400, body: { message: NACHNAME_ZU_LANG } });
    expect(await neu({ nameKind: 'K'.repeat(500 * 1024) })).toEqual({ status: 400, body: { message: NAME_KIND_ZU_LANG } });
    expect(await neu({ email: `${'e'.repeat(500 * 1024)}@example.org` })).toEqual({ status: 400, body: { message: EMAIL_ZU_LANG } });
    expect(await call(admin, 'POST', '/api/admin/gruppen', { gruppenName: 'G'.repeat(500 * 1024) })).toEqual({
      status: 400,
      body: { message: GRUPPENNAME_ZU_LANG },
    });
    expect(await call(admin, 'POST', '/api/admin/gruppen', { gruppenName: '🦊'.repeat(MAX_GRUPPENNAME + 1) })).toEqual({
      status: 400,
      body: { message: GRUPPENNAME_ZU_LANG },
    });
    expect(await call(admin, 'POST', '/api/admin/mitteilungen', { text: 'M'.repeat(900_000) })).toEqual({
      status: 400,
      body: { message: TEXT_ZU_LANG },
    });
    expect(await call(admin, 'PUT', `/api/admin/eltern/${randomUUID()}/reset-password`, { newPassword: 'p'.repeat(1025) })).toEqual({
      status: 400,
      body: { message: PASSWORT_ZU_LANG },
    });
    expect((await get(admin, '/api/admin/eltern')).body).toEqual(familienVorher);
    expect((await get(admin, '/api/admin/gruppen')).body).toEqual(gruppenVorher);

    // At the limit, counted as a user counts characters (an emoji is one), names are accepted.
    expect(await call(admin, 'POST', '/api/admin/gruppen', { gruppenName: '🦊'.repeat(MAX_GRUPPENNAME) })).toMatchObject({ status: 201 });
    expect(await neu({ nachname: 'N'.repeat(MAX_NACHNAME) })).toMatchObject({ status: 201, body: { nachname: 'N'.repeat(MAX_NACHNAME) } });
  });

  it('answers a too large body, an unsupported format and a wrong method in German', async () => {
    const gross = await call(admin, 'POST', '/api/admin/mitteilungen', { text: 'M'.repeat(1_100_000) });
    expect(gross).toEqual({ status: 413, body: { message: 'Die gesendeten Daten sind zu groß.' } });
    expect(await roh('POST', '/api/admin/mitteilungen', { token: admin, type: 'application/xml', body: '<text/>' })).toEqual({
      status: 415,
      body: { message: 'Dieses Datenformat wird nicht unterstützt.' },
    });
    expect(await roh('PATCH', '/api/admin/mitteilungen', { token: admin })).toEqual({
      status: 404,
      body: { message: 'Die angeforderte Adresse gibt es nicht.' },
    });
  });

  it('answers an address that is not valid percent-encoding or too long in German', async () => {
    expect(await roh('DELETE', '/api/admin/eltern/%FF', { token: admin })).toEqual({
      status: 400,
      body: { message: 'Die Adresse enthält ungültige Zeichen.' },
    });
    expect(await roh('GET', `/api/gruppen/${'a'.repeat(200)}`, { token: admin })).toEqual({
      status: 414,
      body: { message: 'Die Adresse ist zu lang.' },
    });
    expect(await roh('GET', `/api/audit/events?stream=${'s'.repeat(20_000)}`, { token: admin })).toEqual({
      status: 431,
      body: { message: 'Die Adresse oder die Kopfzeilen der Anfrage sind zu lang.' },
    });
  });

  describe('the import upload', () => {
    const form = (teile: [name: string, inhalt: string | Blob, dateiname?: string][]) => {
      const f = new FormData();
      for (const [name, inhalt, dateiname] of teile) {
        if (dateiname) f.append(name, inhalt, dateiname);
        else f.append(name, inhalt);
      }
      return f;
    };
    const csv = (text: string | Uint8Array) => new Blob([text], { type: 'text/csv' });

    beforeAll(async () => {
      expect((await call(admin, 'POST', '/api/admin/confirm-holidays')).status).toBe(200);
    });

    it('refuses a file over 2 MB with 413 in German', async () => {
      const answer = await call(
        admin,
        'POST',
        '/api/admin/import-eltern',
        form([
          ['deadline', '2027-01-31'],
          ['csvFile', csv(new Uint8Array(2 * 1024 * 1024 + 1).fill(65)), 'eltern.csv'],
        ]),
      );
      expect(answer).toEqual({ status: 413, body: { message: 'Die Datei ist zu groß: höchstens 2 MB sind erlaubt.' } });
    });

    it('refuses two files, too many fields, a cut-off form and a file name with a NUL character in German', async () => {
      const zwei = form([
        ['csvFile', csv('a'), 'a.csv'],
        ['csvFile', csv('b'), 'b.csv'],
      ]);
      expect(await call(admin, 'POST', '/api/admin/import-eltern', zwei)).toEqual({
        status: 413,
        body: { message: 'Bitte senden Sie nur eine Datei.' },
      });
      const viele = form(Array.from({ length: 8 }, (_, i) => [`feld${i}`, 'x'] as [string, string]));
      expect(await call(admin, 'POST', '/api/admin/import-eltern', viele)).toEqual({
        status: 413,
        body: { message: 'Das Formular enthält zu viele Felder.' },
      });
      const multipart = 'multipart/form-data; boundary=grenze';
      const kopf = 'Nachname Kind;Vorname Kind;Gruppe;Brief-E-Mail\r\nDachs;Mia;Füchse;dachs@example.org\r\n';
      const abgeschnitten = `--grenze\r\nContent-Disposition: form-data; name="csvFile"; filename="eltern.csv"\r\nContent-Type: text/csv\r\n\r\n${kopf}`;
      expect(await roh('POST', '/api/admin/import-eltern', { token: admin, type: multipart, body: abgeschnitten })).toEqual({
        status: 400,
        body: { message: 'Die Datei ist nicht vollständig angekommen. Bitte wählen Sie sie erneut aus.' },
      });
      expect(await roh('POST', '/api/admin/import-eltern', { token: admin, type: 'multipart/form-data', body: 'ohne Grenze' })).toEqual({
        status: 400,
        body: { message: 'Die Datei ist nicht vollständig angekommen. Bitte wählen Sie sie erneut aus.' },
      });
      const nulImNamen =
        '--grenze\r\nContent-Disposition: form-data; name="deadline"\r\n\r\n2027-01-31\r\n' +
        `--grenze\r\nContent-Disposition: form-data; name="csvFile"; filename="eltern\u0000.csv"\r\nContent-Type: text/csv\r\n\r\n${kopf}--grenze--\r\n`;
      expect(await roh('POST', '/api/admin/import-eltern', { token: admin, type: multipart, body: nulImNamen })).toEqual({
        status: 400,
        body: { message: UNGUELTIGE_ZEICHEN },
      });
    });
  });
});
