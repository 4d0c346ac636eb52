import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { datumDeutsch, heuteInBerlin, plusTage } from '@waldkita/domain/kalender/iso-woche';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, DESKTOP, expectNoAxeViolations, expectNoHorizontalScroll, PHONE, screenshot } from './support/browser.js';
import { demoKita } from './support/demo-kita.js';
import { DEMO_ADMIN_EMAIL as ADMIN_EMAIL, poll } from './support/session.js';

const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');
const CSV = ['Nachname Kind,Vorname Kind,Gruppe,Brief-E-Mail', 'Ahorn,Lina,Füchse,familie.ahorn@example.org'].join('\n');

describe.skipIf(!chromiumAvailable)('CSV import: a deadline in the past, in Chromium against the built app', () => {
  const kita = demoKita();
  let dateien: string;

  beforeAll(async () => {
    // the holidays are confirmed, so the deadline is the only thing left to check
    const admin = await kita.login(ADMIN_EMAIL);
    const bestaetigt = await fetch(`${kita.baseUrl}/api/admin/confirm-holidays`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(bestaetigt.status, await bestaetigt.text()).toBe(200);
    dateien = mkdtempSync(path.join(tmpdir(), 'waldkita-frist-e2e-'));
    writeFileSync(path.join(dateien, 'familien.csv'), CSV);
  });
  afterAll(() => {
    if (dateien) rmSync(dateien, { recursive: true, force: true });
  });

  const openAdmin = (viewport: typeof PHONE) => kita.openAs(ADMIN_EMAIL, '/admin-dashboard/import', viewport);

  /** Fills file and deadline, then starts the import with the keyboard (Enter on the focused button). */
  const starteImport = async (page: Page, frist: string) => {
    await poll(() => page.getByRole('heading', { name: 'CSV Import' }).isVisible()).toBe(true);
    const csv = page.getByRole('region', { name: 'CSV Import', exact: true });
    await csv.getByLabel('CSV-Datei').setInputFiles(path.join(dateien, 'familien.csv'));
    await csv.getByLabel('Frist für Abwesenheitsmeldungen').fill(frist);
    await csv.getByRole('button', { name: 'CSV importieren' }).focus();
    await page.keyboard.press('Enter');
    return csv;
  };

  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)('names the past deadline in German before any confirmation dialog opens (%s), and sends nothing', async (name, viewport) => {
    const page = await openAdmin(viewport);
    const imports: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/admin/import-eltern')) imports.push(request.method());
    });
    const gestern = plusTage(heuteInBerlin(new Date()), -1);
    const csv = await starteImport(page, gestern);
    await poll(() => csv.getByRole('alert').textContent()).toBe(
      `Die Frist ${datumDeutsch(gestern)} liegt in der Vergangenheit. Bitte wählen Sie heute oder ein späteres Datum.`,
    );
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await csv.getByLabel('Frist für Abwesenheitsmeldungen').getAttribute('aria-invalid')).toBe('true');
    expect(imports).toEqual([]);
    await csv.getByRole('alert').scrollIntoViewIfNeeded();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await screenshot(page, `admin-import-frist-vergangen-${name}`);
    await csv.screenshot({ path: path.join(SCREENSHOTS, `admin-import-frist-vergangen-${name}-formular.png`) });

    // today is still a valid deadline: the first confirmation opens
    await csv.getByLabel('Frist für Abwesenheitsmeldungen').fill(heuteInBerlin(new Date()));
    await csv.getByRole('button', { name: 'CSV importieren' }).focus();
    await page.keyboard.press('Enter');
    const warnung = page.getByRole('dialog', { name: 'Achtung: Alle Daten werden ersetzt' });
    await poll(() => warnung.isVisible()).toBe(true);
    expect(await csv.getByRole('alert').count()).toBe(0);
    await page.keyboard.press('Escape');
    await poll(() => warnung.isVisible()).toBe(false);
    expect(imports).toEqual([]);
  });
});

if (!chromiumAvailable)
  describe('browser tests', () => {
    it.skip('skipped: Chromium is not installed at /usr/bin/chromium (apt-get install chromium; .ci/run does it)', () => {});
  });
