import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, DESKTOP, expectNoAxeViolations, expectNoHorizontalScroll, PHONE, screenshot } from './support/browser.js';
import { demoKita } from './support/demo-kita.js';
import { DEMO_ADMIN_EMAIL as ADMIN_EMAIL, poll as warte } from './support/session.js';

describe.skipIf(!chromiumAvailable)('holidays from the Admin Center on /schliesszeiten, in Chromium against the built app', () => {
  const kita = demoKita();

  beforeAll(async () => {
    // Christmas holidays as the Admin Center enters them: Wed 23.12.2026 – Fri 08.01.2027.
    const admin = await kita.login(ADMIN_EMAIL);
    const response = await fetch(`${kita.baseUrl}/api/admin/holidays-by-date-range`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ holidayType: 'Weihnachtsferien', startDate: '2026-12-23', endDate: '2027-01-08' }),
    });
    expect(response.status, await response.text()).toBe(201);
  });

  /** Leafs the month calendar to `titel` ('Dezember 2026'). */
  const blaettereZu = async (page: Page, titel: string) => {
    const monat = page.locator('.sz-cal__title');
    for (let i = 0; i < 24 && (await monat.textContent()) !== titel; i++)
      await page.getByRole('button', { name: 'Nächster Monat' }).click();
    expect(await monat.textContent()).toBe(titel);
  };
  /** A marked day of the calendar: a button named 'Mittwoch, 23. Dezember 2026: …' in a coloured cell. */
  const knopf = (page: Page, datum: string) => page.getByRole('button', { name: new RegExp(`, ${datum}( \\(heute\\))?:`) });
  /** The colour class and tooltip of a marked day ('23. Dezember 2026'). */
  const tag = async (page: Page, datum: string) => {
    const k = knopf(page, datum);
    return { klasse: await k.locator('xpath=..').getAttribute('class'), titel: await k.getAttribute('title') };
  };

  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)
    it(`a parent sees the Christmas holidays as closing weeks and days, in the calendar and the tabs (${name})`, async () => {
      const page = await kita.openAs('Fuchs', '/schliesszeiten', viewport);
      await warte(() => page.getByRole('heading', { level: 1, name: 'Schließzeiten & Events' }).isVisible()).toBe(true);
      const tabs = page.getByRole('tablist');
      await warte(() => tabs.getByRole('tab').allTextContents()).toEqual(['Schließzeiten (2)', 'Schließtage (3)', 'Events (0)']);

      // December: the days before Christmas are closing days, the week between the years a closing week.
      await blaettereZu(page, 'Dezember 2026');
      expect(await tag(page, '23. Dezember 2026')).toEqual({ klasse: 'sz-day sz-day--schliesstag', titel: 'Schließtag: Weihnachtsferien' });
      expect(await tag(page, '25. Dezember 2026')).toEqual({ klasse: 'sz-day sz-day--schliesstag', titel: 'Schließtag: Weihnachtsferien' });
      expect(await tag(page, '28. Dezember 2026')).toEqual({
        klasse: 'sz-day sz-day--woche',
        titel: 'Schließzeit KW 53: Weihnachtsferien',
      });
      expect(await page.getByTitle('Schließzeit KW 53: Weihnachtsferien', { exact: true }).count()).toBeGreaterThanOrEqual(4);
      // the Tuesday before is an ordinary day
      expect(await knopf(page, '22. Dezember 2026').count()).toBe(0);
      await expectNoAxeViolations(page);
      await expectNoHorizontalScroll(page);
      await screenshot(page, `ferien-schliesszeiten-dezember-${name}`);

      // January: KW 1/2027 is closed all week; Monday 11 January is an ordinary day again.
      await blaettereZu(page, 'Januar 2027');
      expect(await tag(page, '4. Januar 2027')).toEqual({ klasse: 'sz-day sz-day--woche', titel: 'Schließzeit KW 1: Weihnachtsferien' });
      expect(await tag(page, '8. Januar 2027')).toEqual({ klasse: 'sz-day sz-day--woche', titel: 'Schließzeit KW 1: Weihnachtsferien' });
      expect(await knopf(page, '11. Januar 2027').count()).toBe(0);

      // The tabs list them by year, with the holiday type as the description; the keyboard reaches them.
      const tab = (text: string) => tabs.getByRole('tab', { name: new RegExp(`^${text}`) });
      await tab('Schließzeiten').focus();
      expect(await tab('Schließzeiten').getAttribute('aria-selected')).toBe('true');
      expect(await page.getByRole('heading', { name: /^Jahr 20(26|27) \(1 Schließzeit\)$/ }).allTextContents()).toEqual([
        'Jahr 2027 (1 Schließzeit)',
        'Jahr 2026 (1 Schließzeit)',
      ]);
      expect(await page.locator('.sz-eintrag__titel').allTextContents()).toEqual(['KW 1', 'KW 53']);
      expect(await page.locator('.sz-eintrag__text').allTextContents()).toEqual(['Weihnachtsferien', 'Weihnachtsferien']);
      await page.keyboard.press('ArrowRight');
      expect(await tab('Schließtage').getAttribute('aria-selected')).toBe('true');
      await warte(() => page.locator('.sz-eintrag__text').allTextContents()).toEqual([
        'Weihnachtsferien',
        'Weihnachtsferien',
        'Weihnachtsferien',
      ]);
      expect(await page.getByRole('heading', { name: 'Jahr 2026 (3 Schließtage)' }).isVisible()).toBe(true);
      // parents only read: no add, edit or delete
      expect(await page.getByRole('button', { name: /bearbeiten|löschen|Neuer Schließtag/ }).count()).toBe(0);
      await expectNoAxeViolations(page);
      await expectNoHorizontalScroll(page);
      await screenshot(page, `ferien-schliesszeiten-januar-tage-${name}`);
    });

  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)
    it(`a closing week reads the same, Monday to Sunday, for parents and in the Admin Center (${name})`, async () => {
      const WOCHEN = ['04.01.2027 – 10.01.2027', '28.12.2026 – 03.01.2027'];
      // the parents' tab 'Schließzeiten': each week with its Monday and Sunday
      const eltern = await kita.openAs('Fuchs', '/schliesszeiten', viewport);
      await warte(() => eltern.locator('.sz-eintrag__titel').allTextContents()).toEqual(['KW 1', 'KW 53']);
      expect(await eltern.locator('.sz-eintrag__unter').allTextContents()).toEqual(WOCHEN);

      // the admin's holiday overview: the same weeks, written the same way
      const admin = await kita.openAs(ADMIN_EMAIL, '/admin-dashboard/ferien', viewport);
      await warte(() => admin.getByRole('heading', { name: 'Ferientermine verwalten' }).isVisible()).toBe(true);
      const woche = (jahr: number, kw: number) =>
        admin
          .getByRole('region', { name: String(jahr), exact: true })
          .locator('.ad-chip')
          .filter({ has: admin.getByText(`KW ${kw}`, { exact: true }) })
          .locator('.ad-chip__sub');
      await warte(() => woche(2027, 1).textContent()).toBe(WOCHEN[0]);
      expect(await woche(2026, 53).textContent()).toBe(WOCHEN[1]);
      await expectNoAxeViolations(admin);
      await expectNoHorizontalScroll(admin);
      await screenshot(admin, `ferien-schliesszeiten-admin-wochen-${name}`);
    });
});
