import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { begrenzePasswortHashing } from '@waldkita/platform/auth/passwords';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, login, startTestApp, type TestApp } from './testing/test-app.js';

const uniqueEmail = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.org`;
const ZU_VIELE = 'Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in 15 Minuten erneut.';

type Antwort = { status: number; text: string };

/**
 * A form POST from a given local source address (any 127.x.y.z reaches the app on 127.0.0.1), so
 * a test can be several clients without trusting any proxy header.
 */
const postVon = (von: string, url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  postVonMitKopf(von, url, fields, headers).then(({ status, text }): Antwort => ({ status, text }));

/** As postVon, with the answer's Set-Cookie. */
const postVonMitKopf = (von: string, url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  new Promise<Antwort & { setCookie: string[] }>((resolve, reject) => {
    const body = new URLSearchParams(fields).toString();
    const request = http.request(
      url,
      {
        method: 'POST',
        localAddress: von,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body), ...headers },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode!, text, setCookie: response.headers['set-cookie'] ?? [] }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });

describe('sign-in limits on the real app, no proxy trusted (TRUST_PROXY unset)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { TRUST_PROXY: '' } });
    // These tests count attempts; bursts of 10–25 hashes on a loaded 2-core machine take longer
    // than the 5 s a sign-in may wait (anmelde-last.test.ts tests that bound), so it is lifted here.
    begrenzePasswortHashing({ warteschlange: 64, maxWarteMs: 120_000 });
  });
  afterAll(() => app.close());

  const anmelden = (von: string, email: string, kennwort: string, headers?: Record<string, string>) =>
    postVon(von, `${app.baseUrl}/api/auth/login`, { email, kennwort }, headers);

  it('locks out only the address that guessed 10 times wrong; the family signs in from another address', async () => {
    const email = uniqueEmail('amsel');
    await app.familie({ email, passwort: 'richtig123', nachname: 'Amsel' });
    for (let i = 0; i < 10; i++) expect((await anmelden('127.0.0.11', email, `falsch-${i}`)).status).toBe(401);

    const gesperrt = await anmelden('127.0.0.11', email, 'richtig123');
    expect(gesperrt.status).toBe(429);
    expect(JSON.parse(gesperrt.text)).toEqual({ message: ZU_VIELE });

    const familie = await anmelden('127.0.0.12', email, 'richtig123');
    expect(familie.status).toBe(200);
    expect(JSON.parse(familie.text).jwt).toBeTypeOf('string');
    // The family's success clears its own counter only: the guessing address stays locked.
    expect((await anmelden('127.0.0.11', email, 'richtig123')).status).toBe(429);
  });

  it('forgets wrong passwords of an address after a right one from that address', async () => {
    const email = uniqueEmail('drossel');
    await app.familie({ email, passwort: 'richtig123', nachname: 'Drossel' });
    for (let i = 0; i < 9; i++) expect((await anmelden('127.0.0.13', email, 'falsch')).status).toBe(401);
    expect((await anmelden('127.0.0.13', email, 'richtig123')).status).toBe(200);
    // Counting starts again: 9 more wrong passwords are answered 401, not 429.
    for (let i = 0; i < 9; i++) expect((await anmelden('127.0.0.13', email, 'falsch')).status).toBe(401);
  });

  it('ignores X-Forwarded-For: a client naming a new address each time still gets 429 after 10 wrong passwords', async () => {
    const email = uniqueEmail('meise');
    await app.familie({ email, passwort: 'richtig123', nachname: 'Meise' });
    const vorgeblich = (i: number) => ({ 'x-forwarded-for': `203.0.113.${i + 1}` });
    for (let i = 0; i < 10; i++) expect((await anmelden('127.0.0.14', email, 'falsch', vorgeblich(i))).status).toBe(401);
    const danach = await anmelden('127.0.0.14', email, 'richtig123', vorgeblich(99));
    expect(danach.status).toBe(429);
    expect(JSON.parse(danach.text)).toEqual({ message: ZU_VIELE });
  });

  it('refuses an address that tries many accounts: after 30 wrong passwords every account gets 429 from it', async () => {
    const konten = await Promise.all(
      Array.from({ length: 11 }, async (_, i) => {
        const email = uniqueEmail(`specht${i}`);
        await app.familie({ email, passwort: 'richtig123', nachname: 'Specht' });
        return email;
      }),
    );
    const [unberuehrt, ...ziele] = konten as [string, ...string[]];
    // 3 guesses at each of 10 accounts (the accounts in parallel): no account reaches its own limit.
    await Promise.all(
      ziele.map(async (email) => {
        for (let i = 0; i < 3; i++) expect((await anmelden('127.0.0.15', email, `rate-${i}`)).status).toBe(401);
      }),
    );

    // Now every account is refused from that address, also one never guessed at with its right password.
    expect((await anmelden('127.0.0.15', ziele[0]!, 'rate-3')).status).toBe(429);
    const auchRichtig = await anmelden('127.0.0.15', unberuehrt, 'richtig123');
    expect(auchRichtig.status).toBe(429);
    expect(JSON.parse(auchRichtig.text)).toEqual({ message: ZU_VIELE });
    // Other addresses are not affected.
    expect((await anmelden('127.0.0.16', unberuehrt, 'richtig123')).status).toBe(200);
    expect((await anmelden('127.0.0.16', ziele[0]!, 'richtig123')).status).toBe(200);
  }, 120_000);

  it('a browser that signed in before still signs in after 30 wrong passwords from its address (device cookie); one without it is refused', async () => {
    const meise = uniqueEmail('meise');
    const kauz = uniqueEmail('kauz');
    await app.familie({ email: meise, passwort: 'richtig123', nachname: 'Meise' });
    await app.familie({ email: kauz, passwort: 'richtig123', nachname: 'Kauz' });
    const ziele = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const email = uniqueEmail(`kleiber${i}`);
        await app.familie({ email, passwort: 'richtig123', nachname: 'Kleiber' });
        return email;
      }),
    );
    // Meise signed in from this browser earlier: the answer set the device cookie.
    const frueher = await postVonMitKopf('127.0.0.21', `${app.baseUrl}/api/auth/login`, { email: meise, kennwort: 'richtig123' });
    expect(frueher.status).toBe(200);
    const setCookie = frueher.setCookie.find((c) => c.startsWith('waldkita_geraet='))!;
    expect(setCookie).toMatch(/^waldkita_geraet=v1\.[0-9a-f-]{36}\.\d+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}; /);
    expect(setCookie).toContain('Path=/api/auth');
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).not.toContain('Secure'); // plain http here; Secure when the app is reached over https
    const cookie = { cookie: setCookie.split(';')[0]! };

    // Someone on the same network sprays: 3 wrong passwords at each of 10 accounts.
    for (const email of ziele) for (let i = 0; i < 3; i++) expect((await anmelden('127.0.0.21', email, `rate-${i}`)).status).toBe(401);

    // A family without the cookie is limited as before, right password or not …
    expect(await anmelden('127.0.0.21', kauz, 'richtig123')).toEqual({ status: 429, text: JSON.stringify({ message: ZU_VIELE }) });
    // … and so is the guesser, at Meise's account too.
    expect((await anmelden('127.0.0.21', meise, 'geraten')).status).toBe(429);
    // Meise's browser still signs in.
    expect((await anmelden('127.0.0.21', meise, 'richtig123', cookie)).status).toBe(200);
    // The cookie is bound to Meise's account: it does not open Kauz's, and a forged one opens nothing.
    expect((await anmelden('127.0.0.21', kauz, 'richtig123', cookie)).status).toBe(429);
    const gefaelscht = { cookie: `${cookie.cookie.slice(0, -2)}xx` };
    expect((await anmelden('127.0.0.21', meise, 'richtig123', gefaelscht)).status).toBe(429);

    // The limit per account and address still holds for the cookie's browser: 10 wrong, then 429.
    for (let i = 0; i < 10; i++) expect((await anmelden('127.0.0.21', meise, `falsch-${i}`, cookie)).status).toBe(401);
    expect((await anmelden('127.0.0.21', meise, 'richtig123', cookie)).status).toBe(429);
  }, 120_000);

  it('lets no more than 10 of 25 parallel guesses at one account through to the password check', async () => {
    const email = uniqueEmail('kleiber');
    await app.familie({ email, passwort: 'richtig123', nachname: 'Kleiber' });
    const antworten = await Promise.all(Array.from({ length: 25 }, (_, i) => anmelden('127.0.0.17', email, `parallel-${i}`)));
    const status = antworten.map((a) => a.status).sort();
    expect(status.filter((s) => s === 401)).toHaveLength(10);
    expect(status.filter((s) => s === 429)).toHaveLength(15);
    expect((await anmelden('127.0.0.17', email, 'richtig123')).status).toBe(429);
    expect((await anmelden('127.0.0.18', email, 'richtig123')).status).toBe(200);
  });

  it('counts wrong current passwords of "Passwort ändern" per account and address, in plain text', async () => {
    const email = uniqueEmail('zeisig');
    await app.familie({ email, passwort: 'richtig123', nachname: 'Zeisig' });
    const jwt = (await json(await login(app.baseUrl, email, 'richtig123'))).jwt as string;
    const aendern = (von: string, oldPassword: string) =>
      postVon(
        von,
        `${app.baseUrl}/api/auth/change-password`,
        { oldPassword, newPassword: 'neues-passwort' },
        { authorization: `Bearer ${jwt}` },
      );

    for (let i = 0; i < 10; i++)
      expect(await aendern('127.0.0.19', `falsch-${i}`)).toEqual({ status: 400, text: 'Das aktuelle Passwort ist nicht korrekt.' });
    expect(await aendern('127.0.0.19', 'richtig123')).toEqual({ status: 429, text: ZU_VIELE });
    // Sign-in from that address for that account is locked as well; from elsewhere it works.
    expect((await anmelden('127.0.0.19', email, 'richtig123')).status).toBe(429);
    expect((await aendern('127.0.0.20', 'richtig123')).status).toBe(200);
  });
});

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

  it('counts an IPv6 client per /64 network, so rotating addresses inside it does not help', async () => {
    const email = uniqueEmail('kauz');
    await app.familie({ email, passwort: 'richtig123', nachname: 'Kauz' });
    for (let i = 0; i < 10; i++) expect((await anmeldenFuer(`2001:db8:1:2::${i + 1}`, email, 'falsch')).status).toBe(401);
    expect((await anmeldenFuer('2001:db8:1:2:ffff:ffff:ffff:ffff', email, 'richtig123')).status).toBe(429);
    expect((await anmeldenFuer('2001:db8:1:3::1', email, 'richtig123')).status).toBe(200);
  });
});
