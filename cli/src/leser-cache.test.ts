// Whole app: a password change on the command side reaches the query side's caller cache in the same process, before the answer.
// The caller check alone (from memory, sessions ended by a projected or notified change, roles, groups): query-api/src/auth/leser-routes.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITZUNG_BEENDET, sitzungen } from './testing/sitzung.js';
import { apiClient, startTestApp, type TestApp } from './testing/test-app.js';

describe('the caller check answers from memory, and still ends sessions at once (real app)', () => {
  let app: TestApp;
  const api = apiClient(() => app.baseUrl);

  beforeAll(async () => {
    app = await startTestApp();
  }, 60_000);
  afterAll(() => app?.close());

  const { anmelden, lesen, aendern } = sitzungen(() => app.baseUrl);

  it('refuses the old token on every read sent after the password change answered, while other reads keep the caller in memory', async () => {
    const { email } = await app.angemeldeteFamilie('Biber', 'passwort-0', api.remember, 'Füchse');
    let hier = await anmelden(email, 'passwort-0');
    for (let i = 1; i <= 8; i++) {
      const anderswo = await anmelden(email, `passwort-${i - 1}`);
      expect((await lesen(anderswo)).status).toBe(200);
      // Four readers with the other session's token run all along, without X-Min-Position.
      const gelesen: { gesendet: number; status: number; body: unknown }[] = [];
      let weiter = true;
      const leser = Array.from({ length: 4 }, async () => {
        while (weiter) {
          const gesendet = performance.now();
          gelesen.push({ gesendet, ...(await lesen(anderswo)) });
        }
      });
      await new Promise((r) => setTimeout(r, 20));
      const geaendert = await aendern(hier, `passwort-${i - 1}`, `passwort-${i}`);
      const beantwortet = performance.now();
      expect(geaendert.status).toBe(200);
      // Each reader sends a few more reads after the answer.
      const bis = Date.now() + 10_000;
      while (gelesen.filter((g) => g.gesendet > beantwortet).length < 12 && Date.now() < bis) await new Promise((r) => setTimeout(r, 5));
      weiter = false;
      await Promise.all(leser);

      expect(gelesen.some((g) => g.gesendet < beantwortet && g.status === 200)).toBe(true);
      const danach = gelesen.filter((g) => g.gesendet > beantwortet);
      expect(danach.length).toBeGreaterThanOrEqual(12);
      for (const g of danach) expect({ status: g.status, body: g.body }).toEqual({ status: 401, body: SITZUNG_BEENDET });

      hier = geaendert.headers.get('x-auth-token')!;
      expect((await lesen(hier)).status).toBe(200);
    }
  }, 120_000);
});
