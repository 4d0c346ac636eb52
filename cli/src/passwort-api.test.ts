import { randomUUID } from 'node:crypto';
import { elternStream } from '@waldkita/domain/eltern/eltern';
import { tokenHash } from '@waldkita/platform/auth/tokens';
import { queuePrefix } from '@waldkita/platform/config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, json, login, startTestApp, type TestApp } from './testing/test-app.js';

const uniqueEmail = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.org`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const form = (baseUrl: string, path: string, fields: Record<string, string>, token?: string) =>
  fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });

const answer = async (response: Response) => ({ status: response.status, text: await response.text() });

describe('password flows on the real app: forgot, reset, change (SPEC.md §2, §5, §7, §8)', () => {
  let app: TestApp;
  /** The test's clock: moves forward to let links expire. */
  let now = new Date('2026-11-18T10:00:00Z');
  const api = apiClient(() => app.baseUrl);

  beforeAll(async () => {
    app = await startTestApp({ now: () => now });
  });
  afterAll(() => app.close());

  /** The links issued to a family so far, oldest first, with the token the mail would carry. */
  const links = async (elternId: string) => {
    const { events } = await app.runtime.store.readStream(elternStream(elternId));
    return events
      .filter((e) => e.type === 'PasswortLinkAusgestellt')
      .map((e) => {
        const data = e.data as { linkId: string; zweck: string; gueltigBis: string };
        return { ...data, token: app.runtime.tokens.passwortLinkToken(data.linkId) };
      });
  };
  const waitForLinks = async (elternId: string, count: number) => {
    await expect.poll(async () => (await links(elternId)).length, { timeout: 5000 }).toBe(count);
    return links(elternId);
  };

  it('forgot-password answers every address with the same text, and issues a 30-minute link only for an existing account', async () => {
    const email = uniqueEmail('fuchs');
    const { elternId } = await app.familie({ email, passwort: 'geheim123' }, 'Füchse');
    const fuerBekannt = await answer(await form(app.baseUrl, '/api/auth/forgot-password', { email: ` ${email.toUpperCase()} ` }));
    const fuerUnbekannt = await answer(await form(app.baseUrl, '/api/auth/forgot-password', { email: uniqueEmail('niemand') }));
    expect(fuerBekannt).toEqual({ status: 200, text: 'Falls die E-Mail-Adresse existiert, wurde ein Reset-Link gesendet.' });
    expect(fuerUnbekannt).toEqual(fuerBekannt);

    const [link] = await waitForLinks(elternId, 1);
    expect(link!.zweck).toBe('zuruecksetzen');
    expect(new Date(link!.gueltigBis).getTime() - now.getTime()).toBe(30 * 60 * 1000);
    // Stored hashed: the table holds the SHA-256 of the token, never the token.
    const { rows } = await app.runtime.pool.query('SELECT token_hash FROM passwort_links WHERE eltern_id = $1', [elternId]);
    expect(rows).toEqual([{ token_hash: tokenHash(link!.token) }]);
    expect(JSON.stringify(rows)).not.toContain(link!.token);

    const missing = await answer(await form(app.baseUrl, '/api/auth/forgot-password', { email: '  ' }));
    expect(missing).toEqual({ status: 400, text: 'Bitte geben Sie Ihre E-Mail-Adresse ein.' });
  });

  it('takes about the same time whether or not the account exists (medians over many trials)', async () => {
    // One family per trial, so that every known address would get a link (none is rate-limited).
    const bekannte = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        const email = uniqueEmail(`eule${i}`);
        await app.familie({ email, passwort: '' }, 'Füchse');
        return email;
      }),
    );
    const timings = { bekannt: [] as number[], unbekannt: [] as number[] };
    for (const email of bekannte) {
      for (const [kind, mail] of [
        ['bekannt', email],
        ['unbekannt', uniqueEmail('niemand')],
      ] as const) {
        const started = performance.now();
        const response = await form(app.baseUrl, '/api/auth/forgot-password', { email: mail });
        await response.text();
        timings[kind].push(performance.now() - started);
        expect(response.status).toBe(200);
      }
    }
    const ratio = median(timings.bekannt) / median(timings.unbekannt);
    // Issuing the link in the request (insert, append) makes a known account answer several
    // times slower; done after the answer, both take the same path.
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });

  it('limits reset links per account: further requests get the same answer but no new link', async () => {
    const email = uniqueEmail('dachs');
    const { elternId } = await app.familie({ email, passwort: 'geheim123' }, 'Füchse');
    for (let i = 0; i < 6; i++) {
      const r = await answer(await form(app.baseUrl, '/api/auth/forgot-password', { email }));
      expect(r.status).toBe(200);
    }
    await waitForLinks(elternId, 3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await links(elternId)).toHaveLength(3);
    // The count lives under this installation's prefix: another installation on the same Redis has its own.
    const redis = app.runtime.redis!;
    expect(await redis.get(`${queuePrefix(app.runtime.config)}:reset-links:${elternId}`)).toBe('6');
    expect(await redis.exists(`waldkita:reset-links:${elternId}`)).toBe(0);
  });

  it('resets the password once with a valid link; the link cannot be used again and old sessions end', async () => {
    const email = uniqueEmail('igel');
    const { elternId } = await app.familie({ email, passwort: 'altes-passwort' }, 'Füchse');
    const alteSitzung = (await json(await login(app.baseUrl, email, 'altes-passwort'))).jwt as string;
    await form(app.baseUrl, '/api/auth/forgot-password', { email });
    const [link] = await waitForLinks(elternId, 1);

    expect(await answer(await form(app.baseUrl, '/api/auth/reset-password/check', { token: link!.token }))).toEqual({
      status: 200,
      text: 'Der Link ist gültig.',
    });
    expect(await answer(await form(app.baseUrl, '/api/auth/reset-password', { token: link!.token, newPassword: 'kurz' }))).toEqual({
      status: 400,
      text: 'Passwort muss mindestens 6 Zeichen lang sein.',
    });
    expect(await answer(await form(app.baseUrl, '/api/auth/reset-password', { token: '', newPassword: 'neues-passwort' }))).toEqual({
      status: 400,
      text: 'Ungültiger Reset-Link',
    });
    const reset = await form(app.baseUrl, '/api/auth/reset-password', { token: link!.token, newPassword: 'neues-passwort' });
    expect(await answer(reset.clone())).toEqual({ status: 200, text: 'Passwort erfolgreich zurückgesetzt!' });
    api.remember(null);

    expect((await login(app.baseUrl, email, 'neues-passwort')).status).toBe(200);
    expect((await login(app.baseUrl, email, 'altes-passwort')).status).toBe(401);
    const again = await answer(await form(app.baseUrl, '/api/auth/reset-password', { token: link!.token, newPassword: 'noch-ein-neues' }));
    expect(again).toEqual({ status: 400, text: 'Der Reset-Link ist ungültig oder abgelaufen.' });
    expect((await answer(await form(app.baseUrl, '/api/auth/reset-password/check', { token: link!.token }))).status).toBe(400);

    // The session from before the reset is over, on the command side at once and on the read side
    // as soon as the reset is projected.
    const write = await api.call(alteSitzung, 'POST', '/api/abwesenheit', { kalenderwoche: 2, jahr: 2027 });
    expect(write.status).toBe(401);
    expect(write.body).toEqual({ message: 'Ihr Passwort wurde geändert. Bitte melden Sie sich erneut an.' });
    await expect.poll(async () => (await api.get(alteSitzung, '/api/auth/current-user')).status, { timeout: 5000 }).toBe(401);
  });

  it('refuses an expired link and a made-up token with the same German text', async () => {
    const email = uniqueEmail('luchs');
    const { elternId } = await app.familie({ email, passwort: 'geheim123' }, 'Füchse');
    await form(app.baseUrl, '/api/auth/forgot-password', { email });
    const [link] = await waitForLinks(elternId, 1);
    const damals = now;
    now = new Date(damals.getTime() + 31 * 60 * 1000);
    try {
      const expired = await answer(
        await form(app.baseUrl, '/api/auth/reset-password', { token: link!.token, newPassword: 'neues-passwort' }),
      );
      expect(expired).toEqual({ status: 400, text: 'Der Reset-Link ist ungültig oder abgelaufen.' });
    } finally {
      now = damals;
    }
    const madeUp = await answer(
      await form(app.baseUrl, '/api/auth/reset-password', {
        token: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
        newPassword: 'neues-passwort',
      }),
    );
    expect(madeUp).toEqual({ status: 400, text: 'Der Reset-Link ist ungültig oder abgelaufen.' });
    expect((await login(app.baseUrl, email, 'geheim123')).status).toBe(200);
  });

  it('changes the password: this session goes on with a fresh token, every other session ends', async () => {
    const email = uniqueEmail('biber');
    await app.familie({ email, passwort: 'altes-passwort' }, 'Füchse');
    const hier = (await json(await login(app.baseUrl, email, 'altes-passwort'))).jwt as string;
    const anderswo = (await json(await login(app.baseUrl, email, 'altes-passwort'))).jwt as string;
    const change = (fields: Record<string, string>, token = hier) => form(app.baseUrl, '/api/auth/change-password', fields, token);

    expect(await answer(await change({ oldPassword: 'altes-passwort', newPassword: '' }))).toEqual({
      status: 400,
      text: 'Bitte füllen Sie alle Felder aus.',
    });
    expect(await answer(await change({ oldPassword: 'altes-passwort', newPassword: 'kurz' }))).toEqual({
      status: 400,
      text: 'Neues Passwort muss mindestens 6 Zeichen lang sein.',
    });
    expect(await answer(await change({ oldPassword: 'falsch-geraten', newPassword: 'neues-passwort' }))).toEqual({
      status: 400,
      text: 'Das aktuelle Passwort ist nicht korrekt.',
    });
    expect((await fetch(`${app.baseUrl}/api/auth/change-password`, { method: 'POST' })).status).toBe(401);

    const ok = await change({ oldPassword: 'altes-passwort', newPassword: 'neues-passwort' });
    const neuesToken = ok.headers.get('x-auth-token');
    expect(await answer(ok)).toEqual({ status: 200, text: 'Ihr Passwort wurde geändert. Sie erhalten eine Bestätigungs-E-Mail.' });
    expect(neuesToken).toBeTruthy();

    expect((await login(app.baseUrl, email, 'neues-passwort')).status).toBe(200);
    expect((await login(app.baseUrl, email, 'altes-passwort')).status).toBe(401);
    await expect.poll(async () => (await api.get(anderswo, '/api/auth/current-user')).status, { timeout: 5000 }).toBe(401);
    expect((await api.get(hier, '/api/auth/current-user')).status).toBe(401);
    expect((await api.get(neuesToken!, '/api/auth/current-user')).status).toBe(200);
    expect((await api.call(neuesToken!, 'POST', '/api/abwesenheit', { kalenderwoche: 3, jahr: 2027 })).status).toBe(201);
    expect((await change({ oldPassword: 'neues-passwort', newPassword: 'drittes-passwort' }, anderswo)).status).toBe(401);
  });

  it('gives a family created by an admin a welcome link with which it sets its first password', async () => {
    const adminEmail = uniqueEmail('leitung');
    await app.familie({ email: adminEmail, passwort: 'admin-passwort', rollen: ['ROLE_ELTERN', 'ROLE_ADMIN'] });
    const admin = (await json(await login(app.baseUrl, adminEmail, 'admin-passwort'))).jwt as string;
    const email = uniqueEmail('otter');
    const created = await api.call(admin, 'POST', '/api/admin/eltern', { nachname: 'Otter', email, gruppe: 'Füchse' });
    expect(created.status).toBe(201);
    const elternId = created.body.id as string;
    const [link] = await waitForLinks(elternId, 1);
    expect(link!.zweck).toBe('willkommen');
    expect(new Date(link!.gueltigBis).getTime() - now.getTime()).toBe(14 * 24 * 60 * 60 * 1000);
    expect((await login(app.baseUrl, email, 'irgendwas')).status).toBe(401);

    const set = await answer(await form(app.baseUrl, '/api/auth/reset-password', { token: link!.token, newPassword: 'mein-erstes' }));
    expect(set).toEqual({ status: 200, text: 'Passwort erfolgreich zurückgesetzt!' });
    expect((await login(app.baseUrl, email, 'mein-erstes')).status).toBe(200);
    const { events } = await app.runtime.store.readStream(elternStream(elternId));
    expect(events.map((e) => e.type)).toEqual(['ElternRegistriert', 'PasswortLinkAusgestellt', 'PasswortGesetzt']);
    expect(events[2]!.data).toEqual({ elternId, grund: 'erstanlage' });
  });
});
