import { afterAll, beforeAll, describe, it } from 'vitest';
import { expectError, familie, queryApiRouteTest } from '../testing/route-test.js';

/**
 * Addresses Fastify cannot take apart, refused before any route (platform/src/http/errors.ts,
 * FEHLER_VOR_DEM_ROUTING) in German or the language asked for. Headers too long for Node's HTTP
 * parser (431) and the 404 of an unknown address are the real server's: cli/src/eingabe-haertung.test.ts.
 */
describe('addresses refused before any route', () => {
  let t: Awaited<ReturnType<typeof queryApiRouteTest>>;
  const leitung = familie('Leitung', null, ['ROLE_ADMIN']);
  beforeAll(async () => {
    t = await queryApiRouteTest();
    await t.appendEvents(leitung.stream);
  });
  afterAll(() => t?.close());

  it('answers an address that is not valid percent-encoding in the language asked for, German without the header', async () => {
    await t
      .when({ method: 'GET', url: '/api/tausch/%E0%A4%A', headers: { 'accept-language': 'uk' } })
      .then(expectError(400, 'Адреса містить недопустимі символи.'));
    await t.when({ method: 'GET', url: '/api/tausch/%E0%A4%A' }).then(expectError(400, 'Die Adresse enthält ungültige Zeichen.'));
  });

  it('answers a path parameter over 100 characters with 414 in German', async () => {
    await t
      .when({ method: 'GET', url: `/api/gruppen/${'a'.repeat(200)}`, als: leitung })
      .then(expectError(414, 'Die Adresse ist zu lang.'));
  });
});
