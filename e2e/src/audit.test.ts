import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumAvailable, expectNoAxeViolations, expectNoHorizontalScroll, PHONE, screenshot } from './support/browser.js';
import { demoKita } from './support/demo-kita.js';
import { DEMO_ADMIN_EMAIL as ADMIN_EMAIL, demoEmail as email, poll, type Login as SessionLogin } from './support/session.js';

type Zuweisung = { id: string; kalenderwoche: number; jahr: number; tauschbar: boolean; angeboten: boolean };
type Eltern = { id: string; nachname: string; gruppe: { gruppenID: string; gruppenName: string } | null };
type Login = SessionLogin<Eltern>;

/** How the swap dialogs name a week, and how the audit trail does. */
const kwMitJahr = (w: { kalenderwoche: number; jahr: number }) => `KW ${w.kalenderwoche} (${w.jahr})`;
const kwSlashJahr = (w: { kalenderwoche: number; jahr: number }) => `KW ${w.kalenderwoche}/${w.jahr}`;

describe.skipIf(!chromiumAvailable)('Verlauf (audit trail), in Chromium against the built app', () => {
  const kita = demoKita<Eltern>();
  const { login, openAs } = kita;

  const visible = (page: Page, text: string) => page.getByText(text, { exact: true }).first().isVisible();

  const firstOfferable = async (who: Login) => {
    const response = await fetch(`${kita.baseUrl}/api/wasserdienst/my-assignments`, { headers: { authorization: `Bearer ${who.token}` } });
    const week = ((await response.json()) as Zuweisung[]).find((z) => z.tauschbar && !z.angeboten);
    if (!week) throw new Error(`Familie ${who.eltern.nachname} has no offerable week in the demo rota`);
    return week;
  };

  it('two families swap in the UI; the admin makes a parent an auditor, who reads the swap in German and follows it to its story', {
    timeout: 120_000,
  }, async () => {
    const fuchs = await login(email('Fuchs'));
    const bauer = await login(email('Bauer'));
    const x = await firstOfferable(fuchs);
    const y = await firstOfferable(bauer);

    // Fuchs offers week x through the Tausch-Börse
    const pageA = await openAs(fuchs, '/tauschboerse');
    await pageA.getByRole('region', { name: 'Meine Tausch-Anfragen' }).waitFor({ timeout: 15_000 });
    await pageA.getByRole('button', { name: 'Neuen Tausch anbieten' }).click();
    const angebot = pageA.getByRole('dialog', { name: 'Neuen Tausch anbieten' });
    await angebot.getByLabel('Ihr Wasserdienst').selectOption({ label: kwMitJahr(x) });
    await angebot.getByRole('button', { name: 'Tausch erstellen' }).click();
    await poll(() => visible(pageA, 'Tausch-Anfrage erfolgreich erstellt!')).toBe(true);

    // Bauer (phone) takes it and gives week y
    const pageB = await openAs(bauer, '/tauschboerse', PHONE);
    const offer = pageB
      .getByRole('region', { name: 'Verfügbare Tausch-Angebote' })
      .getByRole('listitem')
      .filter({ hasText: `KW ${x.kalenderwoche} / ${x.jahr}` });
    await poll(() => offer.isVisible()).toBe(true);
    await offer.getByRole('button', { name: 'Tausch annehmen' }).click();
    const annahme = pageB.getByRole('dialog', { name: 'Tausch-Angebot annehmen' });
    await annahme.getByLabel('Ihr Wasserdienst im Tausch').selectOption({ label: kwMitJahr(y) });
    await annahme.getByRole('button', { name: 'Tausch bestätigen' }).click();
    await poll(() => visible(pageB, 'Tausch-Anfrage erfolgreich angenommen!')).toBe(true);

    // The admin grants 'Prüfer (Verlauf)' to Familie Seidl in the Admin Center
    const admin = await login(ADMIN_EMAIL);
    const adminPage = await openAs(admin, '/admin-dashboard');
    const aktionen = adminPage.getByRole('button', { name: 'Aktionen für Familie Seidl' });
    await aktionen.waitFor({ timeout: 15_000 });
    await aktionen.click();
    await adminPage.getByRole('menuitem', { name: 'Rolle ändern für Familie Seidl' }).click();
    const rollenDialog = adminPage.getByRole('dialog', { name: 'Rolle ändern' });
    await rollenDialog.getByRole('radio', { name: /^Prüfer \(Verlauf\)/ }).check();
    await rollenDialog.getByRole('button', { name: 'Rolle speichern' }).click();
    await poll(() => visible(adminPage, 'Familie Seidl ist jetzt Prüfer (Verlauf) und kann nur noch lesen.')).toBe(true);
    await expectNoAxeViolations(adminPage);
    await screenshot(adminPage, 'verlauf-admin-pruefer-desktop');

    // Seidl signs in: the dashboard has the 'Verlauf' tile, which leads to /audit
    const seidl = await login(email('Seidl'));
    const page = await openAs(seidl, '/dashboard');
    await page.getByRole('link', { name: 'Verlauf' }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'verlauf-dashboard-pruefer-desktop');
    await page.getByRole('link', { name: 'Verlauf' }).click();
    await page.waitForURL('**/audit');
    await page.getByRole('heading', { name: 'Verlauf', level: 1 }).waitFor();
    const liste = page.getByRole('region', { name: 'Einträge' });
    await poll(() => liste.getByRole('listitem').count()).toBeGreaterThan(0);

    // Only the swaps; Enter in a field of the filter shows them
    await page.getByLabel('Bereich').selectOption('Tausch');
    await page.getByLabel('Von').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/audit?kategorie=Tausch*');
    const angeboten = `Familie Fuchs bietet den Wasserdienst ${kwSlashJahr(x)} zum Tausch an.`;
    const getauscht = `Familie Bauer übernimmt ${kwSlashJahr(x)} von Familie Fuchs und gibt dafür ${kwSlashJahr(y)} ab.`;
    await poll(() => visible(page, getauscht)).toBe(true);
    expect(await visible(page, angeboten)).toBe(true);
    const eintrag = liste.getByRole('listitem').filter({ hasText: getauscht });
    expect(await eintrag.textContent()).toMatch(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}/);
    expect(await eintrag.textContent()).toContain('Wer: Familie Bauer');
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await screenshot(page, 'verlauf-tausch-desktop');

    // The plan right after the swap: week x is Bauer's now
    await eintrag.getByRole('button', { name: 'Dienstplan danach' }).click();
    const plan = page.getByRole('table', { name: /^Gruppe „Füchse“, nach dem Eintrag vom/ });
    await poll(() => plan.isVisible()).toBe(true);
    const zeileX = plan.getByRole('row').filter({ hasText: kwSlashJahr(x) });
    expect(await zeileX.getByRole('cell').allTextContents()).toEqual([
      kwSlashJahr(x),
      expect.stringMatching(/^\d{2}\.\d{2}\.\d{4}$/),
      'Bauer',
    ]);
    expect(
      await plan
        .getByRole('row')
        .filter({ hasText: kwSlashJahr(y) })
        .getByRole('cell')
        .nth(2)
        .textContent(),
    ).toBe('Fuchs');
    await expectNoAxeViolations(page);

    // The export for the parents' council downloads a CSV of this selection
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'CSV exportieren' }).click()]);
    expect(download.suggestedFilename()).toBe('verlauf.csv');
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.startsWith('\uFEFF"Position";"Zeit";"Verlauf"')).toBe(true);
    expect(csv).toContain(getauscht);

    // Following the link leads to the swap's story
    await eintrag.getByRole('link', { name: 'Tausch ansehen' }).click();
    await page.waitForURL('**/audit/tausch/*');
    await page.getByRole('heading', { name: 'Tausch im Verlauf', level: 1 }).waitFor();
    await poll(() => visible(page, 'Angenommen von')).toBe(true);
    const fakten = (await page.locator('.vl-fakten').textContent()) ?? '';
    expect(fakten).toContain(`Familie Fuchs: ${kwSlashJahr(x)}`);
    expect(fakten).toContain(`Familie Bauer, im Tausch gegen ${kwSlashJahr(y)}`);
    expect(await visible(page, angeboten)).toBe(true);
    expect(await visible(page, getauscht)).toBe(true);
    await expectNoAxeViolations(page);
    await screenshot(page, 'verlauf-tausch-geschichte-desktop');

    // The same on a phone
    const phone = await openAs(seidl, '/audit?kategorie=Tausch', PHONE);
    await poll(() => visible(phone, getauscht)).toBe(true);
    await expectNoHorizontalScroll(phone);
    await expectNoAxeViolations(phone);
    await screenshot(phone, 'verlauf-tausch-phone');
    await phone.getByRole('listitem').filter({ hasText: getauscht }).getByRole('link', { name: 'Tausch ansehen' }).click();
    await poll(() => visible(phone, 'Angenommen von')).toBe(true);
    await expectNoHorizontalScroll(phone);
    await expectNoAxeViolations(phone);
    await screenshot(phone, 'verlauf-tausch-geschichte-phone');
  });

  it('the admin reads the whole history, pages through it and sees a plan as it stood', async () => {
    const admin = await login(ADMIN_EMAIL);
    const page = await openAs(admin, '/dashboard', PHONE);
    await page.getByRole('link', { name: 'Verlauf' }).click();
    const liste = page.getByRole('region', { name: 'Einträge' });
    await poll(() => liste.getByRole('listitem').count()).toBe(50);
    const stand = page.getByText(/^Seite 1 von \d+$/);
    expect(await stand.isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Nächste Seite →' }).click();
    await poll(() => page.getByText(/^Seite 2 von \d+$/).isVisible()).toBe(true);
    expect(page.url()).toContain('page=2');

    const abschnitt = page.getByRole('region', { name: 'Dienstplan zu einem Zeitpunkt' });
    await abschnitt.getByLabel('Gruppe').selectOption({ label: 'Eulen' });
    await abschnitt.getByRole('button', { name: 'Plan anzeigen' }).click();
    const plan = abschnitt.getByRole('table');
    await poll(() => plan.isVisible()).toBe(true);
    expect(await plan.getByRole('columnheader').allTextContents()).toEqual(['KW', 'Datum (Freitag)', 'Familie']);
    expect(await plan.getByRole('row').count()).toBeGreaterThan(5);
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await screenshot(page, 'verlauf-plan-phone');

    // a moment before anything was planned: nothing yet
    await abschnitt.getByLabel('Zeitpunkt').fill('2020-01-01T08:00');
    await abschnitt.getByRole('button', { name: 'Plan anzeigen' }).click();
    await poll(() => visible(page, 'Zu diesem Zeitpunkt war in dieser Gruppe kein Wasserdienst eingetragen.')).toBe(true);
  });

  it('a parent has no Verlauf tile and is sent back from /audit with a German message', async () => {
    const huber = await login(email('Huber'));
    const dashboard = await openAs(huber, '/dashboard', PHONE);
    await dashboard.getByRole('link', { name: 'Wasserdienst' }).waitFor();
    expect(await dashboard.getByRole('link', { name: 'Verlauf' }).count()).toBe(0);

    const page = await openAs(huber, '/audit', PHONE);
    await poll(() => visible(page, 'Zugriff verweigert')).toBe(true);
    expect(await visible(page, 'Den Verlauf dürfen nur Prüfer und die Leitung einsehen.')).toBe(true);
    await expectNoAxeViolations(page);
    await screenshot(page, 'verlauf-verweigert-phone');
    await page.waitForURL('**/dashboard', { timeout: 10_000 });

    // and the server agrees, whatever the browser believes
    const response = await fetch(`${kita.baseUrl}/api/audit/events`, { headers: { authorization: `Bearer ${huber.token}` } });
    expect(response.status).toBe(403);
  });
});

if (!chromiumAvailable)
  describe('browser tests', () => {
    it.skip('skipped: Chromium is not installed at /usr/bin/chromium (apt-get install chromium; .ci/run does it)', () => {});
  });
