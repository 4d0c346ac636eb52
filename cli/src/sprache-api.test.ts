import { elternStream } from '@waldkita/domain/eltern/eltern';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, json, login, startTestApp, type TestApp } from './testing/test-app.js';

const PASSWORT = 'sprache123';

/** PUT /api/eltern/ich/sprache (docs/i18n.md): a family's own language, kept in its stream and answered with sign-in. */
describe('a family chooses its language on the real app', () => {
  let app: TestApp;
  const { call, get, remember } = apiClient(() => app.baseUrl);

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  const waehle = (token: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${app.baseUrl}/api/eltern/ich/sprache`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('is German until the family chooses, then its choice in sign-in and current-user', async () => {
    const yilmaz = await app.angemeldeteFamilie('Yilmaz', PASSWORT, remember, 'Füchse');
    expect((await get(yilmaz.token, '/api/auth/current-user')).body.eltern.sprache).toBe('de');

    const antwort = await call(yilmaz.token, 'PUT', '/api/eltern/ich/sprache', { sprache: 'tr' });
    expect(antwort).toEqual({ status: 200, body: { sprache: 'tr', message: 'Ihre Sprache ist gespeichert.' } });

    expect((await get(yilmaz.token, '/api/auth/current-user')).body.eltern).toMatchObject({ nachname: 'Yilmaz', sprache: 'tr' });
    const neu = await json(await login(app.baseUrl, yilmaz.email, PASSWORT));
    expect(neu.eltern).toMatchObject({ nachname: 'Yilmaz', sprache: 'tr' });

    // Back to German: the default is a choice like any other.
    await call(yilmaz.token, 'PUT', '/api/eltern/ich/sprache', { sprache: 'de' });
    expect((await get(yilmaz.token, '/api/auth/current-user')).body.eltern.sprache).toBe('de');
  });

  it('refuses an unknown language in German and changes nothing', async () => {
    const nowak = await app.angemeldeteFamilie('Nowak', PASSWORT, remember, 'Füchse');
    await call(nowak.token, 'PUT', '/api/eltern/ich/sprache', { sprache: 'pl' });
    for (const body of [{ sprache: 'fr' }, { sprache: 'PL' }, {}, { sprache: 7 }]) {
      expect(await call(nowak.token, 'PUT', '/api/eltern/ich/sprache', body)).toEqual({
        status: 400,
        body: { message: 'Bitte wählen Sie eine dieser Sprachen: de, en, tr, uk, ar, pl.' },
      });
    }
    expect((await get(nowak.token, '/api/auth/current-user')).body.eltern.sprache).toBe('pl');
  });

  it('needs a signed-in family and changes only the caller’s own language', async () => {
    expect((await waehle('kein-token', { sprache: 'en' })).status).toBe(401);
    const a = await app.angemeldeteFamilie('Haddad', PASSWORT, remember, 'Eulen');
    const b = await app.angemeldeteFamilie('Kowalenko', PASSWORT, remember, 'Eulen');
    await call(a.token, 'PUT', '/api/eltern/ich/sprache', { sprache: 'ar' });
    await call(b.token, 'PUT', '/api/eltern/ich/sprache', { sprache: 'uk' });
    expect((await get(a.token, '/api/auth/current-user')).body.eltern.sprache).toBe('ar');
    expect((await get(b.token, '/api/auth/current-user')).body.eltern.sprache).toBe('uk');
  });

  it('lets an auditor choose too, as it touches only the own account', async () => {
    const pruefer = await app.angemeldeteFamilie('Prüfer', PASSWORT, remember, undefined, ['ROLE_AUDITOR']);
    expect((await call(pruefer.token, 'PUT', '/api/eltern/ich/sprache', { sprache: 'en' })).status).toBe(200);
    expect((await get(pruefer.token, '/api/auth/current-user')).body.eltern.sprache).toBe('en');
  });

  it('with an Idempotency-Key, a double submit records one choice', async () => {
    const smith = await app.angemeldeteFamilie('Smith', PASSWORT, remember, 'Eulen');
    const key = 'sprache-doppelt-1';
    const [x, y] = await Promise.all([
      waehle(smith.token, { sprache: 'en' }, { 'idempotency-key': key }),
      waehle(smith.token, { sprache: 'en' }, { 'idempotency-key': key }),
    ]);
    expect([x.status, y.status]).toEqual([200, 200]);
    expect([x.headers.get('idempotent-replayed'), y.headers.get('idempotent-replayed')].filter((h) => h === 'true')).toHaveLength(1);
    // A repeat of the key is the same tap again: it answers as the first time and records nothing new.
    const wieder = await waehle(smith.token, { sprache: 'ar' }, { 'idempotency-key': key });
    expect(wieder.headers.get('idempotent-replayed')).toBe('true');
    expect(await wieder.json()).toMatchObject({ sprache: 'en' });
    const { events } = await app.runtime.store.readStream(elternStream(smith.elternId));
    expect(events.filter((e) => e.type === 'SpracheGewaehlt').map((e) => e.data)).toEqual([{ elternId: smith.elternId, sprache: 'en' }]);
  });

  it('names the choice in the audit trail in German', async () => {
    const admin = await app.angemeldeteFamilie('Vorstand', PASSWORT, remember, undefined, ['ROLE_ELTERN', 'ROLE_ADMIN']);
    const jung = await app.angemeldeteFamilie('Jung', PASSWORT, remember, 'Eulen');
    await call(jung.token, 'PUT', '/api/eltern/ich/sprache', { sprache: 'uk' });
    const verlauf = await get(admin.token, '/api/audit/events');
    expect(JSON.stringify(verlauf.body)).toContain('Familie Jung wählt die Sprache Ukrainisch.');
  });
});
