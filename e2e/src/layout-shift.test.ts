import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumAvailable, DESKTOP, PHONE, screenshot } from './support/browser.js';
import { demoKita } from './support/demo-kita.js';
import { poll } from './support/session.js';

/** Layout shifts as Lighthouse counts them (CLS): the sum of every shift no user input caused. */
const layoutShifts = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ summe: number; verschoben: string[] }>((resolve) => {
        const verschoben: string[] = [];
        let summe = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<
            PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] }
          >) {
            if (entry.hadRecentInput) continue;
            summe += entry.value;
            for (const source of entry.sources ?? []) {
              const node = source.node;
              if (node instanceof Element) verschoben.push(`${node.tagName.toLowerCase()}.${node.className} (${entry.value.toFixed(3)})`);
            }
          }
        }).observe({ type: 'layout-shift', buffered: true });
        // the observer reports the buffered entries in its first callback
        setTimeout(() => resolve({ summe, verschoben }), 200);
      }),
  );

/** Requests to `muster` wait until `freigeben` is called: to see a screen while one of its parts is still on its way. */
const zurueckgehalten = (muster: string) => {
  let freigeben = () => {};
  const freigegeben = new Promise<void>((resolve) => {
    freigeben = resolve;
  });
  const halte = (context: BrowserContext) =>
    context.route(muster, async (route) => {
      await freigegeben;
      await route.continue();
    });
  return { halte, freigeben: () => freigeben() };
};

describe.skipIf(!chromiumAvailable)('Screens keep their layout while their parts arrive (Chromium, built app)', () => {
  // the weather comes from startBuiltApp's own stand-in for Open-Meteo
  const kita = demoKita();

  for (const [viewport, name] of [
    [PHONE, 'phone'],
    [DESKTOP, 'desktop'],
  ] as const) {
    it(`the dashboard's cards take their final place at once (${name})`, async () => {
      // the browser's weather request waits until the loading card has been seen, on every run:
      // our server keeps the forecast, so only the first visit would otherwise wait for it
      const wetter = zurueckgehalten('**/api/wetter');
      const page = await kita.openAs('Fuchs', '/dashboard', viewport, { vorDemLaden: wetter.halte });
      const karte = page.getByRole('region', { name: 'Wetter in Kempten' });
      await poll(() => karte.getByText('Lade Wetterdaten...').isVisible()).toBe(true);
      await screenshot(page, `dashboard-laden-${name}`);
      wetter.freigeben();
      await poll(() => karte.getByText('aktuell').isVisible()).toBe(true);
      await poll(() => page.getByText('Zukünftige Mitteilungen finden Sie hier.').isVisible()).toBe(true);
      await poll(() => page.getByRole('button', { name: 'Kalender-Abo einrichten' }).isVisible()).toBe(true);
      const { summe, verschoben } = await layoutShifts(page);
      expect(summe, verschoben.join('\n')).toBeLessThan(0.1);
    });

    it(`the duty calendar arrives after the list, in the place kept for it (${name})`, async () => {
      const page = await kita.openAs('Fuchs', '/wasserdienst', viewport);
      await poll(() => page.getByText('Meine Wasserdienste:').isVisible()).toBe(true);
      await poll(() => page.locator('.fc-event').count(), { timeout: 15_000 }).toBeGreaterThan(0);
      const { summe, verschoben } = await layoutShifts(page);
      expect(summe, verschoben.join('\n')).toBeLessThan(0.1);
      const hoehe = await page.locator('.wd-calendar .fc').evaluate((el) => el.getBoundingClientRect().height);
      console.log(`calendar ${name}: ${Math.round(hoehe)} px, shifts ${summe.toFixed(4)}`);
    });
  }

  it('the duty calendar waits for the closed weeks, so it is laid out once; without them it comes anyway', async () => {
    // held back until the placeholder has been seen: the calendar must not be drawn without them
    const schliesszeiten = zurueckgehalten('**/api/api/schliesszeiten**');
    const page = await kita.openAs('Fuchs', '/wasserdienst', PHONE, { vorDemLaden: schliesszeiten.halte });
    await poll(() => page.getByText('Meine Wasserdienste:').isVisible()).toBe(true);
    await poll(() => page.getByText('Lade Kalender...').isVisible()).toBe(true);
    await page.waitForTimeout(1000);
    expect(await page.locator('.wd-calendar .fc').count()).toBe(0);
    schliesszeiten.freigeben();
    await poll(() => page.locator('.fc-event').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await page.getByText('Lade Kalender...').count()).toBe(0);

    // closing times that cannot be read leave the calendar without them, not without a calendar
    const ohne = await kita.openAs('Fuchs', '/wasserdienst', DESKTOP, {
      vorDemLaden: (context) => context.route('**/api/api/schliesszeiten**', (route) => route.fulfill({ status: 503, json: {} })),
    });
    await poll(() => ohne.locator('.fc-event').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  });
});
