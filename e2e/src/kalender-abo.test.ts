import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumAvailable, DESKTOP, expectNoAxeViolations, expectNoHorizontalScroll, PHONE, screenshot } from './support/browser.js';
import { demoKita } from './support/demo-kita.js';
import { poll } from './support/session.js';

const FEED = /^http:\/\/127\.0\.0\.1:\d+\/api\/kalender\/[A-Za-z0-9_-]{43}\.ics$/;

describe.skipIf(!chromiumAvailable)("Dashboard: 'Kalender abonnieren', in Chromium against the built app", () => {
  const kita = demoKita();

  const openAs = async (nachname: string, viewport: { width: number; height: number }) => {
    const page = await kita.openAs(nachname, '/dashboard', viewport);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: kita.baseUrl });
    return page;
  };
  const bereich = (page: Page) => page.getByRole('region', { name: 'Kalender abonnieren' });
  const linkFeld = (page: Page) => bereich(page).getByLabel('Link zum Kopieren');
  const toastText = (page: Page) => page.locator('.toast__text').first().textContent({ timeout: 10_000 });
  /** Tabs forward from where the focus is until `ziel` has it: it is reachable by keyboard. */
  const tabBis = async (page: Page, ziel: Locator, hoechstens = 40) => {
    for (let i = 0; i < hoechstens; i++) {
      await page.keyboard.press('Tab');
      if (await ziel.evaluate((element) => element === document.activeElement)) return;
    }
    throw new Error(`not reached by ${hoechstens} presses of Tab`);
  };
  const feed = (url: string) => fetch(url);

  const durchlaufe = async (nachname: string, viewport: { width: number; height: number }, name: string) => {
    const page = await openAs(nachname, viewport);
    await poll(() => bereich(page).getByText('Sie haben noch kein Kalender-Abo.').isVisible()).toBe(true);
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await screenshot(page, `kalender-abo-ohne-${name}`);

    // set up by keyboard alone
    const einrichten = bereich(page).getByRole('button', { name: 'Kalender-Abo einrichten' });
    await tabBis(page, einrichten);
    await page.keyboard.press('Enter');
    await poll(() => toastText(page)).toBe('Kalender-Abo eingerichtet!');
    await poll(() => linkFeld(page).isVisible()).toBe(true);
    const url = await linkFeld(page).inputValue();
    expect(url).toMatch(FEED);
    expect(await bereich(page).getByRole('link', { name: 'Im Kalender öffnen' }).getAttribute('href')).toBe(
      url.replace(/^http:/, 'webcal:'),
    );
    const antwort = await feed(url);
    expect(antwort.status).toBe(200);
    expect(antwort.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(await antwort.text()).toMatch(/^BEGIN:VCALENDAR\r\n/);

    // copy by keyboard: the clipboard holds the https address
    await tabBis(page, bereich(page).getByRole('button', { name: 'Link kopieren' }));
    await page.keyboard.press('Enter');
    await poll(() => toastText(page)).toBe('Link kopiert!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

    // the instructions open
    await bereich(page).getByText('So abonnieren Sie den Kalender').click();
    await poll(() => bereich(page).getByText('Android und Google Kalender').isVisible()).toBe(true);
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await screenshot(page, `kalender-abo-link-${name}`);

    // renew, after the question that says the old link stops working
    await bereich(page).getByRole('button', { name: 'Link erneuern' }).click();
    const frage = page.getByRole('dialog', { name: 'Link erneuern?' });
    await poll(() => frage.getByText(/Der bisherige Link funktioniert danach nicht mehr/).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await screenshot(page, `kalender-abo-erneuern-${name}`);
    await frage.getByRole('button', { name: 'Link erneuern' }).click();
    await poll(() => toastText(page)).toBe('Neuer Link erstellt. Der bisherige Link funktioniert nicht mehr.');
    await poll(() => linkFeld(page).inputValue()).not.toBe(url);
    const neu = await linkFeld(page).inputValue();
    expect(neu).toMatch(FEED);
    expect((await feed(url)).status).toBe(404);
    expect((await feed(neu)).status).toBe(200);

    // after a reload the address is not shown again, only that there is one
    await page.reload();
    await poll(() =>
      bereich(page)
        .getByText(/^Ihr Kalender-Abo ist aktiv/)
        .isVisible(),
    ).toBe(true);
    expect(await linkFeld(page).count()).toBe(0);
    await expectNoAxeViolations(page);

    // end it, after the question
    await bereich(page).getByRole('button', { name: 'Abo beenden' }).click();
    const ende = page.getByRole('dialog', { name: 'Kalender-Abo beenden?' });
    await ende.getByRole('button', { name: 'Abo beenden' }).click();
    await poll(() => toastText(page)).toBe('Kalender-Abo beendet.');
    await poll(() => bereich(page).getByText('Sie haben noch kein Kalender-Abo.').isVisible()).toBe(true);
    expect((await feed(neu)).status).toBe(404);
    await expectNoAxeViolations(page);
  };

  it('a parent on a phone sets it up by keyboard, copies the link, renews and ends it', async () => {
    await durchlaufe('Fuchs', PHONE, 'phone');
  });

  it('a parent at 1280 px does the same', async () => {
    await durchlaufe('Bauer', DESKTOP, 'desktop');
  });
});
