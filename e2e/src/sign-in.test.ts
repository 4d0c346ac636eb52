import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, DESKTOP, expectNoAxeViolations, expectNoHorizontalScroll, PHONE, screenshot } from './support/browser.js';
import { demoKita } from './support/demo-kita.js';

const ADMIN = { email: 'chefin@example.org', password: 'wald-und-wiese-42', nachname: 'Chefin' };
const PARENT = { email: 'familie.fuchs@demo.waldkita.example', password: 'waldkita-demo' };

describe.skipIf(!chromiumAvailable)('signing in, in Chromium against the built app', () => {
  const kita = demoKita();
  let page: Page;

  beforeAll(async () => {
    const created = await kita.app.cli([
      'admin',
      'create-admin',
      '--email',
      ADMIN.email,
      '--password',
      ADMIN.password,
      '--nachname',
      ADMIN.nachname,
    ]);
    expect(created.code, created.stderr).toBe(0);
  });

  const open = async (path: string, viewport = DESKTOP) => {
    page = await (await kita.newContext({ viewport, locale: 'de-DE' })).newPage();
    await page.goto(`${kita.baseUrl}${path}`);
    return page;
  };

  const signIn = async (email: string, password: string) => {
    await page.getByLabel('E-Mail').fill(email);
    await page.getByLabel('Passwort', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Einloggen' }).click();
  };
  const storage = () => page.evaluate(() => [localStorage.getItem('authToken'), localStorage.getItem('userData')]);
  /** How many tiles stand side by side: distinct left edges of the tiles' grid items. */
  const tileColumns = () =>
    page.evaluate(() => {
      const items = [...document.querySelectorAll('main li')].filter((li) => li.querySelector('a'));
      return new Set(items.map((li) => Math.round(li.getBoundingClientRect().left))).size;
    });

  it('an admin created through the CLI signs in and sees the Admin Center, four tiles per row on a desktop', async () => {
    await open('/login');
    await expect.poll(() => page.getByRole('heading', { name: 'Willkommen zurück!' }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await screenshot(page, 'login-desktop');
    await signIn(ADMIN.email, ADMIN.password);
    await page.waitForURL('**/dashboard');
    await expect.poll(() => page.getByRole('heading', { name: 'Willkommen im Dashboard' }).isVisible()).toBe(true);
    // an admin without group and child is greeted by name, not as a family
    expect(await page.getByText('Chefin', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Familie Chefin').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Admin Center' }).isVisible()).toBe(true);
    for (const tile of ['Wasserdienst', 'Tausch-Börse', 'Abwesenheiten', 'Schließzeiten & Events'])
      expect(await page.getByRole('link', { name: tile }).isVisible()).toBe(true);
    expect(await tileColumns()).toBe(4);
    await expectNoAxeViolations(page);
    await screenshot(page, 'dashboard-admin-desktop');
    const [token, user] = await storage();
    expect(token).toMatch(/^ey/);
    expect(JSON.parse(user ?? '{}').email).toBe(ADMIN.email);
  });

  it('a parent signs in on a phone, is greeted by family name and sees no Admin Center', async () => {
    await open('/', PHONE);
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await screenshot(page, 'login-phone');
    await signIn(PARENT.email, PARENT.password);
    await page.waitForURL('**/dashboard');
    await expect.poll(() => page.getByText('Familie Fuchs').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Wasserdienst' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Admin Center' }).count()).toBe(0);
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await screenshot(page, 'dashboard-parent-phone');
    await page.setViewportSize(DESKTOP);
    await expect.poll(tileColumns).toBe(3);
  });

  it('a deep link to /abwesenheit while signed out goes to /login and back to /abwesenheit after sign-in', async () => {
    await open('/abwesenheit');
    await page.waitForURL('**/login');
    await signIn(PARENT.email, PARENT.password);
    await page.waitForURL('**/abwesenheit');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Wasserdienst Abwesenheiten', level: 1 }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(await page.getByRole('button', { name: 'Neue Abwesenheit' }).isVisible()).toBe(true);
  });

  it('logout asks first: cancel keeps the session, confirm clears it and goes to /', async () => {
    await open('/login');
    await signIn(PARENT.email, PARENT.password);
    await page.waitForURL('**/dashboard');

    // the app's dialog asks (no browser prompt); 'Abbrechen' keeps the session
    const frage = page.getByRole('dialog', { name: 'Abmelden?' });
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await expect.poll(() => frage.isVisible()).toBe(true);
    expect(await frage.textContent()).toContain('Möchten Sie sich wirklich abmelden?');
    await frage.getByRole('button', { name: 'Abbrechen' }).click();
    await expect.poll(() => frage.isVisible()).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect((await storage()).every((v) => v !== null)).toBe(true);

    await page.getByRole('button', { name: 'Abmelden' }).click();
    await frage.getByRole('button', { name: 'Abmelden' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(storage).toEqual([null, null]);
    await page.goto(`${kita.baseUrl}/dashboard`);
    await page.waitForURL('**/login');
  });

  it('checks the form before sending, shows the server’s refusal, and waits visibly while signing in', async () => {
    await open('/login');
    const loginCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/login')) loginCalls.push(request.method());
    });
    await page.getByRole('button', { name: 'Einloggen' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Bitte füllen Sie alle Felder aus.');
    expect(loginCalls).toEqual([]);

    await signIn(PARENT.email, 'falsches-passwort');
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Ungültige E-Mail oder Passwort.');
    await screenshot(page, 'login-error-desktop');

    // slow the real server's answer down a little to see the waiting state
    await page.route('**/api/auth/login', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await page.getByLabel('Passwort', { exact: true }).fill(PARENT.password);
    await page.getByLabel('Passwort', { exact: true }).press('Enter');
    const waiting = page.getByRole('button', { name: 'Anmeldung läuft...' });
    await expect.poll(() => waiting.isVisible()).toBe(true);
    expect(await waiting.isDisabled()).toBe(true);
    await page.waitForURL('**/dashboard');
  });

  it('shows and hides the password, and keeps the fox when the logo cannot load', async () => {
    page = await (await kita.newContext({ viewport: PHONE })).newPage();
    await page.route('**/fox-logo.svg', (route) => route.abort());
    await page.goto(`${kita.baseUrl}/login`);
    const password = page.getByLabel('Passwort', { exact: true });
    await password.fill('geheim');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Passwort anzeigen' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Passwort verbergen' }).click();
    expect(await password.getAttribute('type')).toBe('password');
    await expect.poll(() => page.getByRole('img', { name: 'Waldkita Fuchs-Logo' }).first().isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await screenshot(page, 'login-logo-fallback-phone');
  });

  it('reaches every control by keyboard and leaves for the kindergarten website with ← Zurück', async () => {
    await open('/login');
    await page.route('**/kita-website-stand-in', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><html lang="de"><title>Kita</title><h1>Website der Kita</h1></html>',
      }),
    );
    // The working form replaces the inert prerendered frame once the app's script has run: a
    // moment on a phone, longer than expect.poll's one second while the suite loads both cores.
    await page.getByRole('button', { name: 'Einloggen' }).waitFor({ state: 'visible', timeout: 15_000 });
    const focused: string[] = [];
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      focused.push(
        await page.evaluate(() => {
          const el = document.activeElement as HTMLInputElement | null;
          return el?.getAttribute('aria-label') ?? el?.labels?.[0]?.textContent?.trim() ?? el?.textContent?.trim() ?? '';
        }),
      );
    }
    for (const name of ['← Zurück', 'E-Mail', 'Passwort', 'Passwort anzeigen', 'Passwort vergessen?', 'Einloggen'])
      expect(focused).toContain(name);
    await page.getByRole('button', { name: '← Zurück' }).click();
    await page.waitForURL('**/kita-website-stand-in');
    expect(await page.getByRole('heading', { name: 'Website der Kita' }).isVisible()).toBe(true);
  });

  it('signs out a stored session whose token has expired or is refused, and sends unknown paths to /', async () => {
    await open('/login');
    const payload = (exp: number) => Buffer.from(JSON.stringify({ sub: 'x', exp })).toString('base64url');
    const expired = `eyJhbGciOiJIUzI1NiJ9.${payload(Math.floor(Date.now() / 1000) - 60)}.c2ln`;
    await page.evaluate((t) => {
      localStorage.setItem('authToken', t);
      localStorage.setItem('userData', JSON.stringify({ email: 'alt@example.org', nachname: 'Alt' }));
    }, expired);
    await page.goto(`${kita.baseUrl}/dashboard`);
    await page.waitForURL('**/login');
    await expect.poll(storage).toEqual([null, null]);

    // a token the server refuses (401 on current-user) ends the session as well
    const forged = `eyJhbGciOiJIUzI1NiJ9.${payload(Math.floor(Date.now() / 1000) + 3600)}.c2ln`;
    await page.evaluate((t) => localStorage.setItem('authToken', t), forged);
    await page.goto(`${kita.baseUrl}/wasserdienst`);
    await page.waitForURL('**/login');
    await expect.poll(storage).toEqual([null, null]);

    await page.goto(`${kita.baseUrl}/gibt-es-nicht/tief`);
    await page.waitForURL((url) => url.pathname === '/');
    // The working form replaces the inert prerendered frame once the app's script has run: a
    // moment on a phone, longer than expect.poll's one second while the suite loads both cores.
    await page.getByRole('button', { name: 'Einloggen' }).waitFor({ state: 'visible', timeout: 15_000 });
  });
});

if (!chromiumAvailable)
  describe('browser tests', () => {
    it.skip('skipped: Chromium is not installed at /usr/bin/chromium (apt-get install chromium; .ci/run does it)', () => {});
  });
