import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumAvailable, DESKTOP, expectNoAxeViolations, expectNoHorizontalScroll, PHONE, screenshot } from './support/browser.js';
import { demoKita } from './support/demo-kita.js';
import { DEMO_ADMIN_EMAIL as ADMIN_EMAIL, closeToast, DEMO_PASSWORD, demoEmail, poll } from './support/session.js';

const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

/** What the server answers, and the toast says, after an erasure: the family's pseudonym, numbered in the order of erasure. */
const geloescht = (nummer: number) => `Die Personendaten wurden gelöscht. Die Familie erscheint jetzt als „Gelöschte Familie ${nummer}“.`;

/** The question of the confirmation dialog, word for word. */
const frage = (nachname: string) =>
  `Die Familie ${nachname} wird aus dem Kindergarten entfernt, falls sie noch angemeldet ist, und ihre Personendaten werden endgültig gelöscht: Name, Name des Kindes, E-Mail-Adresse, Nachrichten und Geräte. Im Verlauf und in den Plänen erscheint sie danach als „Gelöschte Familie“. Das kann nicht rückgängig gemacht werden.`;

describe.skipIf(!chromiumAvailable)("'Personendaten löschen' in the Admin Center (issue 18), in Chromium against the built app", () => {
  const kita = demoKita();

  const admin = () => kita.login(ADMIN_EMAIL);
  const openAdminCenter = async (viewport: typeof PHONE) => {
    const page = await kita.openAs(await admin(), '/admin-dashboard', viewport);
    await poll(() => page.getByRole('heading', { name: 'Eltern Verwaltung' }).isVisible()).toBe(true);
    return page;
  };
  const elternVerwaltung = (page: Page) => page.getByRole('region', { name: 'Eltern Verwaltung', exact: true });
  const familienZeile = (page: Page, nachname: string) =>
    elternVerwaltung(page)
      .getByRole('listitem')
      .filter({ has: page.getByText(nachname, { exact: true }) });
  const toastText = (page: Page) => page.locator('.toast__text').first().textContent({ timeout: 10_000 });
  const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
  /** The family's login through the API, as the login screen sends it: the HTTP status. */
  const loginStatus = async (nachname: string) =>
    (
      await fetch(`${kita.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: demoEmail(nachname), kennwort: DEMO_PASSWORD }),
      })
    ).status;
  /** The whole history as the JSON export gives it to the parents' council. */
  const ganzerVerlauf = async () => {
    const { token } = await admin();
    const antwort = await fetch(`${kita.baseUrl}/api/audit/events/export?format=json`, { headers: { authorization: `Bearer ${token}` } });
    expect(antwort.status).toBe(200);
    return antwort.text();
  };
  /** Every request that erases personal data, from now on. */
  const loeschAufrufe = (page: Page) => {
    const aufrufe: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'DELETE' && request.url().endsWith('/personendaten')) aufrufe.push(request.url());
    });
    return aufrufe;
  };

  it('an admin erases a family by keyboard (1280 px): the question says what happens, the family is gone, the history reads “Gelöschte Familie 1”', async () => {
    expect(await loginStatus('Keller')).toBe(200);
    expect(await ganzerVerlauf()).toContain('Familie Keller');

    const page = await openAdminCenter(DESKTOP);
    const aufrufe = loeschAufrufe(page);
    const liste = elternVerwaltung(page);
    const zeile = familienZeile(page, 'Keller');
    await poll(() => liste.getByRole('heading', { name: 'Füchse (12)' }).isVisible()).toBe(true);
    // in the row's 'Aktionen' menu, next to 'Löschen'; an admin account has neither
    const aktionen = zeile.getByRole('button', { name: 'Aktionen für Familie Keller' });
    const knopf = page.getByRole('menuitem', { name: 'Personendaten löschen für Familie Keller' });
    await aktionen.click();
    expect(await knopf.textContent()).toBe('Personendaten löschen');
    expect(await page.getByRole('menuitem', { name: 'Familie Keller löschen' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    expect(await liste.getByRole('region', { name: 'Ohne Gruppe (1)' }).getByRole('button').count()).toBe(0);
    await zeile.screenshot({ path: path.join(SCREENSHOTS, 'personendaten-loeschen-familienzeile-desktop.png') });

    // Enter on the menu item opens the question; 'Abbrechen' has the focus, so a hasty Enter changes nothing
    const dialog = page.getByRole('dialog', { name: 'Personendaten löschen' });
    await aktionen.focus();
    await page.keyboard.press('ArrowUp');
    await poll(() => knopf.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.locator('.bestaetigung__text').textContent()).toBe(frage('Keller'));
    expect(await focusedText(page)).toBe('Abbrechen');
    expect(await dialog.getByRole('button', { name: 'Endgültig löschen' }).getAttribute('class')).toContain('btn--danger');
    await expectNoAxeViolations(page);
    await screenshot(page, 'personendaten-loeschen-dialog-desktop');
    await dialog.screenshot({ path: path.join(SCREENSHOTS, 'personendaten-loeschen-dialog-nur-desktop.png') });

    // Escape cancels: nothing is sent, the family stays
    await page.keyboard.press('Escape');
    await poll(() => dialog.isVisible()).toBe(false);
    expect(aufrufe).toEqual([]);
    expect(await zeile.count()).toBe(1);

    // asked again, Tab leads to 'Endgültig löschen' and Enter erases
    await aktionen.focus();
    await page.keyboard.press('ArrowUp');
    await poll(() => knopf.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await poll(() => dialog.isVisible()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('Endgültig löschen');
    await page.keyboard.press('Enter');
    await poll(() => toastText(page)).toBe(geloescht(1));
    expect(aufrufe).toHaveLength(1);
    // the list is read again: the family is gone from the active list
    await poll(() => liste.getByRole('heading', { name: 'Füchse (11)' }).isVisible()).toBe(true);
    expect(await zeile.count()).toBe(0);
    expect(await liste.getByText('Gelöschte Familie').count()).toBe(0);
    await closeToast(page);
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);

    // the family can no longer sign in
    expect(await loginStatus('Keller')).toBe(401);

    // the history (as admin): the group's rota names 'Gelöschte Familie 1' where it named Keller
    await page.goto(`${kita.baseUrl}/audit`);
    await page.getByRole('heading', { name: 'Verlauf', level: 1 }).waitFor();
    const filter = page.getByRole('region', { name: 'Verlauf filtern' });
    await filter.getByLabel('Bereich').selectOption('Rota');
    await filter.getByLabel('Gruppe').selectOption({ label: 'Füchse' });
    await filter.getByRole('button', { name: 'Anzeigen' }).click();
    await page.waitForURL('**/audit?kategorie=Rota*');
    const eintraege = page.getByRole('region', { name: 'Einträge' });
    const eingeteilt = eintraege.getByText(
      /^Gelöschte Familie 1 wird für den Wasserdienst KW \d+\/\d{4} eingeteilt \(Gruppe „Füchse“\)\.$/,
    );
    await poll(() => eingeteilt.count()).toBeGreaterThan(0);
    expect(await eintraege.getByText(/Der Wasserdienst KW \d+\/\d{4} von Gelöschte Familie 1 ist wieder frei/).count()).toBeGreaterThan(0);
    expect(await eintraege.getByText(/^Familie Fuchs wird für den Wasserdienst/).count()).toBeGreaterThan(0);
    expect(await eintraege.textContent()).not.toContain('Keller');
    expect(await page.locator('main').textContent()).not.toContain('Keller');
    await expectNoAxeViolations(page);
    await screenshot(page, 'personendaten-loeschen-verlauf-desktop');

    // and nowhere in the whole history
    const verlauf = await ganzerVerlauf();
    expect(verlauf).not.toContain('Keller');
    expect(verlauf).toContain('Gelöschte Familie 1');
    expect(verlauf).not.toContain('Familie Gelöschte Familie');
  }, 120_000);

  it('on a phone (375 px) by tap: a failed erasure says why and keeps the family; the next try erases it', async () => {
    const page = await openAdminCenter(PHONE);
    const aufrufe = loeschAufrufe(page);
    const liste = elternVerwaltung(page);
    const zeile = familienZeile(page, 'Moser');
    const aktionen = zeile.getByRole('button', { name: 'Aktionen für Familie Moser' });
    // 'Personendaten löschen' is in the row's 'Aktionen' menu
    const tippen = async () => {
      await aktionen.click();
      await page.getByRole('menuitem', { name: 'Personendaten löschen für Familie Moser' }).click();
    };
    const dialog = page.getByRole('dialog', { name: 'Personendaten löschen' });
    await poll(() => liste.getByRole('heading', { name: 'Eulen (12)' }).isVisible()).toBe(true);
    await aktionen.scrollIntoViewIfNeeded();
    await expectNoHorizontalScroll(page);
    await zeile.screenshot({ path: path.join(SCREENSHOTS, 'personendaten-loeschen-familienzeile-phone.png') });

    await tippen();
    await poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.locator('.bestaetigung__text').textContent()).toBe(frage('Moser'));
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'personendaten-loeschen-dialog-phone');
    await dialog.screenshot({ path: path.join(SCREENSHOTS, 'personendaten-loeschen-dialog-nur-phone.png') });

    // the server refuses once (made here): its German message in the toast, the family stays
    await page.route('**/api/admin/eltern/*/personendaten', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Der Dienst ist gerade nicht erreichbar. Bitte versuchen Sie es später erneut.' }),
      }),
    );
    await dialog.getByRole('button', { name: 'Endgültig löschen' }).click();
    await poll(() => toastText(page)).toBe(
      'Fehler beim Löschen der Personendaten: Der Dienst ist gerade nicht erreichbar. Bitte versuchen Sie es später erneut.',
    );
    expect(await zeile.count()).toBe(1);
    expect(await loginStatus('Moser')).toBe(200);
    await page.unroute('**/api/admin/eltern/*/personendaten');
    await closeToast(page);

    // tapped again and confirmed: erased
    await tippen();
    await poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Endgültig löschen' }).click();
    await poll(() => toastText(page)).toBe(geloescht(2));
    await poll(() => liste.getByRole('heading', { name: 'Eulen (11)' }).isVisible()).toBe(true);
    expect(await zeile.count()).toBe(0);
    expect(aufrufe).toHaveLength(2);
    expect(await loginStatus('Moser')).toBe(401);
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'personendaten-loeschen-erledigt-phone');
    expect(await ganzerVerlauf()).not.toContain('Moser');

    // the auditor's family view finds the erased family by its pseudonym, and only it: Keller, erased first, is number 1
    await page.goto(`${kita.baseUrl}/audit?familie=${encodeURIComponent('Gelöschte Familie 2')}`);
    await poll(() => page.getByRole('heading', { name: 'Alles zu einer Familie' }).isVisible()).toBe(true);
    const eintraege = page.getByRole('region', { name: 'Einträge' });
    await poll(() =>
      eintraege.getByText(/^Der Wasserdienst KW \d+\/\d{4} von Gelöschte Familie 2 ist wieder frei/).count(),
    ).toBeGreaterThan(0);
    expect(await eintraege.getByText('Die gelöschte Familie heißt von jetzt an „Gelöschte Familie 2“.').isVisible()).toBe(true);
    const text = (await eintraege.textContent()) ?? '';
    expect(text).not.toContain('Gelöschte Familie 1');
    expect(text).not.toContain('Familie Gelöschte Familie');
    expect(text).not.toContain('Moser');
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'personendaten-loeschen-familie-pseudonym-phone');
  }, 120_000);
});

if (!chromiumAvailable)
  describe("'Personendaten löschen' browser tests", () => {
    it.skip('skipped: Chromium is not installed at /usr/bin/chromium (apt-get install chromium; .ci/run does it)', () => {});
  });
