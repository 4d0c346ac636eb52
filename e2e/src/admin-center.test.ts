import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { aktuelleWoche, montagDerWoche, plusTage } from '@waldkita/domain/kalender/iso-woche';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, DESKTOP, expectNoAxeViolations, expectNoHorizontalScroll, PHONE, screenshot } from './support/browser.js';
import { demoKita } from './support/demo-kita.js';
import { DEMO_ADMIN_EMAIL as ADMIN_EMAIL, closeToast, poll } from './support/session.js';

/** The sections of the Admin Center: menu link, address, heading. */
const BEREICHE = [
  ['Familien', '/admin-dashboard/familien', 'Eltern Verwaltung'],
  ['Gruppen & Export', '/admin-dashboard/gruppen', 'Gruppen & Export'],
  ['Ferientermine', '/admin-dashboard/ferien', 'Ferientermine verwalten'],
  ['CSV Import', '/admin-dashboard/import', 'CSV Import'],
  ['Wasserdienste planen', '/admin-dashboard/planung', 'Wasserdienste planen'],
  ['Dienstarten', '/admin-dashboard/dienstarten', 'Dienstarten'],
  ['Arbeitseinsätze', '/admin-dashboard/einsaetze', 'Arbeitseinsätze'],
  ['Stunden', '/admin-dashboard/stunden', 'Stunden'],
] as const;

const VIEWPORTS = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;

/** The family list as German spreadsheets save it: semicolons, Windows-1252 (umlauts as single bytes). */
const CSV_EXCEL = Buffer.from(
  [
    'Nachname Kind;Vorname Kind;Gruppe;Brief-E-Mail',
    'Fuchs;Mila;Füchse;familie.fuchs@demo.waldkita.example',
    'Höfer;Jörg;Füchse;familie.hoefer@example.org',
    'Eule;Ida;Eulen;familie.eule@demo.waldkita.example',
  ].join('\r\n'),
  'latin1',
);

describe.skipIf(!chromiumAvailable)('Admin Center at kindergarten size (issue 24), in Chromium against the built app', () => {
  const kita = demoKita();
  let dateien: string;

  beforeAll(() => {
    dateien = mkdtempSync(path.join(tmpdir(), 'waldkita-admin-center-'));
    writeFileSync(path.join(dateien, 'familien-excel.csv'), CSV_EXCEL);
  });
  afterAll(() => {
    if (dateien) rmSync(dateien, { recursive: true, force: true });
  });

  const openAdmin = (pfad: string, viewport: { width: number; height: number } = DESKTOP) => kita.openAs(ADMIN_EMAIL, pfad, viewport);
  const ueberschrift = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });
  const bereiche = (page: Page) => page.getByRole('navigation', { name: 'Bereiche des Admin Centers' });
  const toastText = (page: Page) => page.locator('.toast__text').textContent();
  const fokussiert = (page: Page) =>
    page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent);
  const zaehleSchreibvorgaenge = (page: Page, pfad: string) => {
    const gesendet: Request[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === pfad) gesendet.push(request);
    });
    return gesendet;
  };

  for (const [name, viewport] of VIEWPORTS)
    it(`has one section per address, a menu to jump between them, usable by keyboard (${name})`, async () => {
      const page = await openAdmin('/admin-dashboard', viewport);
      await poll(() => ueberschrift(page, 'Eltern Verwaltung').isVisible()).toBe(true);
      const links = bereiche(page).getByRole('link');
      expect(await links.allTextContents()).toEqual(BEREICHE.map(([link]) => link));
      for (const [link, pfad] of BEREICHE) expect(await links.filter({ hasText: link }).first().getAttribute('href'), link).toBe(pfad);
      // /admin-dashboard opens the first section; only one section at a time
      expect(await bereiche(page).getByRole('link', { name: 'Familien' }).getAttribute('aria-current')).toBe('page');
      expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual(['Eltern Verwaltung']);
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);
      await screenshot(page, `admin-bereiche-familien-${name}`);

      // by keyboard: Tab from one link to the next, Enter opens the section
      await bereiche(page).getByRole('link', { name: 'Familien' }).focus();
      await page.keyboard.press('Tab');
      expect(await fokussiert(page)).toBe('Gruppen & Export');
      await page.keyboard.press('Tab');
      expect(await fokussiert(page)).toBe('Ferientermine');
      await page.keyboard.press('Enter');
      await page.waitForURL('**/admin-dashboard/ferien');
      await poll(() => ueberschrift(page, 'Ferientermine verwalten').isVisible()).toBe(true);
      expect(await bereiche(page).getByRole('link', { name: 'Ferientermine' }).getAttribute('aria-current')).toBe('page');
      expect(await bereiche(page).getByRole('link', { name: 'Familien' }).getAttribute('aria-current')).toBeNull();
      expect(await fokussiert(page)).toBe('Ferientermine');

      // every section under its own address, loaded directly
      for (const [link, pfad, titel] of BEREICHE) {
        await page.goto(`${kita.baseUrl}${pfad}`);
        await poll(() => ueberschrift(page, titel).isVisible(), { message: pfad }).toBe(true);
        expect(await bereiche(page).getByRole('link', { name: link, exact: true }).getAttribute('aria-current')).toBe('page');
        await expectNoHorizontalScroll(page);
        await expectNoAxeViolations(page);
        await screenshot(page, `admin-bereich-${pfad.split('/').at(-1)}-${name}`);
      }
      // the browser's back button goes to the section before
      await page.goBack();
      await poll(() => ueberschrift(page, BEREICHE.at(-2)![2]).isVisible()).toBe(true);
      // an address no section has leads to the first
      await page.goto(`${kita.baseUrl}/admin-dashboard/unbekannt`);
      await page.waitForURL((url) => url.pathname === '/admin-dashboard');
      await poll(() => ueberschrift(page, 'Eltern Verwaltung').isVisible()).toBe(true);
    });

  for (const [name, viewport] of VIEWPORTS)
    it(`searches the families by name, child and e-mail as one types (${name})`, async () => {
      const page = await openAdmin('/admin-dashboard/familien', viewport);
      await poll(() => ueberschrift(page, 'Eltern Verwaltung').isVisible()).toBe(true);
      const suche = page.getByRole('searchbox', { name: 'Familien suchen' });
      const aktionen = page.getByRole('button', { name: /^Aktionen für Familie / });
      const ergebnis = page.getByRole('status').filter({ hasText: /^\d+ von \d+ Familien? gefunden$/ });
      expect(await suche.getAttribute('aria-describedby')).toBeTruthy();
      const alle = await aktionen.count();
      expect(alle).toBe(24);

      await suche.pressSequentially('wol');
      await poll(() => aktionen.allTextContents()).toHaveLength(1);
      expect(await page.getByRole('button', { name: 'Aktionen für Familie Wolf' }).isVisible()).toBe(true);
      expect(await ergebnis.textContent()).toBe('1 von 25 Familien gefunden');
      expect(await page.getByRole('heading', { name: 'Füchse (1 von 12)' }).isVisible()).toBe(true);
      expect(await page.getByRole('heading', { name: /^Eulen/ }).count()).toBe(0);
      await expectNoAxeViolations(page);
      await screenshot(page, `admin-familien-suche-${name}`);

      // by the child's name, in any case
      await suche.fill('FRIEDA');
      await poll(() => page.getByRole('button', { name: 'Aktionen für Familie Winter' }).isVisible()).toBe(true);
      expect(await aktionen.count()).toBe(1);
      // by e-mail address
      await suche.fill('familie.seidl@');
      await poll(() => page.getByRole('button', { name: 'Aktionen für Familie Seidl' }).isVisible()).toBe(true);
      expect(await aktionen.count()).toBe(1);
      // the admin's own entry is found too; it has no actions
      await suche.fill('leitung@demo');
      await poll(() => page.getByText('Leitung', { exact: true }).isVisible()).toBe(true);
      expect(await aktionen.count()).toBe(0);

      await suche.fill('xyz');
      await poll(() => ergebnis.count()).toBe(0);
      await poll(() => page.getByRole('status').filter({ hasText: 'Keine Familie gefunden für „xyz“.' }).isVisible()).toBe(true);
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);
      await screenshot(page, `admin-familien-suche-leer-${name}`);

      await suche.fill('');
      await poll(() => aktionen.count()).toBe(alle);
      expect(await page.getByRole('heading', { name: 'Füchse (12)' }).isVisible()).toBe(true);
    });

  for (const [name, viewport] of VIEWPORTS)
    it(`offers one 'Aktionen' menu per family, after the WAI-ARIA menu button pattern (${name})`, async () => {
      const page = await openAdmin('/admin-dashboard', viewport);
      await poll(() => ueberschrift(page, 'Eltern Verwaltung').isVisible()).toBe(true);
      const zeile = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Aktionen für Familie Fuchs' }) });
      const knopf = page.getByRole('button', { name: 'Aktionen für Familie Fuchs' });
      const menue = page.getByRole('menu', { name: 'Aktionen für Familie Fuchs' });
      // one button per row instead of five
      expect(await zeile.getByRole('button').count()).toBe(1);
      expect(await knopf.textContent()).toBe('Aktionen');
      expect(await knopf.getAttribute('aria-haspopup')).toBe('menu');
      expect(await knopf.getAttribute('aria-expanded')).toBe('false');

      // Enter opens it on the first item
      await knopf.focus();
      await page.keyboard.press('Enter');
      await poll(() => menue.isVisible()).toBe(true);
      expect(await knopf.getAttribute('aria-expanded')).toBe('true');
      expect(await menue.getByRole('menuitem').allTextContents()).toEqual([
        'Anteil setzen',
        'Rolle ändern…',
        'Passwort setzen',
        'Löschen',
        'Personendaten löschen',
      ]);
      expect(await fokussiert(page)).toBe('Anteil setzen für Familie Fuchs');
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);
      await screenshot(page, `admin-aktionen-menue-${name}`);
      // arrows move round, Home and End jump
      await page.keyboard.press('ArrowDown');
      expect(await fokussiert(page)).toBe('Rolle ändern für Familie Fuchs');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowUp');
      expect(await fokussiert(page)).toBe('Personendaten löschen für Familie Fuchs');
      await page.keyboard.press('ArrowDown');
      expect(await fokussiert(page)).toBe('Anteil setzen für Familie Fuchs');
      await page.keyboard.press('End');
      expect(await fokussiert(page)).toBe('Personendaten löschen für Familie Fuchs');
      await page.keyboard.press('Home');
      expect(await fokussiert(page)).toBe('Anteil setzen für Familie Fuchs');
      // Escape closes it and gives the focus back
      await page.keyboard.press('Escape');
      await poll(() => menue.count()).toBe(0);
      expect(await knopf.getAttribute('aria-expanded')).toBe('false');
      expect(await fokussiert(page)).toBe('Aktionen für Familie Fuchs');

      // Space and ArrowDown open it on the first item, ArrowUp on the last
      await page.keyboard.press('Space');
      await poll(() => fokussiert(page)).toBe('Anteil setzen für Familie Fuchs');
      await page.keyboard.press('Escape');
      await page.keyboard.press('ArrowDown');
      await poll(() => fokussiert(page)).toBe('Anteil setzen für Familie Fuchs');
      await page.keyboard.press('Escape');
      await page.keyboard.press('ArrowUp');
      await poll(() => fokussiert(page)).toBe('Personendaten löschen für Familie Fuchs');
      // Tab closes it and moves on
      await page.keyboard.press('Tab');
      await poll(() => menue.count()).toBe(0);

      // an item does what its button did: 'Rolle ändern…' opens its dialog; closing it returns to the menu's button
      await knopf.focus();
      await page.keyboard.press('Enter');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Rolle ändern' });
      await poll(() => dialog.isVisible()).toBe(true);
      expect(await menue.count()).toBe(0);
      await page.keyboard.press('Escape');
      await poll(() => dialog.isVisible()).toBe(false);
      expect(await fokussiert(page)).toBe('Aktionen für Familie Fuchs');

      // a click elsewhere closes it
      await knopf.click();
      await poll(() => menue.isVisible()).toBe(true);
      await ueberschrift(page, 'Eltern Verwaltung').click();
      await poll(() => menue.count()).toBe(0);
      // an admin in no group has nothing to choose
      expect(await page.getByRole('button', { name: 'Aktionen für Familie Leitung' }).count()).toBe(0);
    });

  it("sends a new family once for a double click on 'Anlegen', and closes the dialog even when a repeat reached the server", async () => {
    const page = await openAdmin('/admin-dashboard');
    await poll(() => ueberschrift(page, 'Eltern Verwaltung').isVisible()).toBe(true);
    const gesendet = zaehleSchreibvorgaenge(page, '/api/admin/eltern');
    const dialog = page.getByRole('dialog', { name: 'Neuer Elternteil' });
    const ausfuellen = async (nachname: string) => {
      await page.getByRole('button', { name: '+ Neuer Elternteil' }).click();
      await poll(() => dialog.isVisible()).toBe(true);
      await dialog.getByLabel('Nachname').fill(nachname);
      await dialog.getByLabel('E-Mail').fill(`familie.${nachname.toLowerCase()}@example.org`);
      await dialog.getByLabel('Gruppe').selectOption('Eulen');
    };

    await ausfuellen('Ahorn');
    await dialog.getByRole('button', { name: 'Anlegen' }).dblclick();
    await poll(() => toastText(page)).toBe('Familie Ahorn wurde angelegt und per E-Mail benachrichtigt.');
    await poll(() => dialog.isVisible()).toBe(false);
    expect(gesendet).toHaveLength(1);
    await poll(() => page.getByRole('heading', { name: 'Eulen (13)' }).isVisible()).toBe(true);
    await closeToast(page);

    // a repeat that slipped through (sent twice with the same key): the server answers it with the
    // first answer, so the dialog closes with the success, and there is one family
    await page.route('**/api/admin/eltern', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const [erste, zweite] = await Promise.all([route.fetch(), route.fetch()]);
      expect([erste.status(), zweite.status()]).toEqual([201, 201]);
      expect(await zweite.json()).toEqual(await erste.json());
      await route.fulfill({ response: zweite });
    });
    await ausfuellen('Birke');
    await dialog.getByRole('button', { name: 'Anlegen' }).click();
    await poll(() => toastText(page)).toBe('Familie Birke wurde angelegt und per E-Mail benachrichtigt.');
    await poll(() => dialog.isVisible()).toBe(false);
    await poll(() => page.getByRole('heading', { name: 'Eulen (14)' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Aktionen für Familie Birke' }).count()).toBe(1);
    expect(gesendet.every((r) => r.headers()['idempotency-key'])).toBe(true);
  });

  for (const [name, viewport] of VIEWPORTS)
    it(`warns, without refusing, when a holiday's type does not fit its dates (${name})`, async () => {
      const page = await openAdmin('/admin-dashboard/ferien', viewport);
      await poll(() => ueberschrift(page, 'Ferientermine verwalten').isVisible()).toBe(true);
      const formular = page.getByRole('region', { name: 'Ferientermine verwalten', exact: true });
      const hinweis = formular.locator('.ad-plausibel');
      expect(await hinweis.getAttribute('role')).toBe('status');
      const jahr = aktuelleWoche(new Date()).jahr + (name === 'phone' ? 3 : 2);
      await formular.getByLabel('Ferienart').selectOption('Sommerferien');
      await formular.getByLabel('Startdatum').fill(`${jahr}-12-21`);
      await formular.getByLabel('Enddatum').fill(`${jahr + 1}-01-06`);
      await poll(() => hinweis.textContent()).toBe(
        'Hinweis: Sommerferien liegen in Bayern meist von Ende Juli bis Mitte September. Bitte prüfen Sie Art und Zeitraum.',
      );
      expect(await formular.getByLabel('Startdatum').getAttribute('aria-describedby')).toBe(await hinweis.getAttribute('id'));
      expect(await formular.getByRole('alert').count()).toBe(0);
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);
      await screenshot(page, `admin-ferien-hinweis-${name}`);
      // the right type: the hint goes
      await formular.getByLabel('Ferienart').selectOption('Weihnachtsferien');
      await poll(() => hinweis.textContent()).toBe('');
      // a hint only: it is entered as it is
      await formular.getByLabel('Ferienart').selectOption('Sommerferien');
      await poll(() => hinweis.textContent()).not.toBe('');
      await formular.getByRole('button', { name: 'Ferienzeitraum hinzufügen' }).click();
      await poll(() => toastText(page)).toBe('Ferienzeitraum erfolgreich erstellt');
      await poll(() =>
        page
          .getByRole('region', { name: String(jahr) })
          .getByText(/^Sommerferien/)
          .isVisible(),
      ).toBe(true);
    });

  for (const [name, viewport] of VIEWPORTS)
    it(`names the import's date for what it sets and says which files it reads (${name})`, async () => {
      const page = await openAdmin('/admin-dashboard/import', viewport);
      await poll(() => ueberschrift(page, 'CSV Import').isVisible()).toBe(true);
      const csv = page.getByRole('region', { name: 'CSV Import', exact: true });
      const frist = csv.getByLabel('Frist für Abwesenheitsmeldungen');
      expect(await frist.getAttribute('type')).toBe('date');
      expect(await csv.getByLabel('Fälligkeitsdatum').count()).toBe(0);
      const dateiHinweis = await csv.getByLabel('CSV-Datei').evaluate((input) => {
        const id = input.getAttribute('aria-describedby') ?? '';
        return document.getElementById(id)?.textContent ?? '';
      });
      expect(dateiHinweis).toContain('Getrennt durch Semikolon und im Zeichensatz Windows-1252, wie Excel und LibreOffice speichern');
      expect(dateiHinweis).toContain('Komma und UTF-8 gehen auch');
      expect(dateiHinweis).not.toContain('UTF-8 empfohlen');
      // the spec's validation text stays
      await csv.getByLabel('CSV-Datei').setInputFiles(path.join(dateien, 'familien-excel.csv'));
      await csv.getByRole('button', { name: 'CSV importieren' }).click();
      await poll(() => csv.getByRole('alert').textContent()).toMatch(
        /^(Bitte wählen Sie ein Fälligkeitsdatum für die Wasserdienst-Zuweisung aus\.|Ferientermine müssen zuerst bestätigt werden)$/,
      );
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);
      await screenshot(page, `admin-import-formular-${name}`);
    });

  it('imports once for a double click on the last button, and shows the result also when a repeat reached the server', async () => {
    const { token } = await kita.login(ADMIN_EMAIL);
    const bestaetigt = await fetch(`${kita.baseUrl}/api/admin/confirm-holidays`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bestaetigt.status).toBeLessThan(300);

    const page = await openAdmin('/admin-dashboard/import', PHONE);
    await poll(() => ueberschrift(page, 'CSV Import').isVisible()).toBe(true);
    const gesendet = zaehleSchreibvorgaenge(page, '/api/admin/import-eltern');
    const csv = page.getByRole('region', { name: 'CSV Import', exact: true });
    const phrase = page.getByRole('dialog', { name: 'Import endgültig bestätigen' });
    const frist = plusTage(montagDerWoche(aktuelleWoche(new Date())), 60);
    const importieren = async () => {
      await csv.getByLabel('Frist für Abwesenheitsmeldungen').fill(frist);
      await csv.getByLabel('CSV-Datei').setInputFiles(path.join(dateien, 'familien-excel.csv'));
      await csv.getByRole('button', { name: 'CSV importieren' }).click();
      await page.getByRole('dialog', { name: 'Achtung: Alle Daten werden ersetzt' }).getByRole('button', { name: 'Weiter' }).click();
      await poll(() => phrase.isVisible()).toBe(true);
      await phrase.getByLabel('Geben Sie zur Bestätigung DATENBANK LÖSCHEN ein').fill('DATENBANK LÖSCHEN');
    };

    // the semicolons and Windows-1252 of a spreadsheet, double-clicked: one request, the result
    await importieren();
    await phrase.getByRole('button', { name: 'Daten ersetzen und importieren' }).dblclick();
    await poll(() => toastText(page)).toBe('CSV erfolgreich importiert! Alle vorherigen Daten wurden ersetzt.');
    const fertig = csv.getByRole('region', { name: 'Import abgeschlossen' });
    await poll(() => fertig.isVisible()).toBe(true);
    expect(await phrase.isVisible()).toBe(false);
    expect(gesendet).toHaveLength(1);
    const zahl = (feld: string) => fertig.locator('.ad-counts__item', { hasText: feld }).locator('dd').textContent();
    expect(await zahl('Importiert')).toBe('3');
    expect(await zahl('Fehler')).toBe('0');
    await expectNoAxeViolations(page);
    await screenshot(page, 'admin-import-doppelklick-phone');
    await closeToast(page);

    // a repeat that reached the server (the same key): the same upload is sent with the page's key
    // first, so the page's own request arrives as the repeat; it gets the first answer and the
    // result panel shows (Chromium does not hand a file upload's body to route.fetch)
    let erstesMal: number | undefined;
    await page.route('**/api/admin/import-eltern', async (route) => {
      const schluessel = route.request().headers()['idempotency-key'];
      expect(schluessel).toBeTruthy();
      const form = new FormData();
      form.append('csvFile', new Blob([CSV_EXCEL], { type: 'text/csv' }), 'familien-excel.csv');
      form.append('deadline', frist);
      const erste = await fetch(`${kita.baseUrl}/api/admin/import-eltern`, {
        method: 'POST',
        headers: { authorization: route.request().headers().authorization ?? '', 'idempotency-key': schluessel ?? '' },
        body: form,
      });
      erstesMal = erste.status;
      await route.continue();
    });
    await importieren();
    await phrase.getByRole('button', { name: 'Daten ersetzen und importieren' }).click();
    await poll(() => toastText(page)).toBe('CSV erfolgreich importiert! Alle vorherigen Daten wurden ersetzt.');
    await poll(() => fertig.isVisible()).toBe(true);
    expect(erstesMal).toBe(200);
    expect(await zahl('Importiert')).toBe('3');

    // the umlauts of the Windows-1252 file arrived as they were written
    await page.getByRole('navigation', { name: 'Bereiche des Admin Centers' }).getByRole('link', { name: 'Familien' }).click();
    await poll(() => page.getByRole('heading', { name: 'Füchse (2)' }).isVisible()).toBe(true);
    expect(await page.getByText('Kind: Jörg').isVisible()).toBe(true);
    await expectNoAxeViolations(page);
  }, 60_000);
});

if (!chromiumAvailable)
  describe('Admin Center at kindergarten size', () => {
    it.skip('skipped: Chromium is not installed at /usr/bin/chromium (apt-get install chromium; .ci/run does it)', () => {});
  });
