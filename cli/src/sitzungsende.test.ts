// Whole app: a password change on the command side ends the other sessions on the query side's very next read, in one process and with the projector stopped.
// The caller check alone, given the projected or notified change: query-api/src/auth/leser-routes.test.ts; the change itself: command-api/src/auth/passwort-routes.test.ts.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITZUNG_BEENDET, sitzungen } from './testing/sitzung.js';
import { startTestApp, type TestApp } from './testing/test-app.js';

const uniqueEmail = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.org`;

describe('a new password ends the other sessions on reads at once (real app)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  const { anmelden, lesen, aendern } = sitzungen(() => app.baseUrl);

  it('refuses another session’s token on the very next read, after each of 20 password changes', async () => {
    const email = uniqueEmail('biber');
    await app.familie({ email, passwort: 'passwort-0' }, 'Füchse');
    let hier = await anmelden(email, 'passwort-0');
    for (let i = 1; i <= 20; i++) {
      const anderswo = await anmelden(email, `passwort-${i - 1}`);
      expect((await lesen(anderswo)).status).toBe(200);

      const geaendert = await aendern(hier, `passwort-${i - 1}`, `passwort-${i}`);
      expect(geaendert.status).toBe(200);
      expect(await lesen(anderswo)).toEqual({ status: 401, body: SITZUNG_BEENDET });
      expect(await lesen(anderswo, '/api/mitteilungen')).toEqual({ status: 401, body: SITZUNG_BEENDET });

      hier = geaendert.headers.get('x-auth-token')!;
      expect((await lesen(hier)).status).toBe(200);
    }
    // 60 scrypt hashes (N = 2^17): seconds on an idle machine, more on a busy one.
  }, 120_000);

  it('does not depend on the projector: with it stopped, the old session is refused and the new one reads', async () => {
    const adminEmail = uniqueEmail('leitung');
    await app.familie({ email: adminEmail, passwort: 'admin-passwort', rollen: ['ROLE_ELTERN', 'ROLE_ADMIN'] });
    const admin = await anmelden(adminEmail, 'admin-passwort');
    const email = uniqueEmail('otter');
    const { elternId } = await app.familie({ email, passwort: 'altes-passwort' }, 'Füchse');
    const alt = await anmelden(email, 'altes-passwort');
    // Both families are in the read model before the projector stops.
    await expect.poll(async () => (await lesen(alt)).status, { timeout: 5000 }).toBe(200);
    await expect.poll(async () => (await lesen(admin)).status, { timeout: 5000 }).toBe(200);

    await app.stopProjector();
    try {
      const geaendert = await aendern(alt, 'altes-passwort', 'neues-passwort');
      expect(geaendert.status).toBe(200);
      const neu = geaendert.headers.get('x-auth-token')!;
      expect(await lesen(alt)).toEqual({ status: 401, body: SITZUNG_BEENDET });
      expect((await lesen(neu)).status).toBe(200);

      // An admin's reset ends every session of the family, the one from the change too.
      const reset = await fetch(`${app.baseUrl}/api/admin/eltern/${elternId}/reset-password`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
        body: JSON.stringify({ newPassword: 'vom-admin-gesetzt' }),
      });
      expect(reset.status).toBe(200);
      expect(await lesen(neu)).toEqual({ status: 401, body: SITZUNG_BEENDET });
      expect((await lesen(await anmelden(email, 'vom-admin-gesetzt'))).status).toBe(200);
      // The admin's own session goes on.
      expect((await lesen(admin)).status).toBe(200);
    } finally {
      app.startProjector();
    }
  });
});
