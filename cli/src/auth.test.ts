// Whole app: a sign-in's token read before the projector has seen the family, reads waiting for the projector (X-Min-Position),
// and the server's split of unknown paths into the API's 404 and the web app. The routes alone: command-api/src/auth/login-routes.test.ts, query-api/src/auth/current-user-routes.test.ts.
import { randomUUID } from 'node:crypto';
import { formatPosition } from '@waldkita/platform/event-store/event-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, login, startTestApp, type TestApp } from './testing/test-app.js';

const uniqueEmail = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.org`;

describe('sign-in API on the real app', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('lets the token work the moment sign-in answers, also while the projector has not yet seen the new family', async () => {
    await app.stopProjector();
    const neu = uniqueEmail('dachs');
    try {
      await app.familie({ email: neu, passwort: 'geheim123', nachname: 'Dachs' }, 'Füchse');
      const anmeldung = await login(app.baseUrl, neu, 'geheim123');
      expect(anmeldung.status).toBe(200);
      const { jwt } = await json(anmeldung);
      // The projector comes back 300 ms later; the read without X-Min-Position waits for it.
      setTimeout(() => app.startProjector(), 300);
      const me = await fetch(`${app.baseUrl}/api/auth/current-user`, { headers: { authorization: `Bearer ${jwt}` } });
      expect(me.status).toBe(200);
      expect((await json(me)).eltern).toMatchObject({ nachname: 'Dachs', email: neu });
    } finally {
      app.startProjector();
    }
  });

  it('answers unknown /api paths with a JSON 404 and every other path with the web app', async () => {
    const api = await fetch(`${app.baseUrl}/api/gibt-es-nicht`);
    expect(api.status).toBe(404);
    expect(await json(api)).toEqual({ message: 'Die angeforderte Adresse gibt es nicht.' });
    const page = await fetch(`${app.baseUrl}/irgendwo/tief`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain('<div id="root">');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('lets a read wait for the projector to pass the caller’s own write (X-Min-Position), bounded at about 2 s', async () => {
    await app.stopProjector();
    const neu = uniqueEmail('specht');
    const created = await app.familie({ email: neu, passwort: 'specht123', nachname: 'Specht' });
    const token = (await json(await login(app.baseUrl, neu, 'specht123'))).jwt as string;
    const headers = { authorization: `Bearer ${token}`, 'x-min-position': formatPosition(created.position!) };

    // Projector stopped: the read gives up after about 2 s and says the read model is behind.
    const started = performance.now();
    const stale = await fetch(`${app.baseUrl}/api/auth/current-user`, { headers });
    expect(performance.now() - started).toBeGreaterThan(1800);
    expect(stale.headers.get('x-read-model-stale')).toBe('true');
    expect(stale.status).toBe(401);

    // The read is in flight while the projector comes back: it answers with the new family.
    const pending = fetch(`${app.baseUrl}/api/auth/current-user`, { headers });
    await new Promise((resolve) => setTimeout(resolve, 300));
    app.startProjector();
    const fresh = await pending;
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('x-read-model-stale')).toBeNull();
    expect((await json(fresh)).eltern.nachname).toBe('Specht');
  });
});
