import { randomUUID } from 'node:crypto';
import { TokenService } from '@waldkita/platform/auth/tokens';
import { formatPosition } from '@waldkita/platform/event-store/event-store';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, login, startTestApp, TEST_JWT_SECRET, type TestApp } from './testing/test-app.js';

const uniqueEmail = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.org`;

describe('sign-in API on the real app', () => {
  let app: TestApp;
  let email: string;
  let elternId: string;
  beforeAll(async () => {
    app = await startTestApp();
    email = uniqueEmail('fuchs');
    const created = await app.familie({ email, passwort: 'geheim123', nachname: 'Fuchs', nameKind: 'Mila' }, 'Füchse');
    elternId = created.elternId;
  });
  afterAll(() => app.close());

  it('signs a family in with form-encoded e-mail and kennwort and answers eltern, jwt and message', async () => {
    const response = await login(app.baseUrl, `  ${email.toUpperCase()} `, 'geheim123');
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(body.eltern).toMatchObject({
      id: elternId,
      nachname: 'Fuchs',
      nameKind: 'Mila',
      email,
      gruppe: { gruppenName: 'Füchse' },
      authorities: [{ authority: 'ROLE_ELTERN' }],
    });
    expect(body.message).toBeTypeOf('string');
    const claims = decodeJwt(body.jwt);
    expect(claims.sub).toBe(elternId);
    expect(claims.exp! - claims.iat!).toBe(8 * 60 * 60);

    const me = await fetch(`${app.baseUrl}/api/auth/current-user`, { headers: { authorization: `Bearer ${body.jwt}` } });
    expect(me.status).toBe(200);
    expect((await json(me)).eltern).toEqual(body.eltern);
  });

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

  it('answers a wrong password and an unknown e-mail alike, with the German text, in about the same time', async () => {
    const timings = { falsch: [] as number[], unbekannt: [] as number[] };
    const bodies = new Set<string>();
    for (let i = 0; i < 4; i++) {
      for (const [kind, mail] of [
        ['falsch', email],
        ['unbekannt', uniqueEmail('niemand')],
      ] as const) {
        const started = performance.now();
        const response = await login(app.baseUrl, mail, `falsch-${i}`);
        timings[kind].push(performance.now() - started);
        expect(response.status).toBe(401);
        bodies.add(await response.text());
      }
    }
    expect([...bodies]).toEqual([JSON.stringify({ message: 'Ungültige E-Mail oder Passwort.' })]);
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const ratio = median(timings.unbekannt) / median(timings.falsch);
    // Without the dummy scrypt an unknown e-mail answers ~100× faster (ratio < 0.05). The bounds
    // leave room for the other test files running on the same two cores at the same time.
    expect(ratio).toBeGreaterThan(0.25);
    expect(ratio).toBeLessThan(4);
    // the wrong passwords above must not lock the account: a correct one still works
    expect((await login(app.baseUrl, email, 'geheim123')).status).toBe(200);
  });

  it('refuses missing fields with 400 and the German message', async () => {
    for (const body of [{ email, kennwort: '' }, { email: '  ', kennwort: 'x' }, {}]) {
      const response = await fetch(`${app.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(body as Record<string, string>).toString(),
      });
      expect(response.status).toBe(400);
      expect(await json(response)).toEqual({ message: 'Bitte füllen Sie alle Felder aus.' });
    }
    const broken = await fetch(`${app.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(broken.status).toBe(400);
    expect((await json(broken)).message).toMatch(/JSON/);
  });

  it('refuses sign-ins to an account from an address after 10 failures there, even the right password, with a German message', async () => {
    const victim = uniqueEmail('amsel');
    await app.familie({ email: victim, passwort: 'richtig123', nachname: 'Amsel' });
    for (let i = 0; i < 10; i++) expect((await login(app.baseUrl, victim, 'falsch')).status).toBe(401);
    const locked = await login(app.baseUrl, victim, 'richtig123');
    expect(locked.status).toBe(429);
    expect((await json(locked)).message).toBe('Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in 15 Minuten erneut.');
    // another family is not affected
    expect((await login(app.baseUrl, email, 'geheim123')).status).toBe(200);
  });

  it('refuses expired, malformed, foreign and unsigned tokens with 401 and a German message', async () => {
    const past = new TokenService(TEST_JWT_SECRET, 60, () => new Date(Date.now() - 2 * 60 * 60 * 1000));
    const expired = await past.sign({ sub: elternId, email, gruppeId: null, roles: ['ROLE_ELTERN'] });
    const foreign = await new TokenService('a-completely-different-secret-of-enough-length', 3600).sign({
      sub: elternId,
      email,
      gruppeId: null,
      roles: ['ROLE_ADMIN'],
    });
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(
      JSON.stringify({ sub: elternId, email, gruppeId: null, roles: ['ROLE_ADMIN'], iat: 1, exp: 9999999999 }),
    ).toString('base64url');
    const unsigned = `${header}.${payload}.`;
    const cases: [string | null, string][] = [
      [expired, 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.'],
      ['kein.gueltiges.token', 'Bitte melden Sie sich an.'],
      [foreign, 'Bitte melden Sie sich an.'],
      [unsigned, 'Bitte melden Sie sich an.'],
      [null, 'Bitte melden Sie sich an.'],
    ];
    for (const [token, message] of cases) {
      const response = await fetch(`${app.baseUrl}/api/auth/current-user`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
      expect(response.status).toBe(401);
      expect(await json(response)).toEqual({ message });
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
