import { DomainError } from '@waldkita/domain/shared/decider';
import { UNGUELTIGE_ZEICHEN } from '@waldkita/domain/shared/eingabe';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TokenService } from '../auth/tokens.js';
import { WrongExpectedRevisionError } from '../event-store/event-store.js';
import { authenticate, requireRole } from './auth.js';
import { FEHLER_VOR_DEM_ROUTING, registerErrorHandling, VERALTET } from './errors.js';
import { parseOr400 } from './validation.js';

// The shared HTTP layer every route of command-api and query-api uses: error format, status codes, roles.
describe('HTTP errors and roles', () => {
  const tokens = new TokenService('a-secret-for-the-http-layer-tests-0123456789', 3600);
  const app = Fastify();
  beforeAll(async () => {
    registerErrorHandling(app);
    app.get('/admin-only', { preHandler: [authenticate(tokens), requireRole('ROLE_ADMIN')] }, async () => ({ ok: true }));
    app.post('/validate', async (request) =>
      parseOr400(z.object({ name: z.string().min(1, 'Bitte geben Sie einen Namen an.') }), request.body),
    );
    app.post('/shape', async (request) => parseOr400(z.object({ tags: z.array(z.string()).max(2), name: z.string() }), request.body));
    app.post('/echo/:id', async (request) => ({ id: (request.params as { id: string }).id }));
    app.post('/domain/:kind', async (request) => {
      throw new DomainError((request.params as { kind: DomainError['kind'] }).kind, 'Abgelehnt.');
    });
    app.post('/stale', async () => {
      throw new WrongExpectedRevisionError('dienstplan-1', 3, 4);
    });
    app.get('/import', async (_request, reply) =>
      reply.status(400).send({
        message: 'Die Datei enthält Fehler. Es wurde nichts geändert.',
        errors: ['Zeile 3: "x@" ist keine gültige E-Mail-Adresse.', 'Zeile 4: Vorname Kind fehlt.'],
        errorCount: 2,
      }),
    );
    app.get('/boom', async () => {
      throw new Error('geheime Details');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const bearer = async (roles: string[]) => ({
    authorization: `Bearer ${await tokens.sign({ sub: 'e1', email: 'a@b.de', gruppeId: null, roles })}`,
  });

  it('lets an admin through and refuses a parent with 403 and a German message', async () => {
    expect((await app.inject({ url: '/admin-only', headers: await bearer(['ROLE_ADMIN']) })).statusCode).toBe(200);
    const parent = await app.inject({ url: '/admin-only', headers: await bearer(['ROLE_ELTERN']) });
    expect(parent.statusCode).toBe(403);
    expect(parent.json()).toEqual({ message: 'Sie haben keine Berechtigung für diese Aktion.' });
    expect((await app.inject({ url: '/admin-only' })).statusCode).toBe(401);
  });

  it('answers invalid input with 400 and the first German message', async () => {
    const response = await app.inject({ method: 'POST', url: '/validate', payload: { name: '' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Bitte geben Sie einen Namen an.' });
  });

  it('maps refused commands to 400/403/404/409 and a stale expected revision to 409', async () => {
    const statuses = await Promise.all(
      (['ungueltig', 'verboten', 'nicht_gefunden', 'konflikt'] as const).map(async (kind) => {
        const response = await app.inject({ method: 'POST', url: `/domain/${kind}` });
        expect(response.json()).toEqual({ message: 'Abgelehnt.' });
        return response.statusCode;
      }),
    );
    expect(statuses).toEqual([400, 403, 404, 409]);
    const stale = await app.inject({ method: 'POST', url: '/stale' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: VERALTET });
  });

  it('hides internal errors behind a German 500', async () => {
    const response = await app.inject({ url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Interner Fehler. Bitte versuchen Sie es später erneut.' });
  });

  it('refuses a NUL character or a lone surrogate in path, query, body or a key, at any depth, with 400', async () => {
    const refused = [
      { url: '/echo/a%00b' },
      { url: '/echo/1?q=%00' },
      { url: '/echo/1', payload: { name: 'a\u0000' } },
      { url: '/echo/1', payload: { 'a\ud800': 'x' } },
      { url: '/echo/1', payload: { tags: [{ deep: ['\udc00 alone'] }] } },
      // Half a megabyte of nesting: checked without recursion, so the stack never overflows.
      { url: '/echo/1', payload: `${'['.repeat(250_000)}"\\u0000"${']'.repeat(250_000)}`, headers: { 'content-type': 'application/json' } },
    ];
    for (const request of refused) {
      const response = await app.inject({ method: 'POST', ...request });
      expect(response.statusCode, request.url).toBe(400);
      expect(response.json()).toEqual({ message: UNGUELTIGE_ZEICHEN });
    }
    const pair = await app.inject({ method: 'POST', url: '/echo/%F0%9F%A6%8A', payload: { name: 'Fuchs 🦊 ä' } });
    expect(pair.json()).toEqual({ id: '🦊' });
  });

  it('answers problems a schema has no message for in German, naming the field', async () => {
    const answer = async (payload: unknown) => (await app.inject({ method: 'POST', url: '/shape', payload: payload as object })).json();
    expect(await answer([1])).toEqual({ message: 'Die gesendeten Daten haben nicht die erwartete Form.' });
    expect(await answer({ tags: 'a', name: 'x' })).toEqual({ message: 'Das Feld „tags“ hat nicht die erwartete Form.' });
    expect(await answer({ tags: ['a', 'b', 'c'], name: 'x' })).toEqual({ message: 'Das Feld „tags“ darf höchstens 2 Einträge haben.' });
    expect(await answer({ tags: [] })).toEqual({ message: 'Das Feld „name“ fehlt.' });
    expect(await answer({ tags: [1], name: 'x' })).toEqual({ message: 'Das Feld „tags.0“ hat nicht die erwartete Form.' });
  });

  it('answers a path that is not valid percent-encoding, a too long parameter and too long headers in German', async () => {
    const server = Fastify({ ...FEHLER_VOR_DEM_ROUTING });
    registerErrorHandling(server);
    server.get('/gruppen/:id', async () => ({ ok: true }));
    const url = await server.listen({ port: 0, host: '127.0.0.1' });
    try {
      const call = async (path: string) => {
        const response = await fetch(`${url}${path}`);
        return { status: response.status, body: await response.json() };
      };
      expect(await call('/gruppen/%FF')).toEqual({ status: 400, body: { message: 'Die Adresse enthält ungültige Zeichen.' } });
      expect(await call(`/gruppen/${'a'.repeat(101)}`)).toEqual({ status: 414, body: { message: 'Die Adresse ist zu lang.' } });
      expect(await call(`/gruppen/1?q=${'q'.repeat(20_000)}`)).toEqual({
        status: 431,
        body: { message: 'Die Adresse oder die Kopfzeilen der Anfrage sind zu lang.' },
      });
    } finally {
      await server.close();
    }
  });

  it('answers in the language Accept-Language asks for, German without it, and varies by it', async () => {
    const englisch = await app.inject({
      method: 'POST',
      url: '/validate',
      payload: { name: '' },
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(englisch.statusCode).toBe(400);
    expect(englisch.headers.vary).toMatch(/Accept-Language/);
    // A schema's own German text without a server. key (here a test's) stays as it is.
    expect(englisch.json()).toEqual({ message: 'Bitte geben Sie einen Namen an.' });
    const tuerkisch = await app.inject({ url: '/admin-only', headers: { ...(await bearer(['ROLE_ELTERN'])), 'accept-language': 'tr' } });
    expect([tuerkisch.statusCode, tuerkisch.json()]).toEqual([403, { message: 'Bu işlem için yetkiniz yok.' }]);
    expect(tuerkisch.headers['x-meldung']).toBe('server.auth.keine-berechtigung');
    const ohne = await app.inject({ url: '/admin-only', headers: await bearer(['ROLE_ELTERN']) });
    expect(ohne.json()).toEqual({ message: 'Sie haben keine Berechtigung für diese Aktion.' });
    const veraltet = await app.inject({ method: 'POST', url: '/stale', headers: { 'accept-language': 'pl' } });
    expect([veraltet.statusCode, veraltet.json()]).toEqual([
      409,
      { message: 'Dane zostały w międzyczasie zmienione. Odśwież stronę i spróbuj ponownie.' },
    ]);
    const kaputt = await app.inject({ url: '/boom', headers: { 'accept-language': 'uk' } });
    expect([kaputt.statusCode, kaputt.json()]).toEqual([500, { message: 'Внутрішня помилка. Будь ласка, спробуйте ще раз пізніше.' }]);
  });

  it('translates the lines of a refused file with their values', async () => {
    const arabisch = await app.inject({ url: '/import', headers: { 'accept-language': 'ar' } });
    expect(arabisch.json()).toEqual({
      message: 'يحتوي الملف على أخطاء. لم يتم تغيير أي شيء.',
      errors: ['السطر 3: “x@” ليس عنوان بريد إلكتروني صالحًا.', 'السطر 4: Vorname Kind مفقود.'],
      errorCount: 2,
    });
    expect((await app.inject({ url: '/import' })).json().errors[1]).toBe('Zeile 4: Vorname Kind fehlt.');
  });
});
