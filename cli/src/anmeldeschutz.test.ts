// Whole app: the client address behind a trusted proxy is the real server's setting (TRUST_PROXY, cli/src/server.ts).
// The limits themselves, per address and account, the device cookie and IPv6 networks: command-api/src/auth/anmeldeschutz-routes.test.ts.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/test-app.js';

const uniqueEmail = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.org`;

describe('sign-in limits behind a trusted proxy (TRUST_PROXY=127.0.0.1)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(() => app.close());

  const anmeldenFuer = (client: string, email: string, kennwort: string) =>
    fetch(`${app.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': client },
      body: new URLSearchParams({ email, kennwort }).toString(),
    });

  it('takes the client address from the proxy: the locked-out client and the family are told apart', async () => {
    const email = uniqueEmail('eule');
    await app.familie({ email, passwort: 'richtig123', nachname: 'Eule' });
    for (let i = 0; i < 10; i++) expect((await anmeldenFuer('198.51.100.7', email, 'falsch')).status).toBe(401);
    expect((await anmeldenFuer('198.51.100.7', email, 'richtig123')).status).toBe(429);
    expect((await anmeldenFuer('198.51.100.8', email, 'richtig123')).status).toBe(200);
  });
});
