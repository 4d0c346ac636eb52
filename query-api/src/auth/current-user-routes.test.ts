import { elternStream } from '@waldkita/domain/eltern/eltern';
import { TokenService } from '@waldkita/platform/auth/tokens';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existingStream, expectError, expectResponse, familie, gruppe, queryApiRouteTest } from '../testing/route-test.js';

/**
 * GET /api/auth/current-user: the signed-in family as the read models know it, in the shape
 * sign-in answers (command-api/src/auth/login-routes.test.ts). How the caller check behind every
 * read treats sessions, roles and groups: leser-routes.test.ts.
 */
describe('the signed-in family (GET /api/auth/current-user)', () => {
  let t: Awaited<ReturnType<typeof queryApiRouteTest>>;
  const fuechse = gruppe('Füchse');
  const fuchs = familie('Fuchs', fuechse.gruppeId);
  beforeAll(async () => {
    t = await queryApiRouteTest();
    await t.appendEvents(fuechse.stream, fuchs.stream);
  });
  afterAll(() => t?.close());

  const ich = (als: ReturnType<typeof familie>) => ({ method: 'GET' as const, url: '/api/auth/current-user', als });
  const mitToken = (token: string | null, headers: Record<string, string> = {}) => ({
    method: 'GET' as const,
    url: '/api/auth/current-user',
    headers: token ? { ...headers, authorization: `Bearer ${token}` } : headers,
  });

  it('answers the family with its group, roles and language, as sign-in does', async () => {
    await t.when(ich(fuchs)).then(
      expectResponse(200, {
        eltern: {
          id: fuchs.elternId,
          nachname: 'Fuchs',
          nameKind: 'Kind Fuchs',
          email: fuchs.email,
          gruppe: { gruppenID: fuechse.gruppeId, gruppenName: 'Füchse' },
          authorities: [{ authority: 'ROLE_ELTERN' }],
          sprache: 'de',
        },
      }),
    );
  });

  it('is German until the family chooses, then its choice (docs/i18n.md)', async () => {
    const yilmaz = familie('Yilmaz', fuechse.gruppeId);
    const gewaehlt = (sprache: string) =>
      existingStream(elternStream(yilmaz.elternId), [{ type: 'SpracheGewaehlt', data: { elternId: yilmaz.elternId, sprache } }]);
    const sprache = (s: string) => expectResponse(200, { eltern: expect.objectContaining({ nachname: 'Yilmaz', sprache: s }) });
    await t.given(yilmaz.stream).when(ich(yilmaz)).then(sprache('de'));
    await t.given(gewaehlt('tr')).when(ich(yilmaz)).then(sprache('tr'));
    // Back to German: the default is a choice like any other.
    await t.given(gewaehlt('de')).when(ich(yilmaz)).then(sprache('de'));
  });

  it('refuses expired, malformed, foreign and unsigned tokens with 401 and a German message', async () => {
    const past = new TokenService(t.config.JWT_SECRET!, 60, () => new Date(Date.now() - 2 * 60 * 60 * 1000));
    const claims = { sub: fuchs.elternId, email: fuchs.email, gruppeId: null, roles: ['ROLE_ELTERN'] };
    const expired = await past.sign(claims);
    const foreign = await new TokenService('a-completely-different-secret-of-enough-length', 3600).sign({
      ...claims,
      roles: ['ROLE_ADMIN'],
    });
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(
      JSON.stringify({ sub: fuchs.elternId, email: fuchs.email, gruppeId: null, roles: ['ROLE_ADMIN'], iat: 1, exp: 9999999999 }),
    ).toString('base64url');
    const unsigned = `${header}.${payload}.`;
    const cases: [string | null, string][] = [
      [expired, 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.'],
      ['kein.gueltiges.token', 'Bitte melden Sie sich an.'],
      [foreign, 'Bitte melden Sie sich an.'],
      [unsigned, 'Bitte melden Sie sich an.'],
      [null, 'Bitte melden Sie sich an.'],
    ];
    for (const [token, message] of cases) await t.when(mitToken(token)).then(expectError(401, message));
  });

  it('asks for a sign-in in the language the request asks for', async () => {
    await t.when(mitToken(null, { 'accept-language': 'tr' })).then(expectError(401, 'Lütfen giriş yapın.'));
  });
});
