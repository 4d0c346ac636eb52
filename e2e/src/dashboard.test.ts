import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allowBrowserProblems,
  chromiumAvailable,
  DESKTOP,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  PHONE,
  screenshot,
} from './support/browser.js';
import { startBuiltApp } from './support/built-app.js';
import { demoKita } from './support/demo-kita.js';
import { apiLogin, DEMO_ADMIN_EMAIL, demoEmail, openSignedIn, poll } from './support/session.js';
import { startWetterStandIn, type WetterStandIn } from './support/wetter-stand-in.js';

const KEINE_MITTEILUNGEN = 'Zukünftige Mitteilungen finden Sie hier.';
const LANGE_NACHRICHT = 'Liebe Eltern, am Freitag feiern wir das Laternenfest im Wald. Bitte bringt warme Kleidung und eine Laterne mit!';
const KURZE_NACHRICHT = 'Morgen bitte Gummistiefel mitbringen.';

describe.skipIf(!chromiumAvailable)('Dashboard: weather card and announcements, in Chromium against the built app', () => {
  // the weather stand-in starts before the app (demoKita below) and closes after it
  let wetter: WetterStandIn;
  beforeAll(async () => {
    // the stand-in answers its first call after 1.5 s
    wetter = await startWetterStandIn({ ersteAntwortNachMs: 1500 });
  });
  afterAll(() => wetter?.close());

  const kita = demoKita({ env: () => ({ WEATHER_API_URL: wetter.url }) });

  const openAs = (email: string, viewport = DESKTOP) => kita.openAs(email, '/dashboard', viewport);
  const wetterKarte = (page: Page) => page.getByRole('region', { name: 'Wetter in Kempten' });
  const mitteilungen = (page: Page) => page.getByRole('region', { name: 'Mitteilungen' });
  const tag = (page: Page, name: 'Heute' | 'Morgen') => wetterKarte(page).getByRole('listitem').filter({ hasText: name });
  const toastText = (page: Page) => page.locator('.toast__text').first().textContent({ timeout: 10_000 });

  it('a parent on a phone sees the weather of the local stand-in, asked by our server only, and no admin buttons', async () => {
    const fremd: string[] = [];
    const page = await openAs(demoEmail('Fuchs'), PHONE);
    page.on('request', (request) => {
      if (!request.url().startsWith(kita.baseUrl)) fremd.push(request.url());
    });

    // the stand-in answers its first call after 1.5 s: the card says it is loading
    await poll(() => wetterKarte(page).getByText('Lade Wetterdaten...').isVisible()).toBe(true);
    await poll(() => wetterKarte(page).getByText('aktuell').isVisible()).toBe(true);
    expect(await wetterKarte(page).locator('.wetter__aktuell').textContent()).toBe('3,4 °Caktuell');
    expect(await tag(page, 'Heute').getByRole('heading', { level: 3 }).textContent()).toBe('Heute');
    expect(await tag(page, 'Heute').locator('dl').textContent()).toBe('Max6,1 °CMin-1,2 °CNiederschlag0,4 mm');
    expect(await tag(page, 'Heute').getByRole('img').getAttribute('aria-label')).toBe('Regen');
    expect(await tag(page, 'Morgen').locator('dl').textContent()).toBe('Max23,5 °CMin8 °CNiederschlag0 mm');
    expect(await tag(page, 'Morgen').getByRole('img').getAttribute('aria-label')).toBe('Sonnig');
    expect(await wetterKarte(page).getByRole('link', { name: 'Open-Meteo' }).getAttribute('href')).toBe('https://open-meteo.com/');

    await poll(() => mitteilungen(page).getByText(KEINE_MITTEILUNGEN).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Neue Nachricht erstellen' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Nachrichten verwalten' }).count()).toBe(0);

    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await screenshot(page, 'dashboard-wetter-phone');
    expect(fremd).toEqual([]);
    expect(wetter.state.aufrufe).toBe(1);
  });

  it('an admin publishes announcements through the dialog; a parent in another browser sees the newest', async () => {
    const admin = await openAs(DEMO_ADMIN_EMAIL);
    const eltern = await openAs(demoEmail('Bauer'), PHONE);
    await poll(() => mitteilungen(eltern).getByText(KEINE_MITTEILUNGEN).isVisible()).toBe(true);

    const posts: string[] = [];
    admin.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/admin/mitteilungen')) posts.push(request.postData() ?? '');
    });

    await admin.getByRole('button', { name: 'Neue Nachricht erstellen' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Neue Nachricht erstellen' });
    await dialog.waitFor();
    // blank text: nothing happens
    await dialog.getByLabel('Nachricht').fill('   ');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    expect(await dialog.isVisible()).toBe(true);
    expect(posts).toEqual([]);
    // 'Abbrechen' closes without saving; the form starts empty next time
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await poll(() => dialog.isVisible()).toBe(false);
    await admin.getByRole('button', { name: 'Neue Nachricht erstellen' }).click();
    expect(await dialog.getByLabel('Nachricht').inputValue()).toBe('');

    await dialog.getByLabel('Nachricht').fill(LANGE_NACHRICHT);
    await expectNoAxeViolations(admin);
    await screenshot(admin, 'dashboard-neue-nachricht-desktop');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await poll(() => toastText(admin)).toBe('Nachricht erfolgreich gespeichert!');
    await poll(() => dialog.isVisible()).toBe(false);
    expect(posts.map((p) => JSON.parse(p))).toEqual([{ text: LANGE_NACHRICHT }]);
    // the admin's own dashboard shows it at once (read-your-writes), with date and author
    await poll(() => mitteilungen(admin).locator('.messages-panel__text').textContent()).toBe(LANGE_NACHRICHT);
    expect(await mitteilungen(admin).locator('.messages-panel__meta').textContent()).toMatch(
      /^\d\d\.\d\d\.\d{4}, \d\d:\d\d Uhr · Leitung$/,
    );
    // the toast goes away after 3 s
    await poll(() => admin.locator('.toast').count(), { timeout: 6000 }).toBe(0);

    // the parent's dashboard, loaded again, has it
    await poll(async () => {
      await eltern.reload();
      return mitteilungen(eltern).locator('.messages-panel__text').textContent();
    }).toBe(LANGE_NACHRICHT);
    expect(await eltern.getByRole('button', { name: 'Neue Nachricht erstellen' }).count()).toBe(0);
    await expectNoHorizontalScroll(eltern);
    await expectNoAxeViolations(eltern);
    await screenshot(eltern, 'dashboard-mitteilung-phone');

    // a second one becomes the announcement
    await admin.getByRole('button', { name: 'Neue Nachricht erstellen' }).click();
    await dialog.getByLabel('Nachricht').fill(`  ${KURZE_NACHRICHT}  `);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await poll(() => mitteilungen(admin).locator('.messages-panel__text').textContent()).toBe(KURZE_NACHRICHT);
    await expectNoAxeViolations(admin);
    await screenshot(admin, 'dashboard-mitteilung-admin-desktop');
  });

  it('the admin manages them on a phone: previews of 50 characters with an ellipsis, deletion until the placeholder is back', async () => {
    const admin = await openAs(DEMO_ADMIN_EMAIL, PHONE);
    await poll(() => mitteilungen(admin).locator('.messages-panel__text').textContent()).toBe(KURZE_NACHRICHT);
    await admin.getByRole('button', { name: 'Nachrichten verwalten' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Nachrichten verwalten' });
    await dialog.waitFor();
    const eintraege = dialog.getByRole('listitem');
    expect(await eintraege.locator('.nachrichten-liste__vorschau').allTextContents()).toEqual([
      KURZE_NACHRICHT,
      `${LANGE_NACHRICHT.slice(0, 50)}…`,
    ]);
    expect(await dialog.getByRole('button', { name: 'Löschen' }).count()).toBe(2);
    await expectNoHorizontalScroll(admin);
    await expectNoAxeViolations(admin);
    await screenshot(admin, 'dashboard-nachrichten-verwalten-phone');

    // the newest goes: the older one is the announcement again
    const frage = admin.getByRole('dialog', { name: 'Nachricht löschen?' });
    await eintraege.filter({ hasText: KURZE_NACHRICHT }).getByRole('button', { name: 'Löschen' }).click();
    await frage.getByRole('button', { name: 'Nachricht löschen' }).click();
    await poll(() => toastText(admin)).toBe('Nachricht gelöscht!');
    await poll(() => eintraege.count()).toBe(1);
    await poll(() => mitteilungen(admin).locator('.messages-panel__text').textContent()).toBe(LANGE_NACHRICHT);

    await eintraege.getByRole('button', { name: 'Löschen' }).click();
    await frage.getByRole('button', { name: 'Nachricht löschen' }).click();
    await poll(() => dialog.getByText('Keine Nachrichten vorhanden.').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Schließen', exact: true }).click();
    await poll(() => dialog.isVisible()).toBe(false);
    await poll(() => mitteilungen(admin).getByText(KEINE_MITTEILUNGEN).isVisible()).toBe(true);

    // and for the families too
    const eltern = await openAs(demoEmail('Fuchs'));
    await poll(() => mitteilungen(eltern).getByText(KEINE_MITTEILUNGEN).isVisible()).toBe(true);
  });

  it('with the weather stand-in stopped, a fresh app (nothing kept) says so in German instead of a spinner', async () => {
    await wetter.close();
    const frisch = await startBuiltApp({ WEATHER_API_URL: wetter.url });
    try {
      // one account is enough here (the weather card is the same for everyone)
      const email = 'leitung@kita.example';
      const created = await frisch.cli([
        'admin',
        'create-admin',
        '--email',
        email,
        '--password',
        'wetter-pruefen',
        '--nachname',
        'Leitung',
      ]);
      expect(created.code, created.stderr).toBe(0);
      const page = await openSignedIn(
        kita.browser,
        kita.contexts,
        frisch.baseUrl,
        await apiLogin(frisch.baseUrl, email, 'wetter-pruefen'),
        '/dashboard',
        DESKTOP,
      );
      // the server's answer when Open-Meteo cannot be reached; everything else must still be clean
      allowBrowserProblems(page, /^GET \/api\/wetter answered 503$/);
      await poll(() => wetterKarte(page).getByRole('status').textContent()).toBe(
        'Wetterdaten sind gerade nicht verfügbar. Bitte versuchen Sie es später erneut.',
      );
      expect(await wetterKarte(page).getByRole('listitem').count()).toBe(0);
      await expectNoAxeViolations(page);
      await screenshot(page, 'dashboard-wetter-nicht-verfuegbar-desktop');
    } finally {
      await frisch.stop();
    }
  }, 120_000); // a second app starts
});
