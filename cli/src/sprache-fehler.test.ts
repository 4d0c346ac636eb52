// Whole app: the 404 of an unknown address is the server's own answer (cli/src/server.ts), in the language the request asks for.
// Refusals and messages of routes in other languages: beside the routes (e.g. command-api/src/tausch/tausch-routes.test.ts, query-api/src/auth/current-user-routes.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/test-app.js';

/**
 * The server's own texts in the caller's language (docs/i18n.md, 'The server's language'):
 * without `Accept-Language` the answers are German, word for word as before.
 */
describe('the unknown address in the language the request asks for, on the real app', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  const frage = async (pfad: string, sprache?: string) => {
    const antwort = await fetch(`${app.baseUrl}${pfad}`, { headers: sprache ? { 'accept-language': sprache } : {} });
    return [antwort.status, await antwort.json()];
  };

  it('answers an unknown address in Arabic, Turkish and, without the header, German', async () => {
    expect(await frage('/api/gibt-es-nicht', 'ar')).toEqual([404, { message: 'العنوان المطلوب غير موجود.' }]);
    expect(await frage('/api/gibt-es-nicht', 'tr')).toEqual([404, { message: 'İstenen adres mevcut değil.' }]);
    expect(await frage('/api/gibt-es-nicht')).toEqual([404, { message: 'Die angeforderte Adresse gibt es nicht.' }]);
  });
});
