import { DomainError } from '@waldkita/domain/shared/decider';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TokenService } from '../auth/tokens.js';
import { WrongExpectedRevisionError } from '../event-store/event-store.js';
import { authenticate, requireRole } from './auth.js';
import { registerErrorHandling, VERALTET } from './errors.js';
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
    app.post('/domain/:kind', async (request) => {
      throw new DomainError((request.params as { kind: DomainError['kind'] }).kind, 'Abgelehnt.');
    });
    app.post('/stale', async () => {
      throw new WrongExpectedRevisionError('dienstplan-1', 3, 4);
    });
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
});
