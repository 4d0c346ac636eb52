import { type ReceivedMail, startTestSmtp, type TestSmtp } from '@waldkita/platform/testing/test-smtp';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, DESKTOP, expectNoAxeViolations, expectNoHorizontalScroll, PHONE, screenshot } from './support/browser.js';
import { demoKita } from './support/demo-kita.js';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD, demoEmail, poll } from './support/session.js';

const RESET_LINK_GESENDET = 'Falls die E-Mail-Adresse existiert, wurde ein Reset-Link gesendet.';
const LINK_UNGUELTIG = 'Der Reset-Link ist ungültig oder abgelaufen.';
const FELDER_FEHLEN = 'Bitte füllen Sie alle Felder aus.';
const GEAENDERT = 'Ihr Passwort wurde geändert. Sie erhalten eine Bestätigungs-E-Mail.';

describe.skipIf(!chromiumAvailable)('password screens: forgot, reset (with the mail) and change, in Chromium against the built app', () => {
  // the SMTP stand-in starts before the app (demoKita below) and closes after it
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(() => smtp?.close());

  const kita = demoKita({ env: () => ({ SMTP_URL: smtp.url }) });
  const { openAs } = kita;

  // ---- helpers ---------------------------------------------------------------------------------------

  const loginStatus = async (email: string, kennwort: string) =>
    (
      await fetch(`${kita.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email, kennwort }),
      })
    ).status;
  const currentUserStatus = async (token: string) =>
    (await fetch(`${kita.baseUrl}/api/auth/current-user`, { headers: { authorization: `Bearer ${token}` } })).status;

  const openSignedOut = async (path: string, viewport = DESKTOP) => {
    const context = await kita.newContext({ viewport, locale: 'de-DE', timezoneId: 'Europe/Berlin' });
    const page = await context.newPage();
    await page.goto(`${kita.baseUrl}${path}`);
    return page;
  };

  const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('authToken'));
  const alertText = (scope: Page | Locator) => scope.getByRole('alert').first().textContent({ timeout: 10_000 });
  const pathname = (page: Page) => new URL(page.url()).pathname;

  /** The link of a mail's button, as the reader's mail program opens it. */
  const buttonLink = (mail: ReceivedMail, text: string) => {
    const html = typeof mail.html === 'string' ? mail.html : '';
    const match = new RegExp(`<a href="([^"]+)"[^>]*>${text}</a>`).exec(html);
    expect(match, `button '${text}' in the mail`).not.toBeNull();
    return match![1]!.replace(/&amp;/g, '&');
  };
  const mailTo = (address: string, subject: RegExp) => (mail: ReceivedMail) =>
    mail.envelope.to.some((to) => to.toLowerCase() === address) && subject.test(mail.subject ?? '');

  const look = async (page: Page, name: string) => {
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await screenshot(page, name);
  };

  // ---- forgot password ---------------------------------------------------------------------------------

  it('forgot password: an empty address is refused without a call, any address gets the one neutral answer', async () => {
    for (const [viewport, name] of [
      [PHONE, 'phone'],
      [DESKTOP, 'desktop'],
    ] as const) {
      const page = await openSignedOut('/login', viewport);
      await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
      await page.waitForURL('**/forgot-password');
      await page.getByRole('heading', { level: 1, name: 'Passwort vergessen?' }).waitFor();
      await poll(() => page.title()).toBe('Passwort vergessen – Waldkita Elternportal');

      const calls: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/auth/forgot-password')) calls.push(request.method());
      });
      const email = page.getByLabel('E-Mail');
      await expect(email.getAttribute('type')).resolves.toBe('email');
      await page.getByRole('button', { name: 'Reset-Link senden' }).click();
      await poll(() => alertText(page)).toBe('Bitte geben Sie Ihre E-Mail-Adresse ein.');
      await expect(email.evaluate((input) => input === document.activeElement)).resolves.toBe(true);
      await email.fill('   ');
      await email.press('Enter');
      await poll(() => alertText(page)).toBe('Bitte geben Sie Ihre E-Mail-Adresse ein.');
      expect(calls).toEqual([]);
      await look(page, `passwort-vergessen-fehler-${name}`);

      // An address without an account: the same answer as for a real one, and no mail.
      await email.fill(`niemand-${name}@example.org`);
      await page.getByRole('button', { name: 'Reset-Link senden' }).click();
      await page.getByRole('status').getByText(RESET_LINK_GESENDET).waitFor();
      expect(calls).toEqual(['POST']);
      await expect(page.getByRole('button', { name: 'Reset-Link senden' }).count()).resolves.toBe(0);
      await look(page, `passwort-vergessen-gesendet-${name}`);

      await page.getByRole('link', { name: '← Zurück zum Login' }).click();
      await page.waitForURL('**/login');
      await page.getByRole('button', { name: 'Einloggen' }).waitFor();
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.mails.filter((mail) => mail.envelope.to.some((to) => to.startsWith('niemand-')))).toEqual([]);
  }, 60_000);

  it('forgot password: when the server cannot be reached, the fallback text is shown', async () => {
    const page = await openSignedOut('/forgot-password', PHONE);
    await page.route('**/api/auth/forgot-password', (route) => route.abort('connectionrefused'));
    await page.getByLabel('E-Mail').fill(demoEmail('Bauer'));
    await page.getByRole('button', { name: 'Reset-Link senden' }).click();
    await poll(() => alertText(page)).toBe('Fehler beim Senden der E-Mail. Versuchen Sie es später erneut.');
    await page.getByRole('button', { name: 'Reset-Link senden' }).waitFor();
  });

  // ---- reset password: the screen ------------------------------------------------------------------------

  it('reset screen: a missing or made-up token shows the invalid-link view, which leads to a new link', async () => {
    for (const [viewport, name] of [
      [PHONE, 'phone'],
      [DESKTOP, 'desktop'],
    ] as const) {
      const page = await openSignedOut('/password-reset', viewport);
      await poll(() => alertText(page)).toBe(LINK_UNGUELTIG);
      await page.getByRole('heading', { level: 1, name: 'Ungültiger Reset-Link' }).waitFor();
      await expect(page.getByLabel('Neues Passwort').count()).resolves.toBe(0);
      await look(page, `passwort-reset-ungueltig-${name}`);
      await page.getByRole('link', { name: 'Neuen Link anfordern' }).click();
      await page.waitForURL('**/forgot-password');
      await page.getByRole('button', { name: 'Reset-Link senden' }).waitFor();

      // A made-up token is refused by the server's check on opening, before anything is typed.
      await page.goto(`${kita.baseUrl}/password-reset?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`);
      await poll(() => alertText(page)).toBe(LINK_UNGUELTIG);
      await expect(page.getByLabel('Neues Passwort').count()).resolves.toBe(0);
      await page.getByRole('link', { name: 'Neuen Link anfordern' }).waitFor();
    }
  });

  it('signed-in users who open the forgot or reset screen are sent to the dashboard', async () => {
    const wolf = await kita.login(demoEmail('Wolf'));
    const page = await openAs(wolf, '/forgot-password');
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Willkommen im Dashboard' }).waitFor();
    await page.goto(`${kita.baseUrl}/password-reset?token=irgendwas`);
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Willkommen im Dashboard' }).waitFor();
  });

  // ---- the whole flow with the mail ------------------------------------------------------------------

  it('forgot → the mail arrives → its link opens the reset screen → a new password → sign in with it', async () => {
    const email = demoEmail('Huber');
    const page = await openSignedOut('/forgot-password', PHONE);
    await page.getByLabel('E-Mail').fill(` ${email.toUpperCase()} `);
    await page.getByRole('button', { name: 'Reset-Link senden' }).click();
    await page.getByRole('status').getByText(RESET_LINK_GESENDET).waitFor();

    const mail = await smtp.waitForMail(mailTo(email, /Passwort zurücksetzen/), 20_000);
    const link = buttonLink(mail, 'Neues Passwort festlegen');
    expect(link.startsWith(`${kita.app.env.APP_URL}/password-reset?token=`)).toBe(true);
    expect(mail.text).toContain(link);

    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Neues Passwort festlegen' }).waitFor();
    const neu = page.getByLabel('Neues Passwort', { exact: true });
    const bestaetigung = page.getByLabel('Passwort bestätigen', { exact: true });
    await neu.waitFor();
    await expect(page.getByRole('alert').count()).resolves.toBe(0);

    const speichern = page.getByRole('button', { name: 'Passwort speichern' });
    await speichern.click();
    await poll(() => alertText(page)).toBe(FELDER_FEHLEN);
    await neu.fill('huber-neu-2026');
    await bestaetigung.fill('huber-neu-2025');
    await speichern.click();
    await poll(() => alertText(page)).toBe('Passwörter stimmen nicht überein.');
    await neu.fill('kurz');
    await bestaetigung.fill('kurz');
    await speichern.click();
    await poll(() => alertText(page)).toBe('Passwort muss mindestens 6 Zeichen lang sein.');
    await look(page, 'passwort-reset-formular-phone');

    // Show/hide of the shared password field.
    await neu.fill('huber-neu-2026');
    await expect(neu.getAttribute('type')).resolves.toBe('password');
    await page.getByRole('button', { name: 'Passwort anzeigen' }).first().click();
    await expect(neu.getAttribute('type')).resolves.toBe('text');
    await bestaetigung.fill('huber-neu-2026');
    await bestaetigung.press('Enter');

    await page.waitForURL('**/login');
    await poll(() => alertText(page)).toBe('Passwort erfolgreich zurückgesetzt!');
    await look(page, 'passwort-reset-erfolg-login-phone');
    await page.getByLabel('E-Mail').fill(email);
    await page.getByLabel('Passwort', { exact: true }).fill('huber-neu-2026');
    await page.getByRole('button', { name: 'Einloggen' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByText('Familie Huber').waitFor();

    expect(await loginStatus(email, DEMO_PASSWORD)).toBe(401);
    // The confirmation mail follows; the used link shows the invalid-link view from now on.
    await smtp.waitForMail(mailTo(email, /Ihr Passwort wurde zurückgesetzt/), 20_000);
    const again = await openSignedOut(new URL(link).pathname + new URL(link).search, DESKTOP);
    await poll(() => alertText(again)).toBe(LINK_UNGUELTIG);
  }, 60_000);

  it('a link used meanwhile in another tab is refused on sending and turns into the invalid-link view', async () => {
    const email = demoEmail('Keller');
    expect(
      (
        await fetch(`${kita.baseUrl}/api/auth/forgot-password`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ email }),
        })
      ).status,
    ).toBe(200);
    const link = buttonLink(await smtp.waitForMail(mailTo(email, /Passwort zurücksetzen/), 20_000), 'Neues Passwort festlegen');
    const page = await openSignedOut(new URL(link).pathname + new URL(link).search, DESKTOP);
    await page.getByLabel('Neues Passwort', { exact: true }).fill('keller-neu-1');
    await page.getByLabel('Passwort bestätigen', { exact: true }).fill('keller-neu-1');
    await look(page, 'passwort-reset-formular-desktop');

    const token = new URL(link).searchParams.get('token')!;
    const elsewhere = await fetch(`${kita.baseUrl}/api/auth/reset-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, newPassword: 'keller-anderswo' }),
    });
    expect(elsewhere.status).toBe(200);

    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await poll(() => alertText(page)).toBe(LINK_UNGUELTIG);
    await page.getByRole('heading', { level: 1, name: 'Ungültiger Reset-Link' }).waitFor();
    expect(await loginStatus(email, 'keller-neu-1')).toBe(401);
    expect(await loginStatus(email, 'keller-anderswo')).toBe(200);
  }, 60_000);

  it('a family created by the admin sets its first password with the welcome mail’s link', async () => {
    const admin = await kita.login(DEMO_ADMIN_EMAIL);
    const email = 'familie.neu@demo.waldkita.example';
    const created = await fetch(`${kita.baseUrl}/api/admin/eltern`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ nachname: 'Neu', email, gruppe: 'Füchse' }),
    });
    expect(created.status, await created.text()).toBe(201);
    const link = buttonLink(await smtp.waitForMail(mailTo(email, /Willkommen/), 20_000), 'Passwort festlegen');
    expect(link.startsWith(`${kita.app.env.APP_URL}/password-reset?token=`)).toBe(true);

    const page = await openSignedOut(new URL(link).pathname + new URL(link).search, PHONE);
    await page.getByLabel('Neues Passwort', { exact: true }).fill('mein-erstes-passwort');
    await page.getByLabel('Passwort bestätigen', { exact: true }).fill('mein-erstes-passwort');
    await page.getByRole('button', { name: 'Passwort speichern' }).click();
    await page.waitForURL('**/login');
    await poll(() => alertText(page)).toBe('Passwort erfolgreich zurückgesetzt!');
    expect(await loginStatus(email, 'mein-erstes-passwort')).toBe(200);
  }, 60_000);

  // ---- change password ---------------------------------------------------------------------------------

  it('change password from the dashboard: checks, the server’s refusal, success that keeps this session and ends the others', async () => {
    const email = demoEmail('Fuchs');
    const hier = await kita.login(email);
    const anderswo = await kita.login(email);
    const other = await openAs(anderswo, '/dashboard', PHONE);
    await other.getByRole('heading', { level: 1, name: 'Willkommen im Dashboard' }).waitFor();

    const page = await openAs(hier, '/dashboard', DESKTOP);
    const opener = page.getByRole('button', { name: 'Passwort ändern' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Passwort ändern' });
    await dialog.waitFor();
    // Focus starts in the first field.
    await expect(dialog.getByLabel('Aktuelles Passwort').evaluate((input) => input === document.activeElement)).resolves.toBe(true);

    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/change-password')) calls.push(request.method());
    });
    const aendern = dialog.getByRole('button', { name: 'Ändern' });
    await aendern.click();
    await poll(() => alertText(dialog)).toBe(FELDER_FEHLEN);
    await dialog.getByLabel('Aktuelles Passwort').fill('falsch-geraten');
    await dialog.getByLabel('Neues Passwort', { exact: true }).fill('fuchs-neu-2026');
    await dialog.getByLabel('Neues Passwort bestätigen').fill('fuchs-neu-2027');
    await aendern.click();
    await poll(() => alertText(dialog)).toBe('Neue Passwörter stimmen nicht überein.');
    await dialog.getByLabel('Neues Passwort', { exact: true }).fill('kurz');
    await dialog.getByLabel('Neues Passwort bestätigen').fill('kurz');
    await aendern.click();
    await poll(() => alertText(dialog)).toBe('Neues Passwort muss mindestens 6 Zeichen lang sein.');
    expect(calls).toEqual([]);

    // The server's text for a wrong current password.
    await dialog.getByLabel('Neues Passwort', { exact: true }).fill('fuchs-neu-2026');
    await dialog.getByLabel('Neues Passwort bestätigen').fill('fuchs-neu-2026');
    await aendern.click();
    await poll(() => alertText(dialog)).toBe('Das aktuelle Passwort ist nicht korrekt.');
    expect(calls).toEqual(['POST']);
    await look(page, 'passwort-aendern-fehler-desktop');

    // The answer is held back for a moment, so the waiting state can be seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/auth/change-password', async (route) => {
      const response = await route.fetch();
      await held;
      await route.fulfill({ response });
    });
    await dialog.getByLabel('Aktuelles Passwort').fill(DEMO_PASSWORD);
    await aendern.click();
    const wartet = dialog.getByRole('button', { name: 'Wird geändert...' });
    await wartet.waitFor();
    await expect(wartet.isDisabled()).resolves.toBe(true);
    await expect(dialog.getByRole('button', { name: 'Abbrechen' }).isDisabled()).resolves.toBe(true);
    // Escape does not close the dialog while the change is on its way.
    await page.keyboard.press('Escape');
    await expect(dialog.isVisible()).resolves.toBe(true);
    release();

    await dialog.getByRole('heading', { name: 'Erfolgreich!' }).waitFor();
    const successShown = Date.now();
    await expect(dialog.getByText(GEAENDERT).isVisible()).resolves.toBe(true);
    await screenshot(page, 'passwort-aendern-erfolg-desktop');
    await dialog.waitFor({ state: 'hidden', timeout: 5000 });
    const closedAfter = Date.now() - successShown;
    expect(closedAfter).toBeGreaterThanOrEqual(1500);
    expect(closedAfter).toBeLessThan(3500);
    // Focus is back on the button that opened the dialog.
    await expect(opener.evaluate((button) => button === document.activeElement)).resolves.toBe(true);

    // This browser keeps going with the fresh token: reloaded, the dashboard and a screen with data work.
    const neuesToken = await storedToken(page);
    expect(neuesToken).toBeTruthy();
    expect(neuesToken).not.toBe(hier.token);
    expect(await currentUserStatus(neuesToken!)).toBe(200);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Willkommen im Dashboard' }).waitFor();
    await page
      .getByRole('link', { name: /Abwesenheiten/ })
      .first()
      .click();
    await page.waitForURL('**/abwesenheit');
    await page.getByRole('button', { name: 'Neue Abwesenheit' }).waitFor();
    expect(pathname(page)).toBe('/abwesenheit');
    await expect(storedToken(page)).resolves.toBe(neuesToken);

    // New password in, old one out.
    expect(await loginStatus(email, 'fuchs-neu-2026')).toBe(200);
    expect(await loginStatus(email, DEMO_PASSWORD)).toBe(401);

    // The other browser, signed in before the change, is signed out on its next call.
    await poll(() => currentUserStatus(anderswo.token)).toBe(401);
    await other
      .getByRole('link', { name: /Abwesenheiten/ })
      .first()
      .click();
    await other.waitForURL('**/login', { timeout: 10_000 });
    await other.getByRole('button', { name: 'Einloggen' }).waitFor();
    await expect(storedToken(other)).resolves.toBeNull();

    await smtp.waitForMail(mailTo(email, /Ihr Passwort wurde geändert/), 20_000);
  }, 60_000);

  it('change password on a phone, by keyboard: open, fill, cancel with Escape, reopen empty, close with the cross', async () => {
    const email = demoEmail('Brandl');
    const who = await kita.login(email);
    const page = await openAs(who, '/dashboard', PHONE);
    const opener = page.getByRole('button', { name: 'Passwort ändern' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Passwort ändern' });
    await dialog.waitFor();
    await page.keyboard.type('irgendwas');
    await page.keyboard.press('Tab'); // the field's show/hide button
    await page.keyboard.press('Tab');
    await page.keyboard.type('neues-pw');
    await look(page, 'passwort-aendern-dialog-phone');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect(opener.evaluate((button) => button === document.activeElement)).resolves.toBe(true);

    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await expect(dialog.getByLabel('Aktuelles Passwort').inputValue()).resolves.toBe('');
    await expect(dialog.getByLabel('Neues Passwort', { exact: true }).inputValue()).resolves.toBe('');
    await page.setViewportSize(DESKTOP);
    await look(page, 'passwort-aendern-dialog-desktop');
    await dialog.getByRole('button', { name: 'Schließen' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Nothing was changed.
    expect(await loginStatus(email, DEMO_PASSWORD)).toBe(200);

    // The success panel on a phone, then the dialog goes by itself.
    await opener.click();
    await dialog.getByLabel('Aktuelles Passwort').fill(DEMO_PASSWORD);
    await dialog.getByLabel('Neues Passwort', { exact: true }).fill('brandl-neu-1');
    await dialog.getByLabel('Neues Passwort bestätigen').fill('brandl-neu-1');
    await page.setViewportSize(PHONE);
    await dialog.getByLabel('Neues Passwort bestätigen').press('Enter');
    await dialog.getByRole('heading', { name: 'Erfolgreich!' }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'passwort-aendern-erfolg-phone');
    await dialog.waitFor({ state: 'hidden', timeout: 5000 });
    await page.getByText('Familie Brandl').waitFor();
    expect(await currentUserStatus((await storedToken(page))!)).toBe(200);
  }, 60_000);
});
