import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { aktuelleWoche, datumDeutsch, montagDerWoche, plusTage } from '@waldkita/domain/kalender/iso-woche';
import type { Locator, Page } from 'playwright-core';
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
import { demoKita } from './support/demo-kita.js';
import { DEMO_ADMIN_EMAIL as ADMIN_EMAIL, closeToast, poll } from './support/session.js';

const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

const PARENT_EMAIL = 'familie.fuchs@demo.waldkita.example';

/** A holiday range far from the weeks planned below: KW 44 of next year and the Monday after it. */
const FERIEN_JAHR = aktuelleWoche(new Date()).jahr + 1;
const FERIEN_VON = montagDerWoche({ jahr: FERIEN_JAHR, kalenderwoche: 44 });
const FERIEN_BIS = plusTage(FERIEN_VON, 7);

/** The yearly family list: a sibling row (skipped), a known family (keeps its login), new families in both groups. */
const CSV_GUT = [
  'Nachname Kind,Vorname Kind,Gruppe,Brief-E-Mail',
  'Ahorn,Lina,Füchse,familie.ahorn@example.org',
  'Birke,Max,Füchse,familie.birke@example.org',
  'Birke,Ella,Füchse,familie.birke@example.org',
  'Fuchs,Mila,Füchse,familie.fuchs@demo.waldkita.example',
  'Eiche,Tom,Eulen,familie.eiche@example.org',
  'Esche,Ida,Eulen,familie.esche@example.org',
].join('\n');
const CSV_FEHLERHAFT = [
  'Nachname Kind,Vorname Kind,Gruppe,Brief-E-Mail',
  'Ahorn,Lina,Füchse,keine-adresse',
  'Birke,,Füchse,familie.birke@example.org',
].join('\n');

describe.skipIf(!chromiumAvailable)('Admin Center, in Chromium against the built app', () => {
  const kita = demoKita();
  const { openAs } = kita;
  let dateien: string;

  beforeAll(async () => {
    dateien = mkdtempSync(path.join(tmpdir(), 'waldkita-admin-e2e-'));
    writeFileSync(path.join(dateien, 'familien-2026.csv'), CSV_GUT);
    writeFileSync(path.join(dateien, 'familien-fehler.csv'), CSV_FEHLERHAFT);
    writeFileSync(path.join(dateien, 'notiz.pdf'), '%PDF-1.4');
  });
  afterAll(() => {
    if (dateien) rmSync(dateien, { recursive: true, force: true });
  });

  /**
   * Answers the question that `ausloesen` opens (the confirmation dialog titled `titel`) with the
   * button `antwort`, or cancels it; returns the question's text.
   */
  const beantworte = async (page: Page, titel: string, ausloesen: () => Promise<void>, antwort: string | null) => {
    const frage = page.getByRole('dialog', { name: titel });
    await ausloesen();
    await poll(() => frage.isVisible()).toBe(true);
    const text = (await frage.locator('.bestaetigung__text').textContent()) ?? '';
    await frage.getByRole('button', { name: antwort ?? 'Abbrechen', exact: true }).click();
    await poll(() => frage.isVisible()).toBe(false);
    return text;
  };

  const toastText = (page: Page) => page.locator('.toast__text').textContent();
  const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
  const waitForAdminCenter = async (page: Page, ueberschrift = 'Eltern Verwaltung') => {
    await poll(() => page.getByRole('heading', { name: ueberschrift, exact: true }).isVisible()).toBe(true);
  };
  const bereiche = (page: Page) => page.getByRole('navigation', { name: 'Bereiche des Admin Centers' });
  /** Opens a section of the Admin Center through its menu and waits for its heading. */
  const oeffneBereich = async (page: Page, link: string, ueberschrift: string) => {
    await bereiche(page).getByRole('link', { name: link, exact: true }).click();
    await waitForAdminCenter(page, ueberschrift);
  };
  /** Chooses `aktion` (a menu item's name) from the 'Aktionen' menu of the family `nachname`. */
  const familienAktion = async (page: Page, nachname: string, aktion: string) => {
    await page.getByRole('button', { name: `Aktionen für Familie ${nachname}` }).click();
    const menue = page.getByRole('menu', { name: `Aktionen für Familie ${nachname}` });
    await poll(() => menue.isVisible()).toBe(true);
    await menue.getByRole('menuitem', { name: aktion }).click();
  };

  it('a parent who opens /admin-dashboard is refused and lands on the dashboard after 2 s', async () => {
    const page = await openAs(PARENT_EMAIL, '/dashboard', PHONE);
    const adminCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/admin')) adminCalls.push(request.url());
    });
    await page.goto(`${kita.baseUrl}/admin-dashboard`);
    await poll(() => page.getByRole('heading', { name: 'Zugriff verweigert' }).isVisible()).toBe(true);
    expect(await page.getByText('Sie haben keine Berechtigung für das Admin Dashboard.').isVisible()).toBe(true);
    expect(await page.getByRole('alert').textContent()).toBe('Zugriff verweigert. Admin-Berechtigung erforderlich.');
    await screenshot(page, 'admin-zugriff-verweigert-phone');
    expect(new URL(page.url()).pathname).toBe('/admin-dashboard');
    await page.waitForURL('**/dashboard', { timeout: 5000 });
    await poll(() => page.getByText('Familie Fuchs').isVisible()).toBe(true);
    // nothing of the admin area was asked of the server
    expect(adminCalls).toEqual([]);
  }, 60_000);

  it('the admin reaches the Admin Center from the dashboard and sees the parents by group', async () => {
    const page = await openAs(ADMIN_EMAIL, '/dashboard');
    // slow the parents' list down a little to see the waiting state
    await page.route('**/api/admin/eltern', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await page.getByRole('link', { name: 'Admin Center' }).click();
    await page.waitForURL('**/admin-dashboard');
    await poll(() => page.getByRole('status').filter({ hasText: 'Lade Admin Dashboard...' }).isVisible()).toBe(true);
    await waitForAdminCenter(page);

    const eltern = section(page, 'Eltern Verwaltung');
    for (const gruppe of ['Eulen (12)', 'Füchse (12)', 'Ohne Gruppe (1)'])
      expect(await eltern.getByRole('heading', { name: gruppe }).isVisible(), gruppe).toBe(true);
    const ohneGruppe = eltern.getByRole('region', { name: 'Ohne Gruppe (1)' });
    expect(await ohneGruppe.getByText('Leitung', { exact: true }).isVisible()).toBe(true);
    expect(await ohneGruppe.getByText('Admin', { exact: true }).isVisible()).toBe(true);
    expect(await ohneGruppe.getByText('Geschützt').isVisible()).toBe(true);
    expect(await ohneGruppe.getByRole('button').count()).toBe(0);
    expect(await eltern.getByRole('button', { name: 'Aktionen für Familie Fuchs' }).isVisible()).toBe(true);
    // /admin-dashboard opens the first section, 'Familien'
    expect(await bereiche(page).getByRole('link', { name: 'Familien' }).getAttribute('aria-current')).toBe('page');
    await expectNoAxeViolations(page);
    await screenshot(page, 'admin-center-familien-desktop');

    await oeffneBereich(page, 'Ferientermine', 'Ferientermine verwalten');
    expect(new URL(page.url()).pathname).toBe('/admin-dashboard/ferien');
    expect(await page.getByText('Ferientermine sind noch nicht bestätigt').isVisible()).toBe(true);
    expect(await page.getByText('Noch keine Ferientermine eingetragen.').isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'admin-center-desktop');

    await page.setViewportSize(PHONE);
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await screenshot(page, 'admin-center-phone');
  }, 60_000);

  it('creates a family through the dialog and deletes families, reporting the weeks that became free', async () => {
    const page = await openAs(ADMIN_EMAIL, '/admin-dashboard');
    await waitForAdminCenter(page);

    await page.getByRole('button', { name: '+ Neuer Elternteil' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neuer Elternteil' });
    await poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Anlegen' }).click();
    await poll(() => dialog.getByRole('alert').textContent()).toBe('Bitte füllen Sie alle Felder aus');
    expect(await dialog.getByLabel('E-Mail').getAttribute('type')).toBe('email');
    await dialog.getByLabel('Nachname').fill('Tanne');
    await dialog.getByLabel('E-Mail').fill('familie.tanne@example.org');
    await dialog.getByLabel('Gruppe').selectOption('Eulen');
    await expectNoAxeViolations(page);
    await screenshot(page, 'admin-neuer-elternteil-desktop');
    await dialog.getByRole('button', { name: 'Anlegen' }).click();
    await poll(() => toastText(page)).toBe('Familie Tanne wurde angelegt und per E-Mail benachrichtigt.');
    expect(await dialog.isVisible()).toBe(false);
    const eltern = section(page, 'Eltern Verwaltung');
    await poll(() => eltern.getByRole('heading', { name: 'Eulen (13)' }).isVisible()).toBe(true);

    // the same e-mail again: the server refuses, the dialog stays open and shows the reason
    await page.getByRole('button', { name: '+ Neuer Elternteil' }).click();
    await dialog.getByLabel('Nachname').fill('Tanne');
    await dialog.getByLabel('E-Mail').fill('familie.tanne@example.org');
    await dialog.getByLabel('Gruppe').selectOption('Eulen');
    await dialog.getByRole('button', { name: 'Anlegen' }).click();
    await poll(() => dialog.getByRole('alert').last().textContent()).toBe(
      'Fehler beim Erstellen: Diese E-Mail-Adresse ist bereits vergeben.',
    );
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await poll(() => dialog.isVisible()).toBe(false);

    // cancelling the question keeps the family
    const tanneLoeschen = () => familienAktion(page, 'Tanne', 'Familie Tanne löschen');
    expect(await beantworte(page, 'Familie löschen?', tanneLoeschen, null)).toContain('Familie Tanne');
    expect(await eltern.getByRole('button', { name: 'Aktionen für Familie Tanne' }).isVisible()).toBe(true);

    await beantworte(page, 'Familie löschen?', tanneLoeschen, 'Familie löschen');
    await poll(() => toastText(page)).toBe('Tanne wurde erfolgreich gelöscht');
    await poll(() => eltern.getByRole('heading', { name: 'Eulen (12)' }).isVisible()).toBe(true);

    // a family of the demo rota has duties ahead: they become free and the toast names them
    await beantworte(page, 'Familie löschen?', () => familienAktion(page, 'Bauer', 'Familie Bauer löschen'), 'Familie löschen');
    await poll(() => toastText(page)).toMatch(
      /^Bauer wurde erfolgreich gelöscht\. Frei gewordene Wochen: KW \d+\/\d{4}(, KW \d+\/\d{4})*$/,
    );
    await poll(() => eltern.getByRole('heading', { name: 'Füchse (11)' }).isVisible()).toBe(true);
    expect(await eltern.getByRole('button', { name: 'Aktionen für Familie Bauer' }).count()).toBe(0);
  }, 60_000);

  it('reports a failed read with the server’s message and offers to try again', async () => {
    const page = await openAs(ADMIN_EMAIL, '/dashboard');
    let fehlschlagen = true;
    allowBrowserProblems(page, /^GET \/api\/admin\/holiday-overview-all answered 500$/);
    await page.route('**/api/admin/holiday-overview-all', (route) =>
      fehlschlagen
        ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Datenbank nicht erreichbar' }) })
        : route.continue(),
    );
    await page.goto(`${kita.baseUrl}/admin-dashboard/ferien`);
    await waitForAdminCenter(page, 'Ferientermine verwalten');
    await poll(() => page.getByRole('alert').first().textContent()).toBe(
      'Fehler beim Laden der Ferienübersicht: Datenbank nicht erreichbar',
    );
    const ferien = section(page, 'Ferientermine verwalten');
    expect(await ferien.getByText('Die Ferienübersicht konnte nicht geladen werden.').isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    fehlschlagen = false;
    await ferien.getByRole('button', { name: 'Erneut versuchen' }).click();
    await poll(() => ferien.getByText('Noch keine Ferientermine eingetragen.').isVisible()).toBe(true);
  }, 60_000);

  it('adds a holiday range, deletes a single day, and confirms the holidays, which unblocks the CSV import', async () => {
    const page = await openAs(ADMIN_EMAIL, '/admin-dashboard/ferien');
    await waitForAdminCenter(page, 'Ferientermine verwalten');
    const ferien = section(page, 'Ferientermine verwalten');
    const hinzufuegen = ferien.getByRole('button', { name: 'Ferienzeitraum hinzufügen' });

    await hinzufuegen.click();
    await poll(() => ferien.getByRole('alert').textContent()).toBe('Bitte Ferienart und einen gültigen Datumsbereich auswählen');
    await ferien.getByLabel('Ferienart').selectOption('Herbstferien');
    await ferien.getByLabel('Startdatum').fill(FERIEN_BIS);
    await ferien.getByLabel('Enddatum').fill(FERIEN_VON);
    await hinzufuegen.click();
    await poll(() => ferien.getByRole('alert').textContent()).toBe('Das Startdatum darf nicht nach dem Enddatum liegen.');

    await ferien.getByLabel('Startdatum').fill(FERIEN_VON);
    await ferien.getByLabel('Enddatum').fill(FERIEN_BIS);
    await hinzufuegen.click();
    await poll(() => toastText(page)).toBe('Ferienzeitraum erfolgreich erstellt');
    const jahr = ferien.getByRole('region', { name: String(FERIEN_JAHR) });
    await poll(() => jahr.getByText('KW 44', { exact: true }).isVisible()).toBe(true);
    expect(await jahr.getByText(/^Herbstferien/).isVisible()).toBe(true);
    const tag = datumDeutsch(FERIEN_BIS);
    expect(await jahr.getByText(tag, { exact: true }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await screenshot(page, 'admin-ferien-desktop');

    await beantworte(
      page,
      'Ferientag löschen?',
      () => jahr.getByRole('button', { name: `Ferientag ${tag} löschen` }).click(),
      'Ferientag löschen',
    );
    await poll(() => toastText(page)).toBe('Ferientag gelöscht');
    await poll(() => jahr.getByText(tag, { exact: true }).count()).toBe(0);
    expect(await jahr.getByText('KW 44', { exact: true }).isVisible()).toBe(true);

    // a whole week of another type, deleted as a week; a bridge day, deleted with 'Alle Brückentage {year} löschen'
    await ferien.getByLabel('Ferienart').selectOption('Fortbildung');
    await ferien.getByLabel('Startdatum').fill(plusTage(FERIEN_VON, 14));
    await ferien.getByLabel('Enddatum').fill(plusTage(FERIEN_VON, 18));
    await hinzufuegen.click();
    await poll(() => jahr.getByText('KW 46', { exact: true }).isVisible()).toBe(true);
    await beantworte(
      page,
      'Ferienwoche löschen?',
      () => jahr.getByRole('button', { name: `Ferienwoche KW 46/${FERIEN_JAHR} löschen` }).click(),
      'Ferienwoche löschen',
    );
    await poll(() => toastText(page)).toBe('Ferienwoche gelöscht');
    await poll(() => jahr.getByText('KW 46', { exact: true }).count()).toBe(0);

    await ferien.getByLabel('Ferienart').selectOption('Brückentag');
    await ferien.getByLabel('Startdatum').fill(plusTage(FERIEN_VON, 25));
    await ferien.getByLabel('Enddatum').fill(plusTage(FERIEN_VON, 25));
    await hinzufuegen.click();
    await poll(() => jahr.getByText(/^Brückentag/).isVisible()).toBe(true);
    const alleFrage = await beantworte(
      page,
      `Brückentag ${FERIEN_JAHR} löschen?`,
      () => jahr.getByRole('button', { name: `Alle Brückentage ${FERIEN_JAHR} löschen` }).click(),
      'Alle löschen',
    );
    await poll(() => toastText(page)).toBe('Brückentag Wochen gelöscht');
    expect(alleFrage).toContain('Brückentag');
    await poll(() => jahr.getByText(/^Brückentag/).count()).toBe(0);
    expect(await jahr.getByText(/^Herbstferien/).isVisible()).toBe(true);

    // the import is blocked until the holidays are confirmed; its banner leads to the holidays
    await oeffneBereich(page, 'CSV Import', 'CSV Import');
    const csv = section(page, 'CSV Import');
    expect(await csv.getByText('Ferientermine müssen zuerst bestätigt werden').first().isVisible()).toBe(true);
    await csv.getByLabel('CSV-Datei').setInputFiles(path.join(dateien, 'familien-2026.csv'));
    await csv.getByRole('button', { name: 'CSV importieren' }).click();
    await poll(() => csv.getByRole('alert').textContent()).toBe('Ferientermine müssen zuerst bestätigt werden');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await csv.getByRole('link', { name: '„Ferientermine verwalten“' }).click();
    await waitForAdminCenter(page, 'Ferientermine verwalten');
    expect(new URL(page.url()).pathname).toBe('/admin-dashboard/ferien');

    const frage = await beantworte(
      page,
      'Ferientermine bestätigen?',
      () => ferien.getByRole('button', { name: 'Ferientermine bestätigen' }).click(),
      'Ferientermine bestätigen',
    );
    await poll(() => toastText(page)).toBe('Ferientermine bestätigt! CSV-Import ist jetzt möglich.');
    expect(frage).toContain('bestätigen');
    await poll(() => ferien.getByText('Ferientermine sind bestätigt').isVisible()).toBe(true);
    expect(await ferien.getByRole('button', { name: 'Ferientermine bestätigen' }).count()).toBe(0);
    await oeffneBereich(page, 'CSV Import', 'CSV Import');
    await poll(() => csv.getByText('Ferientermine müssen zuerst bestätigt werden').count()).toBe(0);
  }, 60_000);

  it('imports a CSV file through both confirmation dialogs and shows the result, also for a refused file', async () => {
    const page = await openAs(ADMIN_EMAIL, '/admin-dashboard/import', PHONE);
    await waitForAdminCenter(page, 'CSV Import');
    const csv = section(page, 'CSV Import');
    const importieren = csv.getByRole('button', { name: 'CSV importieren' });

    // checked before anything is sent: file, its type, the deadline
    await importieren.click();
    await poll(() => csv.getByRole('alert').textContent()).toBe('Bitte wählen Sie eine CSV-Datei aus');
    await csv.getByLabel('CSV-Datei').setInputFiles(path.join(dateien, 'notiz.pdf'));
    await poll(() => csv.getByRole('alert').textContent()).toBe('Bitte wählen Sie eine gültige CSV-Datei aus');
    await csv.getByLabel('CSV-Datei').setInputFiles(path.join(dateien, 'familien-fehler.csv'));
    await importieren.click();
    await poll(() => csv.getByRole('alert').textContent()).toBe(
      'Bitte wählen Sie ein Fälligkeitsdatum für die Wasserdienst-Zuweisung aus.',
    );
    const frist = plusTage(montagDerWoche(aktuelleWoche(new Date())), 60);
    await csv.getByLabel('Frist für Abwesenheitsmeldungen').fill(frist);

    const warnung = page.getByRole('dialog', { name: 'Achtung: Alle Daten werden ersetzt' });
    const phrase = page.getByRole('dialog', { name: 'Import endgültig bestätigen' });
    const bestaetigen = async () => {
      await importieren.click();
      await poll(() => warnung.isVisible()).toBe(true);
      await warnung.getByRole('button', { name: 'Weiter' }).click();
      await poll(() => phrase.isVisible()).toBe(true);
      await phrase.getByLabel('Geben Sie zur Bestätigung DATENBANK LÖSCHEN ein').fill('DATENBANK LÖSCHEN');
      await phrase.getByRole('button', { name: 'Daten ersetzen und importieren' }).click();
    };

    // a file with errors: nothing changes, the panel lists every line's error
    await bestaetigen();
    await poll(() => toastText(page)).toBe('Fehler beim Import: Die Datei enthält Fehler. Es wurde nichts geändert.');
    const abgelehnt = csv.getByRole('region', { name: 'Import abgelehnt' });
    await poll(() => abgelehnt.isVisible()).toBe(true);
    expect(await abgelehnt.getByText('Zeile 2: "keine-adresse" ist keine gültige E-Mail-Adresse.').isVisible()).toBe(true);
    expect(await abgelehnt.getByText('Zeile 3: Vorname fehlt.').isVisible()).toBe(true);
    const zahl = (region: typeof abgelehnt, name: string) =>
      region.locator('.ad-counts__item', { hasText: name }).locator('dd').textContent();
    expect(await zahl(abgelehnt, 'Fehler')).toBe('2');
    expect(await zahl(abgelehnt, 'Importiert')).toBe('0');
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'admin-import-abgelehnt-phone');
    await closeToast(page);
    const eltern = section(page, 'Eltern Verwaltung');
    await oeffneBereich(page, 'Familien', 'Eltern Verwaltung');
    expect(await eltern.getByRole('heading', { name: 'Füchse (11)' }).isVisible()).toBe(true);
    await oeffneBereich(page, 'CSV Import', 'CSV Import');
    await csv.getByLabel('Frist für Abwesenheitsmeldungen').fill(frist);

    // the good file: the warning, then the typed phrase, which must match exactly
    await csv.getByLabel('CSV-Datei').setInputFiles(path.join(dateien, 'familien-2026.csv'));
    await importieren.click();
    await poll(() => warnung.isVisible()).toBe(true);
    expect(await warnung.getByText(/ersetzt alle bestehenden Familien, Wasserdienste, Tausch-Angebote und Abwesenheiten/).isVisible()).toBe(
      true,
    );
    await expectNoAxeViolations(page);
    await screenshot(page, 'admin-import-warnung-phone');
    await warnung.getByRole('button', { name: 'Abbrechen' }).click();
    await poll(() => warnung.isVisible()).toBe(false);

    await importieren.click();
    await warnung.getByRole('button', { name: 'Weiter' }).click();
    await poll(() => phrase.isVisible()).toBe(true);
    const endgueltig = phrase.getByRole('button', { name: 'Daten ersetzen und importieren' });
    const eingabe = phrase.getByLabel('Geben Sie zur Bestätigung DATENBANK LÖSCHEN ein');
    expect(await endgueltig.isDisabled()).toBe(true);
    await eingabe.fill('datenbank löschen');
    expect(await endgueltig.isDisabled()).toBe(true);
    await eingabe.fill('DATENBANK LÖSCHE');
    expect(await endgueltig.isDisabled()).toBe(true);
    await eingabe.fill('DATENBANK LÖSCHEN');
    expect(await endgueltig.isEnabled()).toBe(true);
    await expectNoAxeViolations(page);
    await screenshot(page, 'admin-import-phrase-phone');
    await endgueltig.click();

    await poll(() => toastText(page)).toBe('CSV erfolgreich importiert! Alle vorherigen Daten wurden ersetzt.');
    const fertig = csv.getByRole('region', { name: 'Import abgeschlossen' });
    await poll(() => fertig.isVisible()).toBe(true);
    expect(await zahl(fertig, 'Importiert')).toBe('5');
    expect(await zahl(fertig, 'Übersprungen')).toBe('1');
    expect(await zahl(fertig, 'Fehler')).toBe('0');
    expect(await csv.getByRole('region', { name: 'Import abgelehnt' }).count()).toBe(0);
    await expectNoAxeViolations(page);
    await screenshot(page, 'admin-import-ergebnis-phone');
    // the result leads on to planning
    expect(await fertig.getByRole('link', { name: 'Wasserdienste planen' }).getAttribute('href')).toBe('/admin-dashboard/planung');
    // the demo families that are not in the file are gone, admins stay
    await closeToast(page);
    await oeffneBereich(page, 'Familien', 'Eltern Verwaltung');
    await poll(() => eltern.getByRole('heading', { name: 'Füchse (3)' }).isVisible()).toBe(true);
    expect(await eltern.getByRole('heading', { name: 'Eulen (2)' }).isVisible()).toBe(true);
    expect(await eltern.getByRole('heading', { name: 'Ohne Gruppe (1)' }).isVisible()).toBe(true);
    expect(await eltern.getByText('Wagner', { exact: true }).count()).toBe(0);
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await screenshot(page, 'admin-import-familien-danach-phone');
  }, 60_000);

  it('plans the water duties of the next weeks, which the admin then finds on the Wasserdienst calendar', async () => {
    const page = await openAs(ADMIN_EMAIL, '/admin-dashboard/planung');
    await waitForAdminCenter(page, 'Wasserdienste planen');
    const planen = section(page, 'Wasserdienste planen');
    const start = Number(await planen.getByLabel('Start-KW').inputValue());
    const ende = Number(await planen.getByLabel('End-KW').inputValue());
    expect(ende).toBeGreaterThanOrEqual(start);
    expect(await planen.getByLabel('Gruppe').inputValue()).toBe('');

    await planen.getByLabel('End-KW').fill(String(start - 1));
    await planen.getByRole('button', { name: 'Wasserdienste planen' }).click();
    await poll(() => planen.getByRole('alert').textContent()).toBe('Startwoche muss kleiner oder gleich Endwoche sein');
    await planen.getByLabel('End-KW').fill(String(ende));
    await planen.getByRole('button', { name: 'Wasserdienste planen' }).click();

    const ergebnis = planen.getByRole('region', { name: 'Ergebnis der Planung' });
    await poll(() => ergebnis.isVisible()).toBe(true);
    const wochen = ende - start + 1;
    expect(
      await ergebnis
        .getByText(/^\d+ Wasserdienste zugewiesen/)
        .first()
        .textContent(),
    ).toMatch(/^\d+ Wasserdienste zugewiesen/);
    expect(await ergebnis.getByText('Füchse:').isVisible()).toBe(true);
    expect(await ergebnis.getByText('Eulen:').isVisible()).toBe(true);
    expect(await toastText(page)).toMatch(new RegExp(`^${2 * wochen} Wasserdienste zugewiesen`));
    await expectNoAxeViolations(page);
    await screenshot(page, 'admin-planung-desktop');

    // planning again changes nothing: the weeks are taken
    await planen.getByRole('button', { name: 'Wasserdienste planen' }).click();
    await poll(() => toastText(page)).toMatch(/^0 Wasserdienste zugewiesen/);

    await page.goto(`${kita.baseUrl}/wasserdienst`);
    await poll(() => page.locator('.fc-daygrid-day').count()).toBeGreaterThan(0);
    const gesucht = ['Füchse: Ahorn', 'Füchse: Birke', 'Füchse: Fuchs', 'Eulen: Eiche', 'Eulen: Esche'];
    const gesehen = new Set<string>();
    for (let monat = 0; monat < 4 && !gesucht.every((t) => gesehen.has(t)); monat++) {
      if (monat > 0) await page.locator('.fc-next-button').click();
      await page.waitForTimeout(200);
      for (const titel of await page.locator('.fc-event-title').allTextContents()) gesehen.add(titel);
    }
    expect([...gesehen].filter((t) => gesucht.includes(t)).sort()).toEqual([...gesucht].sort());
    for (const weg of ['Füchse: Wagner', 'Füchse: Bauer', 'Eulen: Eule']) expect(gesehen.has(weg), weg).toBe(false);
    await screenshot(page, 'admin-wasserdienst-nach-planung-desktop');
  }, 60_000);

  /** A screenshot of one part of the page (a section, a dialog) under e2e/screenshots/. */
  const teilScreenshot = (teil: Locator, name: string) => teil.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });

  /** GET with the admin's bearer token (and the position of a write, when given). */
  const adminGet = async <T>(pfad: string, position?: string | null): Promise<T> => {
    const { token } = await kita.login(ADMIN_EMAIL);
    const response = await fetch(`${kita.baseUrl}${pfad}`, {
      headers: { authorization: `Bearer ${token}`, ...(position ? { 'x-min-position': position } : {}) },
    });
    expect(response.status, pfad).toBe(200);
    return (await response.json()) as T;
  };

  /** The cells of an export (after its byte order mark): every cell quoted, ';' between them, CRLF after each row. */
  const csvZeilen = (datei: Buffer) =>
    datei
      .subarray(3)
      .toString('utf8')
      .split('\r\n')
      .filter((zeile) => zeile !== '')
      .map((zeile) => [...zeile.matchAll(/"((?:[^"]|"")*)"(?:;|$)/g)].map((m) => (m[1] ?? '').replaceAll('""', '"')));

  const KENNZAHLEN = [
    ['Konten', 'eltern'],
    ['Admins', 'admins'],
    ['Gruppen', 'gruppen'],
    ['Wasserdienste', 'wasserdienste'],
    ['Offene Tausch-Angebote', 'offeneTausche'],
    ['Angenommene Tausche', 'angenommeneTausche'],
    ['Abwesenheiten', 'abwesenheiten'],
    ['Schließwochen', 'schliesswochen'],
    ['Ferienwochen', 'ferienwochen'],
  ] as const;
  const kennzahl = (bereich: Locator, label: string) =>
    bereich
      .locator('.ad-counts__item')
      .filter({ has: bereich.page().locator('dt', { hasText: new RegExp(`^${label}$`) }) })
      .locator('dd')
      .textContent();

  it('shows the figures, creates a group that has no families and deletes it; a group with families is refused with the server’s reason', async () => {
    const page = await openAs(ADMIN_EMAIL, '/admin-dashboard');
    await waitForAdminCenter(page);
    expect(await bereiche(page).getByRole('link', { name: 'Gruppen & Export' }).getAttribute('href')).toBe('/admin-dashboard/gruppen');
    await oeffneBereich(page, 'Gruppen & Export', 'Gruppen & Export');
    const bereich = section(page, 'Gruppen & Export');

    // the nine figures, as the server counts them
    const zahlen = await adminGet<Record<(typeof KENNZAHLEN)[number][1], number>>('/api/admin/stats');
    for (const [label, feld] of KENNZAHLEN) expect(await kennzahl(bereich, label), label).toBe(String(zahlen[feld]));
    expect(zahlen.eltern).toBeGreaterThan(0);
    expect(zahlen.wasserdienste).toBeGreaterThan(0);

    const gruppen = bereich.getByRole('region', { name: 'Gruppen', exact: true });
    const eintrag = (name: string) => gruppen.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });
    const neueGruppe = gruppen.getByLabel('Neue Gruppe');
    const anlegen = gruppen.getByRole('button', { name: 'Gruppe anlegen' });

    // checked before anything is sent, with the server's words
    await anlegen.click();
    await poll(() => gruppen.getByRole('alert').textContent()).toBe('Bitte geben Sie einen Gruppennamen an.');
    expect(await neueGruppe.getAttribute('aria-invalid')).toBe('true');

    await neueGruppe.fill('  Biber ');
    await poll(() => gruppen.getByRole('alert').count()).toBe(0);
    await neueGruppe.press('Enter');
    await poll(() => toastText(page)).toBe('Gruppe Biber wurde angelegt.');
    await poll(() => eintrag('Biber').isVisible()).toBe(true);
    expect(await eintrag('Biber').getByText('0 Familien').isVisible()).toBe(true);
    expect(await neueGruppe.inputValue()).toBe('');
    await poll(() => kennzahl(bereich, 'Gruppen')).toBe(String(zahlen.gruppen + 1));
    // the new group is offered for a new family at once
    await closeToast(page);
    await oeffneBereich(page, 'Familien', 'Eltern Verwaltung');
    await page.getByRole('button', { name: '+ Neuer Elternteil' }).click();
    const elternDialog = page.getByRole('dialog', { name: 'Neuer Elternteil' });
    await poll(() => elternDialog.getByRole('option', { name: 'Biber' }).count()).toBe(1);
    await elternDialog.getByRole('button', { name: 'Abbrechen' }).click();
    await oeffneBereich(page, 'Gruppen & Export', 'Gruppen & Export');

    // the same name again, in other letters: the server refuses it
    await neueGruppe.fill('biber');
    await anlegen.click();
    await poll(() => toastText(page)).toBe('Fehler beim Erstellen: Eine Gruppe mit dem Namen "biber" gibt es bereits.');
    expect(await neueGruppe.inputValue()).toBe('biber');
    await neueGruppe.fill('');
    await closeToast(page);

    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await teilScreenshot(bereich, 'admin-gruppen-export-desktop');
    await page.setViewportSize(PHONE);
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await teilScreenshot(bereich, 'admin-gruppen-export-phone');
    await page.setViewportSize(DESKTOP);

    // a group with families: the server refuses and its reason is the error toast, without a question first
    const fuechse = eintrag('Füchse');
    const anzahl = Number((await fuechse.getByText(/^\d+ Familien?$/).textContent())?.split(' ')[0]);
    expect(anzahl).toBeGreaterThan(0);
    await gruppen.getByRole('button', { name: 'Gruppe Füchse löschen' }).click();
    await poll(() => toastText(page)).toBe(
      `Fehler beim Löschen: Die Gruppe hat noch ${anzahl} ${anzahl === 1 ? 'Familie' : 'Familien'}. Bitte löschen Sie diese zuerst oder ordnen Sie sie mit dem nächsten CSV-Import einer anderen Gruppe zu.`,
    );
    expect(await page.locator('.toast--error').isVisible()).toBe(true);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await fuechse.isVisible()).toBe(true);
    expect(await gruppen.getByRole('button', { name: 'Gruppe Füchse löschen' }).getAttribute('aria-describedby')).toBeTruthy();
    await closeToast(page);

    // an empty group: asked first; cancelling keeps it, confirming deletes it
    const biberLoeschen = () => gruppen.getByRole('button', { name: 'Gruppe Biber löschen' }).click();
    expect(await beantworte(page, 'Gruppe löschen?', biberLoeschen, null)).toBe('Möchten Sie die Gruppe „Biber“ wirklich löschen?');
    expect(await eintrag('Biber').isVisible()).toBe(true);
    await beantworte(page, 'Gruppe löschen?', biberLoeschen, 'Gruppe löschen');
    await poll(() => toastText(page)).toBe('Gruppe Biber wurde gelöscht.');
    await poll(() => eintrag('Biber').count()).toBe(0);
    await poll(() => kennzahl(bereich, 'Gruppen')).toBe(String(zahlen.gruppen));
  }, 60_000);

  it('downloads the CSV exports under a dated name; the Eltern export holds every family', async () => {
    const page = await openAs(ADMIN_EMAIL, '/admin-dashboard/gruppen', PHONE);
    await waitForAdminCenter(page, 'Gruppen & Export');
    const bereich = section(page, 'Gruppen & Export');
    const exporte = bereich.getByRole('region', { name: 'CSV-Export' });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      exporte.getByRole('button', { name: 'Eltern exportieren' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^eltern-\d{4}-\d{2}-\d{2}\.csv$/);
    await poll(() => toastText(page)).toBe(`${download.suggestedFilename()} wurde heruntergeladen.`);
    const datei = readFileSync(await download.path());
    // UTF-8 with a byte order mark, so Excel reads the umlauts
    expect([...datei.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [kopf, ...zeilen] = csvZeilen(datei);
    expect(kopf).toEqual(['Nachname', 'Kind', 'E-Mail', 'Gruppe', 'Rollen']);
    const familien =
      await adminGet<{ nachname: string; email: string; gruppe: { gruppenName: string | null } | null }[]>('/api/admin/eltern');
    expect(zeilen.length).toBe(familien.length);
    for (const familie of familien) {
      const zeile = zeilen.find((z) => z[2] === familie.email);
      expect(zeile, familie.email).toBeDefined();
      expect(zeile?.[0]).toBe(familie.nachname);
      expect(zeile?.[3]).toBe(familie.gruppe?.gruppenName ?? '');
    }
    expect(zeilen.some((z) => z[3] === 'Füchse')).toBe(true);

    // the other three: each its own dated file
    const kopfzeilen: string[][] = [];
    for (const [label, name] of [
      ['Wasserdienste exportieren', 'wasserdienste'],
      ['Abwesenheiten exportieren', 'abwesenheiten'],
      ['Schließzeiten exportieren', 'schliesszeiten'],
    ] as const) {
      const [weitere] = await Promise.all([page.waitForEvent('download'), exporte.getByRole('button', { name: label }).click()]);
      expect(weitere.suggestedFilename()).toMatch(new RegExp(`^${name}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
      kopfzeilen.push(csvZeilen(readFileSync(await weitere.path()))[0] ?? []);
    }
    expect(kopfzeilen).toEqual([
      ['Gruppe', 'Jahr', 'Kalenderwoche', 'Nachname', 'E-Mail'],
      ['Nachname', 'E-Mail', 'Jahr', 'Kalenderwoche'],
      ['Jahr', 'Kalenderwoche', 'Beschreibung'],
    ]);

    // a refused export: the server's reason as the error toast
    allowBrowserProblems(page, /^GET \/api\/admin\/export\/abwesenheiten answered 500$/);
    await page.route('**/api/admin/export/abwesenheiten', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Datenbank nicht erreichbar' }) }),
    );
    await exporte.getByRole('button', { name: 'Abwesenheiten exportieren' }).click();
    await poll(() => toastText(page)).toBe('Fehler beim Export: Datenbank nicht erreichbar');
    await expectNoHorizontalScroll(page);
  }, 60_000);

  it('sets a family’s password in a dialog, checked as the server checks it, and the family signs in with it', async () => {
    // a new family, which has no password yet
    const { token } = await kita.login(ADMIN_EMAIL);
    const angelegt = await fetch(`${kita.baseUrl}/api/admin/eltern`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ nachname: 'Linde', email: 'familie.linde@example.org', gruppe: 'Füchse' }),
    });
    expect(angelegt.status).toBe(201);
    await adminGet('/api/admin/eltern', angelegt.headers.get('x-event-position'));

    const page = await openAs(ADMIN_EMAIL, '/admin-dashboard');
    await waitForAdminCenter(page);
    const eltern = section(page, 'Eltern Verwaltung');
    const aktionen = eltern.getByRole('button', { name: 'Aktionen für Familie Linde' });
    const oeffnen = page.getByRole('menuitem', { name: 'Passwort setzen für Familie Linde' });
    await poll(() => aktionen.isVisible()).toBe(true);
    // admins have no such button
    expect(await eltern.getByRole('region', { name: 'Ohne Gruppe (1)' }).getByRole('button').count()).toBe(0);

    const dialog = page.getByRole('dialog', { name: 'Passwort setzen' });
    const feld = dialog.getByLabel('Neues Passwort', { exact: true });
    const setzen = dialog.getByRole('button', { name: 'Speichern' });

    // by keyboard: the menu opens on its first item, ArrowDown leads to 'Passwort setzen'; the
    // dialog takes the focus, Escape closes it and the focus goes back to the menu's button
    await aktionen.focus();
    await page.keyboard.press('Enter');
    await poll(() =>
      page.getByRole('menuitem', { name: 'Anteil setzen für Familie Linde' }).evaluate((b) => b === document.activeElement),
    ).toBe(true);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await oeffnen.evaluate((b) => b === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByText('Familie Linde').isVisible()).toBe(true);
    expect(await dialog.getByText('(familie.linde@example.org)').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await poll(() => dialog.isVisible()).toBe(false);
    expect(await aktionen.evaluate((button) => button === document.activeElement)).toBe(true);

    await familienAktion(page, 'Linde', 'Passwort setzen für Familie Linde');
    await poll(() => dialog.isVisible()).toBe(true);
    expect(await feld.getAttribute('type')).toBe('password');
    expect(await feld.getAttribute('autocomplete')).toBe('new-password');
    await setzen.click();
    await poll(() => dialog.getByRole('alert').textContent()).toBe('Passwort muss mindestens 6 Zeichen lang sein.');
    await feld.fill('abcde');
    await setzen.click();
    await poll(() => dialog.getByRole('alert').textContent()).toBe('Passwort muss mindestens 6 Zeichen lang sein.');
    expect(await feld.evaluate((input) => input === document.activeElement)).toBe(true);
    await expectNoAxeViolations(page);
    await teilScreenshot(dialog, 'admin-passwort-setzen-fehler-desktop');

    const passwort = 'Linde-Wald-2026';
    await feld.fill(passwort);
    await dialog.getByRole('button', { name: 'Passwort anzeigen' }).click();
    expect(await feld.getAttribute('type')).toBe('text');
    await expectNoAxeViolations(page);
    await teilScreenshot(dialog, 'admin-passwort-setzen-desktop');
    await page.setViewportSize(PHONE);
    await expectNoAxeViolations(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'admin-passwort-setzen-phone.png') });
    await page.setViewportSize(DESKTOP);

    await setzen.click();
    await poll(() => toastText(page)).toBe('Passwort wurde zurückgesetzt.');
    await poll(() => dialog.isVisible()).toBe(false);

    // the family signs in with it on the login screen
    const context = await kita.newContext({ viewport: PHONE, locale: 'de-DE' });
    const familie = await context.newPage();
    await familie.goto(`${kita.baseUrl}/login`);
    await familie.getByLabel('E-Mail').fill('familie.linde@example.org');
    await familie.getByLabel('Passwort', { exact: true }).fill(passwort);
    await familie.getByRole('button', { name: 'Einloggen' }).click();
    await familie.waitForURL('**/dashboard');
    await poll(() => familie.getByText('Familie Linde').isVisible()).toBe(true);
  }, 60_000);
});

if (!chromiumAvailable)
  describe('Admin Center browser tests', () => {
    it.skip('skipped: Chromium is not installed at /usr/bin/chromium (apt-get install chromium; .ci/run does it)', () => {});
  });
