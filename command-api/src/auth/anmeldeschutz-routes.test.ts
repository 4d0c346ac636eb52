import { ALTES_PASSWORT_FALSCH } from '@waldkita/domain/auth/passwort';
import { begrenzePasswortHashing } from '@waldkita/platform/auth/passwords';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anmeldung, commandApiRouteTest, familie, formular } from '../testing/route-test.js';

const PASSWORT = 'richtig123';
const ZU_VIELE = 'Zu viele fehlgeschlagene Anmeldeversuche. Bitte versuchen Sie es in 15 Minuten erneut.';

/**
 * The limits on wrong passwords (login-attempts.ts) and the device cookie (login-geraet.ts), on
 * sign-in and 'Passwort ändern'. Each request names its client address (`remoteAddress`, what
 * `request.ip` is without a trusted proxy), so a test can be several clients. That the address
 * behind a trusted proxy comes from X-Forwarded-For is the server's setting: cli/src/anmeldeschutz.test.ts.
 */
describe('sign-in limits (POST /api/auth/login, /api/auth/change-password)', () => {
  let t: Awaited<ReturnType<typeof commandApiRouteTest>>;
  beforeAll(async () => {
    t = await commandApiRouteTest();
    // These tests count attempts; bursts of 10–25 hashes on a loaded 2-core machine take longer
    // than the 5 s a sign-in may wait (cli/src/anmelde-last.test.ts tests that bound), so it is lifted here.
    begrenzePasswortHashing({ warteschlange: 64, maxWarteMs: 120_000 });
  });
  afterAll(() => t?.close());

  /** A family with the password `richtig123`. */
  const neueFamilie = async (nachname: string) => {
    const f = familie(nachname, null);
    await t.appendEvents(f.stream);
    await t.zugang(f, PASSWORT);
    return f.email;
  };
  const antwort = (response: LightMyRequestResponse) => ({ status: response.statusCode, text: response.body });
  const anmelden = async (von: string, email: string, kennwort: string, headers: Record<string, string> = {}) =>
    antwort(await t.send(anmeldung(email, kennwort, { remoteAddress: von, headers })));

  it('locks out only the address that guessed 10 times wrong; the family signs in from another address', async () => {
    const email = await neueFamilie('Amsel');
    for (let i = 0; i < 10; i++) expect((await anmelden('127.0.0.11', email, `falsch-${i}`)).status).toBe(401);

    const gesperrt = await anmelden('127.0.0.11', email, PASSWORT);
    expect(gesperrt.status).toBe(429);
    expect(JSON.parse(gesperrt.text)).toEqual({ message: ZU_VIELE });

    const familie = await anmelden('127.0.0.12', email, PASSWORT);
    expect(familie.status).toBe(200);
    expect(JSON.parse(familie.text).jwt).toBeTypeOf('string');
    // The family's success clears its own counter only: the guessing address stays locked.
    expect((await anmelden('127.0.0.11', email, PASSWORT)).status).toBe(429);
  });

  it('forgets wrong passwords of an address after a right one from that address', async () => {
    const email = await neueFamilie('Drossel');
    for (let i = 0; i < 9; i++) expect((await anmelden('127.0.0.13', email, 'falsch')).status).toBe(401);
    expect((await anmelden('127.0.0.13', email, PASSWORT)).status).toBe(200);
    // Counting starts again: 9 more wrong passwords are answered 401, not 429.
    for (let i = 0; i < 9; i++) expect((await anmelden('127.0.0.13', email, 'falsch')).status).toBe(401);
  });

  it('ignores X-Forwarded-For: a client naming a new address each time still gets 429 after 10 wrong passwords', async () => {
    const email = await neueFamilie('Meise');
    const vorgeblich = (i: number) => ({ 'x-forwarded-for': `203.0.113.${i + 1}` });
    for (let i = 0; i < 10; i++) expect((await anmelden('127.0.0.14', email, 'falsch', vorgeblich(i))).status).toBe(401);
    const danach = await anmelden('127.0.0.14', email, PASSWORT, vorgeblich(99));
    expect(danach.status).toBe(429);
    expect(JSON.parse(danach.text)).toEqual({ message: ZU_VIELE });
  });

  it('refuses an address that tries many accounts: after 30 wrong passwords every account gets 429 from it', async () => {
    const konten = await Promise.all(Array.from({ length: 11 }, (_, i) => neueFamilie(`Specht${i}`)));
    const [unberuehrt, ...ziele] = konten as [string, ...string[]];
    // 3 guesses at each of 10 accounts (the accounts in parallel): no account reaches its own limit.
    await Promise.all(
      ziele.map(async (email) => {
        for (let i = 0; i < 3; i++) expect((await anmelden('127.0.0.15', email, `rate-${i}`)).status).toBe(401);
      }),
    );

    // Now every account is refused from that address, also one never guessed at with its right password.
    expect((await anmelden('127.0.0.15', ziele[0]!, 'rate-3')).status).toBe(429);
    const auchRichtig = await anmelden('127.0.0.15', unberuehrt, PASSWORT);
    expect(auchRichtig.status).toBe(429);
    expect(JSON.parse(auchRichtig.text)).toEqual({ message: ZU_VIELE });
    // Other addresses are not affected.
    expect((await anmelden('127.0.0.16', unberuehrt, PASSWORT)).status).toBe(200);
    expect((await anmelden('127.0.0.16', ziele[0]!, PASSWORT)).status).toBe(200);
  }, 120_000);

  it('a browser that signed in before still signs in after 30 wrong passwords from its address (device cookie); one without it is refused', async () => {
    const meise = await neueFamilie('Meise');
    const kauz = await neueFamilie('Kauz');
    const ziele = await Promise.all(Array.from({ length: 10 }, (_, i) => neueFamilie(`Kleiber${i}`)));
    // Meise signed in from this browser earlier: the answer set the device cookie.
    const frueher = await t.send(anmeldung(meise, PASSWORT, { remoteAddress: '127.0.0.21' }));
    expect(frueher.statusCode).toBe(200);
    const gesetzt = frueher.headers['set-cookie'];
    const setCookie = [gesetzt ?? []].flat().find((c) => c.startsWith('waldkita_geraet='))!;
    expect(setCookie).toMatch(/^waldkita_geraet=v1\.[0-9a-f-]{36}\.\d+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}; /);
    expect(setCookie).toContain('Path=/api/auth');
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).not.toContain('Secure'); // plain http here; Secure when the app is reached over https
    const cookie = { cookie: setCookie.split(';')[0]! };

    // Someone on the same network sprays: 3 wrong passwords at each of 10 accounts.
    for (const email of ziele) for (let i = 0; i < 3; i++) expect((await anmelden('127.0.0.21', email, `rate-${i}`)).status).toBe(401);

    // A family without the cookie is limited as before, right password or not …
    expect(await anmelden('127.0.0.21', kauz, PASSWORT)).toEqual({ status: 429, text: JSON.stringify({ message: ZU_VIELE }) });
    // … and so is the guesser, at Meise's account too.
    expect((await anmelden('127.0.0.21', meise, 'geraten')).status).toBe(429);
    // Meise's browser still signs in.
    expect((await anmelden('127.0.0.21', meise, PASSWORT, cookie)).status).toBe(200);
    // The cookie is bound to Meise's account: it does not open Kauz's, and a forged one opens nothing.
    expect((await anmelden('127.0.0.21', kauz, PASSWORT, cookie)).status).toBe(429);
    const gefaelscht = { cookie: `${cookie.cookie.slice(0, -2)}xx` };
    expect((await anmelden('127.0.0.21', meise, PASSWORT, gefaelscht)).status).toBe(429);

    // The limit per account and address still holds for the cookie's browser: 10 wrong, then 429.
    for (let i = 0; i < 10; i++) expect((await anmelden('127.0.0.21', meise, `falsch-${i}`, cookie)).status).toBe(401);
    expect((await anmelden('127.0.0.21', meise, PASSWORT, cookie)).status).toBe(429);
  }, 120_000);

  it('lets no more than 10 of 25 parallel guesses at one account through to the password check', async () => {
    const email = await neueFamilie('Kleiber');
    const antworten = await Promise.all(Array.from({ length: 25 }, (_, i) => anmelden('127.0.0.17', email, `parallel-${i}`)));
    const status = antworten.map((a) => a.status).sort();
    expect(status.filter((s) => s === 401)).toHaveLength(10);
    expect(status.filter((s) => s === 429)).toHaveLength(15);
    expect((await anmelden('127.0.0.17', email, PASSWORT)).status).toBe(429);
    expect((await anmelden('127.0.0.18', email, PASSWORT)).status).toBe(200);
  });

  it('counts an IPv6 client per /64 network, so rotating addresses inside it does not help', async () => {
    const email = await neueFamilie('Kauz');
    for (let i = 0; i < 10; i++) expect((await anmelden(`2001:db8:1:2::${i + 1}`, email, 'falsch')).status).toBe(401);
    expect((await anmelden('2001:db8:1:2:ffff:ffff:ffff:ffff', email, PASSWORT)).status).toBe(429);
    expect((await anmelden('2001:db8:1:3::1', email, PASSWORT)).status).toBe(200);
  });

  it('counts wrong current passwords of "Passwort ändern" per account and address, in plain text', async () => {
    const email = await neueFamilie('Zeisig');
    const jwt = JSON.parse((await anmelden('127.0.0.22', email, PASSWORT)).text).jwt as string;
    const aendern = async (von: string, oldPassword: string) =>
      antwort(
        await t.send(
          formular(
            '/api/auth/change-password',
            { oldPassword, newPassword: 'neues-passwort' },
            { remoteAddress: von, headers: { authorization: `Bearer ${jwt}` } },
          ),
        ),
      );

    for (let i = 0; i < 10; i++) expect(await aendern('127.0.0.19', `falsch-${i}`)).toEqual({ status: 400, text: ALTES_PASSWORT_FALSCH });
    expect(await aendern('127.0.0.19', PASSWORT)).toEqual({ status: 429, text: ZU_VIELE });
    // Sign-in from that address for that account is locked as well; from elsewhere it works.
    expect((await anmelden('127.0.0.19', email, PASSWORT)).status).toBe(429);
    expect((await aendern('127.0.0.20', PASSWORT)).status).toBe(200);
  });
});
