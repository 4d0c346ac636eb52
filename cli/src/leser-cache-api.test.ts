import { randomUUID } from 'node:crypto';
import { speicherePasswort } from '@waldkita/command-api/eltern/zugaenge';
import { elternDecider, elternStream } from '@waldkita/domain/eltern/eltern';
import { hashPassword } from '@waldkita/platform/auth/passwords';
import { handleCommand } from '@waldkita/platform/command-handler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, json, login, startTestApp, type TestApp } from './testing/test-app.js';

const SITZUNG_BEENDET = { message: 'Ihr Passwort wurde geändert. Bitte melden Sie sich erneut an.' };
const NICHT_ANGEMELDET = { message: 'Bitte melden Sie sich an.' };
const KEINE_BERECHTIGUNG = { message: 'Sie haben keine Berechtigung für diese Aktion.' };

describe('the caller check answers from memory, and still ends and changes sessions at once (real app)', () => {
  let app: TestApp;
  const api = apiClient(() => app.baseUrl);
  let admin: string;

  beforeAll(async () => {
    app = await startTestApp();
    admin = (await app.angemeldeteFamilie('Leitung', 'admin-passwort', api.remember, undefined, ['ROLE_ELTERN', 'ROLE_ADMIN'])).token;
  }, 60_000);
  afterAll(() => app?.close());

  const anmelden = async (email: string, kennwort: string) => {
    const response = await login(app.baseUrl, email, kennwort);
    expect(response.status).toBe(200);
    return (await json(response)).jwt as string;
  };
  /** A read as another browser makes it: bearer token only, no X-Min-Position. */
  const lesen = async (token: string, path = '/api/auth/current-user') => {
    const response = await fetch(`${app.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: response.status, body: await json(response) };
  };
  const aendern = (token: string, oldPassword: string, newPassword: string) =>
    fetch(`${app.baseUrl}/api/auth/change-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${token}` },
      body: new URLSearchParams({ oldPassword, newPassword }).toString(),
    });

  /**
   * How many caller checks `f` sent to Postgres: the app's pool is wrapped for the time, and every
   * query joining `credentials` is counted (no read but the caller check does).
   */
  const aufruferAbfragen = async <T>(f: () => Promise<T>) => {
    const pool = app.runtime.pool as unknown as { query: (...args: unknown[]) => unknown };
    const original = pool.query;
    let abfragen = 0;
    pool.query = function (this: unknown, ...args: unknown[]) {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
      if (text?.includes('JOIN credentials')) abfragen++;
      return original.apply(this, args);
    };
    try {
      const ergebnis = await f();
      return { ergebnis, abfragen };
    } finally {
      delete (pool as { query?: unknown }).query;
    }
  };

  /** A new password written as another process writes it: hash and event in one transaction, no in-process notice. */
  const passwortAnderswo = async (elternId: string, hash: string) => {
    const now = new Date();
    await handleCommand(
      app.runtime.store,
      elternStream(elternId),
      elternDecider,
      { type: 'SetzePasswort', data: { elternId, grund: 'aenderung' } },
      { actorId: elternId, now },
      { side: { claim: (db) => speicherePasswort(db, elternId, hash, now) } },
    );
  };

  it('asks Postgres nothing for a second read of an unchanged caller, and asks again once the read models moved', async () => {
    const { token } = await app.angemeldeteFamilie('Igel', 'igel-passwort', api.remember, 'Füchse');
    const erste = await api.get(token, '/api/auth/current-user');
    expect(erste.status).toBe(200);
    // A notice of the projector may still follow the position the read waited for; then the caller is read once more.
    await expect.poll(async () => (await aufruferAbfragen(() => lesen(token))).abfragen, { timeout: 5000 }).toBe(0);
    for (let i = 0; i < 10; i++) {
      const { ergebnis, abfragen } = await aufruferAbfragen(() => lesen(token));
      expect(ergebnis).toEqual({ status: 200, body: erste.body });
      expect(abfragen).toBe(0);
    }
    // Another family's registration moves the read models on: the caller is read again, once.
    api.remember((await app.familie({ email: `dachs-${randomUUID().slice(0, 6)}@example.org`, passwort: 'dachs-passwort' })).position);
    const nachher = await aufruferAbfragen(() => api.get(token, '/api/auth/current-user'));
    expect(nachher.ergebnis).toMatchObject({ status: 200, body: erste.body });
    expect(nachher.abfragen).toBeGreaterThanOrEqual(1);
    await expect.poll(async () => (await aufruferAbfragen(() => lesen(token))).abfragen, { timeout: 5000 }).toBe(0);
  });

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

  it('ends a session on the next reads when another process changes the password, with the projector stopped', async () => {
    const { elternId, email, token } = await app.angemeldeteFamilie('Otter', 'otter-passwort', api.remember, 'Füchse');
    const hash = await hashPassword('anderswo-gesetzt');
    expect((await api.get(token, '/api/auth/current-user')).status).toBe(200);
    expect((await lesen(token)).status).toBe(200);

    await app.stopProjector();
    try {
      await passwortAnderswo(elternId, hash);
      // Only the notice of the credentials row can tell the query side: the read models stand still.
      await expect.poll(async () => (await lesen(token)).status, { timeout: 2000, interval: 20 }).toBe(401);
      expect(await lesen(token)).toEqual({ status: 401, body: SITZUNG_BEENDET });
      expect((await lesen(await anmelden(email, 'anderswo-gesetzt'))).status).toBe(200);
    } finally {
      app.startProjector();
    }
  });

  it('keeps no caller across a lost LISTEN connection, and answers from memory again once it is back', async () => {
    const { elternId, email, token } = await app.angemeldeteFamilie('Marder', 'marder-passwort', api.remember, 'Füchse');
    const [erster, zweiter] = [await hashPassword('marder-neu-1'), await hashPassword('marder-neu-2')];
    expect((await api.get(token, '/api/auth/current-user')).status).toBe(200);
    const hoerer = async () =>
      (
        await app.db.pool.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN waldkita_credentials%'`,
        )
      ).rows.map((r) => r.pid);
    const vorher = await hoerer();
    expect(vorher).toHaveLength(1);

    await app.stopProjector();
    try {
      await app.db.pool.query('SELECT pg_terminate_backend($1)', [vorher[0]]);
      await passwortAnderswo(elternId, erster);
      await expect.poll(async () => (await lesen(token)).status, { timeout: 2000, interval: 20 }).toBe(401);

      // The watermark listens again within about a second; then a caller is kept again …
      await expect.poll(async () => (await hoerer()).filter((pid) => pid !== vorher[0]).length, { timeout: 5000 }).toBe(1);
      const neu = await anmelden(email, 'marder-neu-1');
      expect((await lesen(neu)).status).toBe(200);
      await expect.poll(async () => (await aufruferAbfragen(() => lesen(neu))).abfragen, { timeout: 5000 }).toBe(0);
      // … and a change made elsewhere reaches it through the new connection.
      await passwortAnderswo(elternId, zweiter);
      await expect.poll(async () => (await lesen(neu)).status, { timeout: 2000, interval: 20 }).toBe(401);
    } finally {
      app.startProjector();
    }
  }, 30_000);

  it('shows a role change, a move to another group and a removal on the next read', async () => {
    const { elternId, token } = await app.angemeldeteFamilie('Dachs', 'dachs-passwort', api.remember, 'Füchse');
    const eulen = await app.familie({ email: `eule-${randomUUID().slice(0, 6)}@example.org`, passwort: 'eule-passwort' }, 'Eulen');
    api.remember(eulen.position);
    const ich = await api.get(token, '/api/auth/current-user');
    expect(ich.body.eltern.gruppe.gruppenName).toBe('Füchse');
    const eulenDienste = `/api/wasserdienst/events?gruppe=${eulen.gruppeId}`;
    expect(await api.get(token, eulenDienste)).toEqual({ status: 403, body: KEINE_BERECHTIGUNG });
    expect(await api.get(token, '/api/admin/eltern')).toEqual({ status: 403, body: KEINE_BERECHTIGUNG });
    expect(await api.get(token, '/api/admin/eltern')).toEqual({ status: 403, body: KEINE_BERECHTIGUNG });

    expect((await api.call(admin, 'PUT', `/api/admin/eltern/${elternId}/role`, { roles: ['ROLE_ELTERN', 'ROLE_ADMIN'] })).status).toBe(200);
    expect((await api.get(token, '/api/admin/eltern')).status).toBe(200);
    expect((await api.call(admin, 'PUT', `/api/admin/eltern/${elternId}/role`, { roles: ['ROLE_ELTERN'] })).status).toBe(200);
    expect(await api.get(token, '/api/admin/eltern')).toEqual({ status: 403, body: KEINE_BERECHTIGUNG });

    const umzug = await handleCommand(
      app.runtime.store,
      elternStream(elternId),
      elternDecider,
      { type: 'AktualisiereEltern', data: { elternId, nachname: 'Dachs', nameKind: null, gruppeId: eulen.gruppeId } },
      { actorId: null },
    );
    api.remember(umzug.position);
    expect((await api.get(token, '/api/auth/current-user')).body.eltern.gruppe.gruppenName).toBe('Eulen');
    expect(await api.get(token, eulenDienste)).toEqual({ status: 200, body: [] });

    expect((await api.call(admin, 'DELETE', `/api/admin/eltern/${elternId}`)).status).toBe(200);
    expect(await api.get(token, '/api/auth/current-user')).toEqual({ status: 401, body: NICHT_ANGEMELDET });
  });
});
