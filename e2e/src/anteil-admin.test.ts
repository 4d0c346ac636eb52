import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { heuteInBerlin, plusTage } from '@waldkita/domain/kalender/iso-woche';
import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumAvailable, DESKTOP, expectNoAxeViolations, expectNoHorizontalScroll, PHONE, screenshot } from './support/browser.js';
import { demoKita } from './support/demo-kita.js';
import { DEMO_ADMIN_EMAIL as ADMIN_EMAIL, closeToast, poll } from './support/session.js';

const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

type Eltern = {
  id: string;
  nachname: string;
  email: string;
  gruppe: { gruppenID: string; gruppenName: string } | null;
  anteil: number;
  anteilGrund: string | null;
  isAdmin: boolean;
};
type Saldo = { elternId: string; saldo: number; anteil: number };
type Planung = { gruppen: { gruppeId: string; gruppenName: string; zugewiesen: number; saldo: Saldo[] }[] };

/** '+1', '−1', '0', '+0,33': the balance as the result table writes it. */
const saldoText = (saldo: number) =>
  saldo === 0 ? '0' : `${saldo > 0 ? '+' : '−'}${Math.abs(saldo).toLocaleString('de-DE', { maximumFractionDigits: 2 })}`;

describe.skipIf(!chromiumAvailable)('Shares of the water duty and the balances of earlier seasons in the Admin Center (issue 17)', () => {
  const kita = demoKita();

  const admin = () => kita.login(ADMIN_EMAIL);
  const adminEltern = async (): Promise<Eltern[]> => {
    const { token } = await admin();
    const response = await fetch(`${kita.baseUrl}/api/admin/eltern`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    return (await response.json()) as Eltern[];
  };
  const familie = async (nachname: string) => {
    const e = (await adminEltern()).find((x) => x.nachname === nachname);
    if (!e) throw new Error(`no family ${nachname}`);
    return e;
  };

  /** The Admin Center at one of its sections (issue 24: each section has its own address). */
  const openAdminCenter = async (viewport: typeof PHONE, pfad = '/admin-dashboard', ueberschrift = 'Eltern Verwaltung') => {
    const page = await kita.openAs(await admin(), pfad, viewport);
    await poll(() => page.getByRole('heading', { name: ueberschrift, exact: true }).isVisible()).toBe(true);
    return page;
  };
  /** Opens the 'Aktionen' menu of a family's row and chooses 'Anteil setzen' from it. */
  const anteilSetzen = async (page: Page, nachname: string) => {
    await page.getByRole('button', { name: `Aktionen für Familie ${nachname}` }).click();
    await page.getByRole('menuitem', { name: `Anteil setzen für Familie ${nachname}` }).click();
  };
  const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
  const familienZeile = (page: Page, nachname: string) =>
    section(page, 'Eltern Verwaltung')
      .getByRole('listitem')
      .filter({ has: page.getByText(nachname, { exact: true }) });
  const toastText = (page: Page) => page.locator('.toast__text').first().textContent({ timeout: 10_000 });
  const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('name') ?? '');

  it('sets a share with its reason in a dialog, by keyboard, with German checks; the family row shows it (1280 px)', async () => {
    const page = await openAdminCenter(DESKTOP);
    const zeile = familienZeile(page, 'Wagner');
    // share 1 is every family's default and is not shown
    expect(await zeile.getByText(/^Anteil \d/).count()).toBe(0);
    const aktionen = zeile.getByRole('button', { name: 'Aktionen für Familie Wagner' });
    const dialog = page.getByRole('dialog', { name: 'Anteil am Wasserdienst' });

    // by keyboard: Enter opens the row's menu on 'Anteil setzen', Enter again the dialog, which starts at the current share
    await aktionen.focus();
    await page.keyboard.press('Enter');
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Anteil setzen für Familie Wagner');
    await page.keyboard.press('Enter');
    await poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByText('Familie Wagner').isVisible()).toBe(true);
    expect(await dialog.getByText('Bisher: Anteil 1 (üblich)').isVisible()).toBe(true);
    const anteil = dialog.getByLabel('Anteil', { exact: true });
    const grund = dialog.getByLabel('Grund', { exact: true });
    expect(await anteil.inputValue()).toBe('1');
    // the explanation belongs to the field: 0 means exempt
    const erklaerung = await anteil.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent);
    expect(erklaerung).toContain('0 – vom Wasserdienst befreit');
    await expectNoAxeViolations(page);

    // checked in German before anything is sent; the focus goes to the field to correct
    const aufrufe: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().endsWith('/anteil')) aufrufe.push(request.url());
    });
    const speichern = dialog.getByRole('button', { name: 'Anteil speichern' });
    await anteil.fill('7');
    await speichern.click();
    await poll(() => dialog.getByRole('alert').textContent()).toBe('Der Anteil muss eine ganze Zahl von 0 bis 5 sein.');
    expect(await focusedName(page)).toBe('anteil');
    expect(await anteil.getAttribute('aria-invalid')).toBe('true');
    await anteil.fill('2');
    await speichern.click();
    await poll(() => dialog.getByRole('alert').textContent()).toBe('Bitte geben Sie einen Grund für den Anteil an.');
    expect(await focusedName(page)).toBe('grund');
    expect(await grund.getAttribute('aria-invalid')).toBe('true');
    expect(await anteil.getAttribute('aria-invalid')).toBeNull();
    await expectNoAxeViolations(page);
    await screenshot(page, 'anteil-dialog-fehler-desktop');
    await dialog.screenshot({ path: path.join(SCREENSHOTS, 'anteil-dialog-fehler-nur-desktop.png') });
    expect(aufrufe).toEqual([]);

    await page.keyboard.type('Zwei Kinder in der Gruppe');
    expect(await dialog.getByText('25/300 Zeichen – erscheint im Verlauf').isVisible()).toBe(true);
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Abbrechen');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await poll(() => toastText(page)).toBe('Der Anteil von Familie Wagner ist jetzt 2.');
    await poll(() => dialog.isVisible()).toBe(false);
    expect(aufrufe).toHaveLength(1);

    // the row shows the share and its reason; the server agrees
    await poll(() => zeile.getByText('Anteil 2', { exact: true }).isVisible()).toBe(true);
    expect(await zeile.getByText('Grund für den Anteil: Zwei Kinder in der Gruppe').isVisible()).toBe(true);
    expect(await familie('Wagner')).toMatchObject({ anteil: 2, anteilGrund: 'Zwei Kinder in der Gruppe' });
    await closeToast(page);
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await zeile.screenshot({ path: path.join(SCREENSHOTS, 'anteil-familienzeile-desktop.png') });

    // opened again, it starts at the new share and names the reason; Escape changes nothing
    await anteilSetzen(page, 'Wagner');
    await poll(() => dialog.isVisible()).toBe(true);
    expect(await anteil.inputValue()).toBe('2');
    expect(await dialog.getByText('Bisher: Anteil 2 – Grund: „Zwei Kinder in der Gruppe“').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await poll(() => dialog.isVisible()).toBe(false);
    expect(aufrufe).toHaveLength(1);
  }, 90_000);

  it('exempts a family on a phone (375 px): share 0 reads “befreit”', async () => {
    const page = await openAdminCenter(PHONE);
    const zeile = familienZeile(page, 'Bauer');
    await anteilSetzen(page, 'Bauer');
    const dialog = page.getByRole('dialog', { name: 'Anteil am Wasserdienst' });
    await poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByLabel('Anteil', { exact: true }).fill('0');
    await dialog.getByLabel('Grund', { exact: true }).fill('Vorstand des Trägervereins');
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'anteil-dialog-phone');
    await dialog.screenshot({ path: path.join(SCREENSHOTS, 'anteil-dialog-nur-phone.png') });
    await dialog.getByRole('button', { name: 'Anteil speichern' }).click();
    await poll(() => toastText(page)).toBe('Familie Bauer ist vom Wasserdienst befreit.');
    await poll(() => zeile.getByText('Anteil 0 – befreit', { exact: true }).isVisible()).toBe(true);
    expect(await familie('Bauer')).toMatchObject({ anteil: 0, anteilGrund: 'Vorstand des Trägervereins' });
    await closeToast(page);
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await zeile.scrollIntoViewIfNeeded();
    await screenshot(page, 'anteil-admin-center-phone');
  }, 60_000);

  it('after the yearly import, “Wasserdienste planen” shows each family’s share and its balance from the season before (375 and 1280 px)', async () => {
    // The demo rota started 8 weeks ago: Fuchs … Hofmann did one duty each. The import retires
    // that season; with Bauer exempt and Wagner at share 2, Bauer is one duty ahead, Wagner one behind.
    const { token } = await admin();
    const auth = { authorization: `Bearer ${token}` };
    const bestaetigt = await fetch(`${kita.baseUrl}/api/admin/confirm-holidays`, { method: 'POST', headers: auth });
    expect(bestaetigt.status).toBe(200);
    const eltern = (await adminEltern()).filter((e) => !e.isAdmin && e.gruppe);
    const csv = [
      'Nachname Kind,Vorname Kind,Gruppe,Brief-E-Mail',
      ...eltern.map((e) => `${e.nachname},Kind,${e.gruppe!.gruppenName},${e.email}`),
    ].join('\n');
    const form = new FormData();
    form.append('csvFile', new Blob([csv], { type: 'text/csv' }), 'familien.csv');
    form.append('deadline', plusTage(heuteInBerlin(new Date()), 60));
    const importiert = await fetch(`${kita.baseUrl}/api/admin/import-eltern`, { method: 'POST', headers: auth, body: form });
    expect(importiert.status, await importiert.clone().text()).toBe(200);

    const fuechse = eltern.find((e) => e.nachname === 'Fuchs')!.gruppe!;
    const namen = new Map(eltern.map((e) => [e.id, e.nachname]));
    for (const [viewport, name] of [
      [PHONE, 'phone'],
      [DESKTOP, 'desktop'],
    ] as const) {
      const page = await openAdminCenter(viewport, '/admin-dashboard/planung', 'Wasserdienste planen');
      const planen = section(page, 'Wasserdienste planen');
      await planen.getByLabel('Gruppe').selectOption({ label: fuechse.gruppenName });
      const antwort: Promise<Response> = page.waitForResponse((r) => r.url().endsWith('/api/admin/wasserdienst/bulk-assign'));
      await planen.getByRole('button', { name: 'Wasserdienste planen' }).click();
      const plan = (await (await antwort).json()) as Planung;
      expect(plan.gruppen.map((g) => g.gruppenName)).toEqual([fuechse.gruppenName]);
      const saldo = plan.gruppen[0]!.saldo;
      expect(saldo).toHaveLength(12);

      const ergebnis = planen.getByRole('region', { name: 'Ergebnis der Planung' });
      await poll(() => ergebnis.isVisible()).toBe(true);
      expect(await ergebnis.getByText('Ausgleich aus früheren Saisons').isVisible()).toBe(true);
      const tabelle = ergebnis.getByRole('table', { name: fuechse.gruppenName });
      const kopf = (await tabelle.getByRole('columnheader').allTextContents()).map((t) => t.trim());
      expect(kopf).toEqual(['Familie', 'Anteil', 'Saldo']);
      // every family of the group with the share and balance the server planned with
      const gezeigt = new Map<string, string[]>();
      for (const row of await tabelle.getByRole('row').all()) {
        const kopfzelle = row.getByRole('rowheader');
        if ((await kopfzelle.count()) === 0) continue;
        gezeigt.set(
          ((await kopfzelle.textContent()) ?? '').trim(),
          (await row.getByRole('cell').allTextContents()).map((t) => t.trim()),
        );
      }
      expect(gezeigt.size).toBe(12);
      for (const s of saldo)
        expect(gezeigt.get(namen.get(s.elternId)!), namen.get(s.elternId)).toEqual([
          s.anteil === 0 ? '0 (befreit)' : String(s.anteil),
          saldoText(s.saldo),
        ]);
      expect(gezeigt.get('Bauer')).toEqual(['0 (befreit)', '+1']);
      expect(gezeigt.get('Wagner')).toEqual(['2', '−1']);
      expect(gezeigt.get('Fuchs')).toEqual(['1', '0']);
      await expectNoAxeViolations(page);
      await expectNoHorizontalScroll(page);
      await ergebnis.scrollIntoViewIfNeeded();
      await screenshot(page, `anteil-planung-saldo-${name}`);
      await ergebnis.screenshot({ path: path.join(SCREENSHOTS, `anteil-planung-ergebnis-${name}.png`) });
    }
  }, 120_000);
});

if (!chromiumAvailable)
  describe('Shares in the Admin Center browser tests', () => {
    it.skip('skipped: Chromium is not installed at /usr/bin/chromium (apt-get install chromium; .ci/run does it)', () => {});
  });
