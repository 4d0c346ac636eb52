import { randomUUID } from 'node:crypto';
import { elternStream } from '@waldkita/domain/eltern/eltern';
import { tokenHash } from '@waldkita/platform/auth/tokens';
import { queuePrefix } from '@waldkita/platform/config';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anmeldung,
  commandApiRouteTest,
  expectError,
  expectNewEvents,
  expectResponse,
  familie,
  formular,
  gruppe,
} from '../testing/route-test.js';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const antwort = (response: LightMyRequestResponse) => ({ status: response.statusCode, text: response.body });
const SITZUNG_BEENDET = 'Ihr Passwort wurde geändert. Bitte melden Sie sich erneut an.';

/**
 * Forgot, reset and change password (docs/produkt.md §2, §5, §7, §8). That a session from before a
 * new password also ends on reads, once the change is projected: query-api/src/auth/leser-routes.test.ts;
 * that it ends there at once, in one process: cli/src/sitzungsende.test.ts.
 */
describe('password flows (POST /api/auth/forgot-password, /reset-password, /reset-password/check, /change-password)', () => {
  let t: Awaited<ReturnType<typeof commandApiRouteTest>>;
  /** The test's clock: moves forward to let links expire. */
  let now = new Date('2026-11-18T10:00:00Z');
  const fuechse = gruppe('Füchse');

  beforeAll(async () => {
    t = await commandApiRouteTest({ now: () => now });
    await t.appendEvents(fuechse.stream);
  });
  afterAll(() => t?.close());

  /** A family of the Füchse with a credentials row (and, with `passwort`, a password). */
  const neueFamilie = async (nachname: string, passwort?: string) => {
    const f = familie(nachname, fuechse.gruppeId);
    await t.appendEvents(f.stream);
    await t.zugang(f, passwort);
    return f;
  };
  const senden = async (url: string, felder: Record<string, string>, token?: string) =>
    antwort(await t.send(formular(url, felder, token ? { headers: { authorization: `Bearer ${token}` } } : {})));
  const anmelden = async (email: string, kennwort: string) => t.send(anmeldung(email, kennwort));
  const sitzung = async (email: string, kennwort: string) => {
    const response = await anmelden(email, kennwort);
    expect(response.statusCode).toBe(200);
    return response.json().jwt as string;
  };

  /** The links issued to a family so far, oldest first, with the token the mail would carry. */
  const links = async (elternId: string) => {
    const { events } = await t.store.readStream(elternStream(elternId));
    return events
      .filter((e) => e.type === 'PasswortLinkAusgestellt')
      .map((e) => {
        const data = e.data as { linkId: string; zweck: string; gueltigBis: string };
        return { ...data, token: t.tokens.passwortLinkToken(data.linkId) };
      });
  };
  /** Reset links are issued after the answer has been sent: wait for them. */
  const waitForLinks = async (elternId: string, count: number) => {
    await expect.poll(async () => (await links(elternId)).length, { timeout: 5000 }).toBe(count);
    return links(elternId);
  };

  it('forgot-password answers every address with the same text, and issues a 30-minute link only for an existing account', async () => {
    const fuchs = await neueFamilie('Fuchs', 'geheim123');
    const fuerBekannt = await senden('/api/auth/forgot-password', { email: ` ${fuchs.email.toUpperCase()} ` });
    const fuerUnbekannt = await senden('/api/auth/forgot-password', { email: `niemand-${randomUUID().slice(0, 8)}@example.org` });
    expect(fuerBekannt).toEqual({ status: 200, text: 'Falls die E-Mail-Adresse existiert, wurde ein Reset-Link gesendet.' });
    expect(fuerUnbekannt).toEqual(fuerBekannt);

    const [link] = await waitForLinks(fuchs.elternId, 1);
    expect(link!.zweck).toBe('zuruecksetzen');
    expect(new Date(link!.gueltigBis).getTime() - now.getTime()).toBe(30 * 60 * 1000);
    // Stored hashed: the table holds the SHA-256 of the token, never the token.
    const { rows } = await t.db.pool.query('SELECT token_hash FROM passwort_links WHERE eltern_id = $1', [fuchs.elternId]);
    expect(rows).toEqual([{ token_hash: tokenHash(link!.token) }]);
    expect(JSON.stringify(rows)).not.toContain(link!.token);

    expect(await senden('/api/auth/forgot-password', { email: '  ' })).toEqual({
      status: 400,
      text: 'Bitte geben Sie Ihre E-Mail-Adresse ein.',
    });
  });

  it('takes about the same time whether or not the account exists (medians over many trials)', async () => {
    // One family per trial, so that every known address would get a link (none is rate-limited).
    const bekannte = await Promise.all(Array.from({ length: 30 }, async (_, i) => (await neueFamilie(`Eule${i}`)).email));
    const timings = { bekannt: [] as number[], unbekannt: [] as number[] };
    for (const email of bekannte) {
      for (const [kind, mail] of [
        ['bekannt', email],
        ['unbekannt', `niemand-${randomUUID().slice(0, 8)}@example.org`],
      ] as const) {
        const started = performance.now();
        const response = await t.send(formular('/api/auth/forgot-password', { email: mail }));
        timings[kind].push(performance.now() - started);
        expect(response.statusCode).toBe(200);
      }
    }
    const ratio = median(timings.bekannt) / median(timings.unbekannt);
    // Issuing the link in the request (insert, append) makes a known account answer several
    // times slower; done after the answer, both take the same path.
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });

  it('limits reset links per account: further requests get the same answer but no new link', async () => {
    const dachs = await neueFamilie('Dachs', 'geheim123');
    for (let i = 0; i < 6; i++) expect((await senden('/api/auth/forgot-password', { email: dachs.email })).status).toBe(200);
    await waitForLinks(dachs.elternId, 3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await links(dachs.elternId)).toHaveLength(3);
    // The count lives under this installation's prefix: another installation on the same Redis has its own.
    expect(await t.redis.get(`${queuePrefix(t.config)}:reset-links:${dachs.elternId}`)).toBe('6');
    expect(await t.redis.exists(`waldkita:reset-links:${dachs.elternId}`)).toBe(0);
  });

  it('resets the password once with a valid link; the link cannot be used again and old sessions end', async () => {
    const igel = await neueFamilie('Igel', 'altes-passwort');
    const alteSitzung = await sitzung(igel.email, 'altes-passwort');
    await senden('/api/auth/forgot-password', { email: igel.email });
    const [link] = await waitForLinks(igel.elternId, 1);

    expect(await senden('/api/auth/reset-password/check', { token: link!.token })).toEqual({ status: 200, text: 'Der Link ist gültig.' });
    expect(await senden('/api/auth/reset-password', { token: link!.token, newPassword: 'kurz' })).toEqual({
      status: 400,
      text: 'Passwort muss mindestens 6 Zeichen lang sein.',
    });
    expect(await senden('/api/auth/reset-password', { token: '', newPassword: 'neues-passwort' })).toEqual({
      status: 400,
      text: 'Ungültiger Reset-Link',
    });
    const reset = await t
      .when(formular('/api/auth/reset-password', { token: link!.token, newPassword: 'neues-passwort' }))
      .then(
        expectResponse(200, 'Passwort erfolgreich zurückgesetzt!'),
        expectNewEvents(elternStream(igel.elternId), [
          { type: 'PasswortGesetzt', data: { elternId: igel.elternId, grund: 'zuruecksetzung' } },
        ]),
      );
    expect(reset.headers['x-event-position']).toMatch(/^\d+\/\d+$/);

    expect((await anmelden(igel.email, 'neues-passwort')).statusCode).toBe(200);
    expect((await anmelden(igel.email, 'altes-passwort')).statusCode).toBe(401);
    const again = await senden('/api/auth/reset-password', { token: link!.token, newPassword: 'noch-ein-neues' });
    expect(again).toEqual({ status: 400, text: 'Der Reset-Link ist ungültig oder abgelaufen.' });
    expect((await senden('/api/auth/reset-password/check', { token: link!.token })).status).toBe(400);

    // The session from before the reset is over on the command side at once.
    await t
      .when({
        method: 'POST',
        url: '/api/abwesenheit',
        payload: { kalenderwoche: 2, jahr: 2027 },
        headers: { authorization: `Bearer ${alteSitzung}` },
      })
      .then(expectError(401, SITZUNG_BEENDET));
  });

  it('refuses an expired link and a made-up token with the same German text', async () => {
    const luchs = await neueFamilie('Luchs', 'geheim123');
    await senden('/api/auth/forgot-password', { email: luchs.email });
    const [link] = await waitForLinks(luchs.elternId, 1);
    const damals = now;
    now = new Date(damals.getTime() + 31 * 60 * 1000);
    try {
      const expired = await senden('/api/auth/reset-password', { token: link!.token, newPassword: 'neues-passwort' });
      expect(expired).toEqual({ status: 400, text: 'Der Reset-Link ist ungültig oder abgelaufen.' });
    } finally {
      now = damals;
    }
    const madeUp = await senden('/api/auth/reset-password', {
      token: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      newPassword: 'neues-passwort',
    });
    expect(madeUp).toEqual({ status: 400, text: 'Der Reset-Link ist ungültig oder abgelaufen.' });
    expect((await anmelden(luchs.email, 'geheim123')).statusCode).toBe(200);
  });

  it('changes the password: this session goes on with a fresh token, every other session ends', async () => {
    const biber = await neueFamilie('Biber', 'altes-passwort');
    const stream = elternStream(biber.elternId);
    const hier = await sitzung(biber.email, 'altes-passwort');
    const anderswo = await sitzung(biber.email, 'altes-passwort');
    const change = (felder: Record<string, string>, token = hier) => senden('/api/auth/change-password', felder, token);
    const melde = (token: string, kalenderwoche: number) =>
      t.send({
        method: 'POST',
        url: '/api/abwesenheit',
        payload: { kalenderwoche, jahr: 2027 },
        headers: { authorization: `Bearer ${token}` },
      });

    expect(await change({ oldPassword: 'altes-passwort', newPassword: '' })).toEqual({
      status: 400,
      text: 'Bitte füllen Sie alle Felder aus.',
    });
    expect(await change({ oldPassword: 'altes-passwort', newPassword: 'kurz' })).toEqual({
      status: 400,
      text: 'Neues Passwort muss mindestens 6 Zeichen lang sein.',
    });
    expect(await change({ oldPassword: 'falsch-geraten', newPassword: 'neues-passwort' })).toEqual({
      status: 400,
      text: 'Das aktuelle Passwort ist nicht korrekt.',
    });
    expect((await t.send({ method: 'POST', url: '/api/auth/change-password' })).statusCode).toBe(401);

    const ok = await t
      .when(
        formular(
          '/api/auth/change-password',
          { oldPassword: 'altes-passwort', newPassword: 'neues-passwort' },
          { headers: { authorization: `Bearer ${hier}` } },
        ),
      )
      .then(
        expectResponse(200, 'Ihr Passwort wurde geändert. Sie erhalten eine Bestätigungs-E-Mail.'),
        expectNewEvents(stream, [{ type: 'PasswortGesetzt', data: { elternId: biber.elternId, grund: 'aenderung' } }]),
      );
    const neuesToken = ok.headers['x-auth-token'] as string;
    expect(neuesToken).toBeTruthy();
    // The fresh token carries the session version the new PasswortGesetzt starts (its revision + 1).
    const { revision } = await t.store.readStream(stream);
    expect((await t.tokens.verify(neuesToken)).sv).toBe(revision! + 1);

    expect((await anmelden(biber.email, 'neues-passwort')).statusCode).toBe(200);
    expect((await anmelden(biber.email, 'altes-passwort')).statusCode).toBe(401);
    // Writes: both sessions from before the change are over, the fresh token goes on.
    for (const alt of [anderswo, hier]) {
      const refused = await melde(alt, 3);
      expect([refused.statusCode, refused.json()]).toEqual([401, { message: SITZUNG_BEENDET }]);
    }
    expect((await melde(neuesToken, 3)).statusCode).toBe(201);
    expect((await change({ oldPassword: 'neues-passwort', newPassword: 'drittes-passwort' }, anderswo)).status).toBe(401);
  });

  it('gives a family created by an admin a welcome link with which it sets its first password', async () => {
    const leitung = familie('Leitung', null, ['ROLE_ELTERN', 'ROLE_ADMIN']);
    await t.appendEvents(leitung.stream);
    // The group by name, as the admin created it (its name in gruppen_namen).
    await t.when({ method: 'POST', url: '/api/admin/gruppen', payload: { gruppenName: 'Otter' }, als: leitung }).then(expectResponse(201));
    const email = `otter-${randomUUID().slice(0, 8)}@example.org`;
    const created = await t
      .when({ method: 'POST', url: '/api/admin/eltern', payload: { nachname: 'Otter', email, gruppe: 'Otter' }, als: leitung })
      .then(expectResponse(201));
    const elternId = created.json().id as string;
    const [link] = await waitForLinks(elternId, 1);
    expect(link!.zweck).toBe('willkommen');
    expect(new Date(link!.gueltigBis).getTime() - now.getTime()).toBe(14 * 24 * 60 * 60 * 1000);
    expect((await anmelden(email, 'irgendwas')).statusCode).toBe(401);

    const set = await senden('/api/auth/reset-password', { token: link!.token, newPassword: 'mein-erstes' });
    expect(set).toEqual({ status: 200, text: 'Passwort erfolgreich zurückgesetzt!' });
    expect((await anmelden(email, 'mein-erstes')).statusCode).toBe(200);
    const { events } = await t.store.readStream(elternStream(elternId));
    expect(events.map((e) => e.type)).toEqual(['ElternRegistriert', 'PasswortLinkAusgestellt', 'PasswortGesetzt']);
    expect(events[2]!.data).toEqual({ elternId, grund: 'erstanlage' });
  });
});
