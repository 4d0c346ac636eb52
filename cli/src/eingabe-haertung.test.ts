// Whole app: sweeps every route of the composed server (read from its route tree), and what only the real HTTP server answers.
// Single routes' refusals: command-api/src/http/eingabe-routes.test.ts, query-api/src/http/eingabe-routes.test.ts, command-api/src/import/import-upload-routes.test.ts.
import { randomUUID } from 'node:crypto';
import { UNGUELTIGE_ZEICHEN } from '@waldkita/domain/shared/eingabe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from './server.js';
import { type ApiAnswer, json, login, startTestApp, type TestApp } from './testing/test-app.js';

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

  it('answers a wrong method in German (the server’s 404 of an unknown address)', async () => {
    expect(await roh('PATCH', '/api/admin/mitteilungen', { token: admin })).toEqual({
      status: 404,
      body: { message: 'Die angeforderte Adresse gibt es nicht.' },
    });
  });

  it('answers an address too long for the HTTP parser in German (431)', async () => {
    expect(await roh('GET', `/api/audit/events?stream=${'s'.repeat(20_000)}`, { token: admin })).toEqual({
      status: 431,
      body: { message: 'Die Adresse oder die Kopfzeilen der Anfrage sind zu lang.' },
    });
  });
});
