import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { allowBrowserProblems, chromiumAvailable, expectNoAxeViolations, PHONE, screenshot } from './support/browser.js';
import { demoKita } from './support/demo-kita.js';
import { poll } from './support/session.js';

/** The frame the server sent in #root (web/src/rahmen, cli/src/screen-preload.ts), while it stands. */
const rahmen = (page: Page) => page.locator('#root > .erster-rahmen[inert][aria-hidden="true"]');

describe.skipIf(!chromiumAvailable)('First paint: each screen’s frame comes as HTML, before any script (issue 30)', () => {
  const kita = demoKita();

  const ohneJavaScript = async (pfad: string, locale = 'de-DE') => {
    const context = await kita.newContext({ viewport: PHONE, locale, javaScriptEnabled: false });
    const page = await context.newPage();
    // Chromium without JavaScript refuses the page's script preloads (reported as 'csp')
    allowBrowserProblems(page, /request failed: GET \/assets\/[^ ]+\.js \(csp\)/);
    await page.goto(`${kita.baseUrl}${pfad}`);
    return page;
  };

  it('without JavaScript, /login, /dashboard and /wasserdienst show their header and headings, inert', async () => {
    const login = await ohneJavaScript('/login');
    expect(await rahmen(login).count()).toBe(1);
    expect(await login.locator('h1').textContent()).toBe('Willkommen zurück!');
    expect(await login.locator('form h2').textContent()).toBe('Anmelden');
    expect(await login.locator('button[type="submit"]').textContent()).toBe('Einloggen');
    await screenshot(login, 'erster-rahmen-login');

    const dashboard = await ohneJavaScript('/dashboard');
    expect(await rahmen(dashboard).count()).toBe(1);
    expect(await dashboard.locator('header.page-header h1').textContent()).toBe('Willkommen im Dashboard');
    expect(await dashboard.locator('.page-header__actions button').allTextContents()).toEqual(['Passwort ändern', 'Abmelden']);
    await screenshot(dashboard, 'erster-rahmen-dashboard');

    const wasserdienst = await ohneJavaScript('/wasserdienst');
    expect(await wasserdienst.locator('header.page-header h1').textContent()).toBe('Wasserdienst');
    expect(await wasserdienst.locator('.wd-card h2').textContent()).toBe('Meine Wasserdienste:');
    expect(await wasserdienst.locator('.wd-card .loading-panel').textContent()).toBe('Lade Einsätze...');
  });

  it('draws the frame in the browser’s language', async () => {
    const page = await ohneJavaScript('/dashboard', 'en-GB');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.locator('header.page-header h1').textContent()).toBe('Welcome to your dashboard');
  });

  it('the signed-in header stands before current-user answers, and the screen takes over without errors', async () => {
    const { token } = await kita.login('Fuchs');
    let antworten = () => {};
    const beantwortet = new Promise<void>((resolve) => {
      antworten = resolve;
    });
    const context = await kita.newContext({ viewport: PHONE, locale: 'de-DE' });
    // a token without the user's data: the app asks current-user before it shows the screen
    await context.addInitScript((jwt) => {
      if (location.origin !== 'null' && !localStorage.getItem('authToken')) localStorage.setItem('authToken', jwt);
    }, token);
    let gefragt = false;
    await context.route('**/api/auth/current-user', async (route) => {
      gefragt = true;
      await beantwortet;
      await route.continue();
    });
    const page = await context.newPage();
    await page.goto(`${kita.baseUrl}/dashboard`);
    await poll(() => gefragt).toBe(true);
    // the app runs (it asked), and the header it drew is the frame's: no loading screen in between
    expect(await rahmen(page).count()).toBe(1);
    expect(await page.locator('header.page-header h1').textContent()).toBe('Willkommen im Dashboard');
    expect(await page.getByText('Lade...').count()).toBe(0);
    antworten();
    await poll(() => page.locator('.page-header__subtitle').textContent()).toBe('Familie Fuchs');
    expect(await rahmen(page).count()).toBe(0);
    await poll(() => page.getByRole('button', { name: 'Abmelden' }).isEnabled()).toBe(true);
    await expectNoAxeViolations(page);
  });

  it('the login frame gives way to the working form, which passes axe', async () => {
    const context = await kita.newContext({ viewport: PHONE, locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto(`${kita.baseUrl}/login`);
    await poll(() => rahmen(page).count()).toBe(0);
    await page.getByLabel('E-Mail').fill('familie.fuchs@demo.waldkita.example');
    expect(await page.getByLabel('E-Mail').inputValue()).toBe('familie.fuchs@demo.waldkita.example');
    await expectNoAxeViolations(page);
  });

  it('the frame alone (the app’s scripts held back) passes axe', async () => {
    const context = await kita.newContext({ viewport: PHONE, locale: 'de-DE' });
    await context.route('**/assets/*.js', (route) => route.abort());
    const page = await context.newPage();
    allowBrowserProblems(page, /\/assets\/.*\.js/);
    for (const pfad of ['/login', '/dashboard', '/wasserdienst']) {
      await page.goto(`${kita.baseUrl}${pfad}`);
      expect(await rahmen(page).count(), pfad).toBe(1);
      await expectNoAxeViolations(page);
    }
  });
});
