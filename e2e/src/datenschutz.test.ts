import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumAvailable, DESKTOP, expectNoAxeViolations, expectNoHorizontalScroll, PHONE, screenshot } from './support/browser.js';
import { demoKita } from './support/demo-kita.js';
import { DEMO_PASSWORD, demoEmail, poll } from './support/session.js';

type Dienst = { kalenderwoche: number; jahr: number; freitag: string };
type Export = {
  format: string;
  konto: { nachname: string; email: string };
  kind: { name: string | null };
  wasserdienste: { jahr: number; kalenderwoche: number; kw: string; freitagText: string }[];
};

/** yyyy-mm-dd → dd.MM.yyyy, as the screens write a Friday. */
const deutsch = (iso: string) => iso.split('-').reverse().join('.');

describe.skipIf(!chromiumAvailable)("Datenschutz and 'Meine Daten', in Chromium against the built app", () => {
  const kita = demoKita();

  const neueSeite = async (viewport: { width: number; height: number }) => {
    const context = await kita.newContext({ viewport, locale: 'de-DE', timezoneId: 'Europe/Berlin', acceptDownloads: true });
    return context.newPage();
  };
  const pruefeAnsicht = async (page: Page, name: string) => {
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await screenshot(page, name);
  };
  /** The family's duties as the duty screen lists them (through the API). */
  const diensteVon = async (nachname: string) => {
    const { token } = await kita.login(nachname);
    const antwort = await fetch(`${kita.baseUrl}/api/wasserdienst/my-assignments`, { headers: { authorization: `Bearer ${token}` } });
    return ((await antwort.json()) as Dienst[]).sort((a, b) => a.jahr - b.jahr || a.kalenderwoche - b.kalenderwoche);
  };

  const durchlaufe = async (nachname: string, viewport: { width: number; height: number }, name: string) => {
    const dienste = await diensteVon(nachname);
    expect(dienste.length).toBeGreaterThan(0);
    const page = await neueSeite(viewport);

    // not signed in: from the login screen's link to the data protection page
    await page.goto(`${kita.baseUrl}/login`);
    const link = page.getByRole('link', { name: 'Datenschutz' });
    await poll(() => link.isVisible()).toBe(true);
    await pruefeAnsicht(page, `datenschutz-login-link-${name}`);
    await link.click();
    await poll(() => page.getByRole('heading', { name: 'Datenschutz im Elternportal', level: 1 }).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/datenschutz');
    for (const titel of [
      'Was wir speichern',
      'Wozu',
      'Wie lange',
      'Wer sie sehen kann',
      'Ihre Daten bekommen',
      'Ihre Daten löschen lassen',
    ])
      expect(await page.getByRole('heading', { name: titel, level: 2 }).isVisible(), titel).toBe(true);
    expect(await page.getByText(/nach 180 Tagen automatisch gelöscht/).isVisible()).toBe(true);
    expect(await page.getByText(/„Gelöschte Familie“/).isVisible()).toBe(true);
    await pruefeAnsicht(page, `datenschutz-oeffentlich-${name}`);

    // back to the login, signed in with the form
    await page.getByRole('link', { name: 'Zur Anmeldung' }).click();
    await page.getByLabel('E-Mail').fill(demoEmail(nachname));
    await page.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Einloggen' }).click();
    await poll(() => page.getByRole('heading', { name: 'Willkommen im Dashboard' }).isVisible()).toBe(true);

    // the card on the dashboard, reached by keyboard; the download is a JSON file of the family's data
    const karte = page.getByRole('region', { name: 'Meine Daten' });
    await poll(() => karte.isVisible()).toBe(true);
    await karte.scrollIntoViewIfNeeded();
    await pruefeAnsicht(page, `meine-daten-karte-${name}`);
    const knopf = karte.getByRole('button', { name: 'Meine Daten herunterladen' });
    await knopf.focus();
    const download = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    const datei = await download;
    expect(datei.suggestedFilename()).toMatch(/^waldkita-meine-daten-\d{4}-\d{2}-\d{2}\.json$/);
    const daten = JSON.parse(readFileSync((await datei.path())!, 'utf8')) as Export;
    expect(daten.format).toBe('waldkita-datenexport/1');
    expect(daten.konto).toMatchObject({ nachname, email: demoEmail(nachname) });
    expect(daten.wasserdienste.map((d) => [d.jahr, d.kalenderwoche, d.freitagText])).toEqual(
      dienste.map((d) => [d.jahr, d.kalenderwoche, deutsch(d.freitag)]),
    );
    await poll(() => page.locator('.toast__text').first().textContent()).toBe('Ihre Daten wurden heruntergeladen.');

    // the readable summary shows the duties with their Fridays
    await karte.getByRole('link', { name: 'Meine Daten ansehen' }).click();
    await poll(() => page.getByRole('heading', { name: 'Meine Daten', level: 1 }).isVisible()).toBe(true);
    const diensteBereich = page.getByRole('region', { name: 'Wasserdienste' });
    await poll(() => diensteBereich.isVisible()).toBe(true);
    for (const d of daten.wasserdienste)
      expect(await diensteBereich.getByText(`${d.kw} – Freitag, ${d.freitagText}`).isVisible(), d.kw).toBe(true);
    expect(await page.getByRole('region', { name: 'Konto' }).getByText(demoEmail(nachname)).isVisible()).toBe(true);
    expect(await page.getByRole('region', { name: 'Kind und Gruppe' }).getByText(daten.kind.name!).isVisible()).toBe(true);
    expect(
      await page.getByRole('region', { name: 'Verlauf' }).getByText(`Familie ${nachname} wird angelegt`, { exact: false }).isVisible(),
    ).toBe(true);
    await pruefeAnsicht(page, `meine-daten-${name}`);

    // signed in, the data protection page has the way back to the dashboard
    await page.getByRole('link', { name: 'Datenschutz im Elternportal' }).click();
    await poll(() => page.getByRole('heading', { name: 'Datenschutz im Elternportal', level: 1 }).isVisible()).toBe(true);
    await pruefeAnsicht(page, `datenschutz-angemeldet-${name}`);
    await page.getByRole('button', { name: '← Zurück zum Dashboard' }).click();
    await poll(() => page.getByRole('heading', { name: 'Willkommen im Dashboard' }).isVisible()).toBe(true);
  };

  it('a parent on a phone reads the data protection page from the login, signs in, downloads and views its data', async () => {
    await durchlaufe('Fuchs', PHONE, 'phone');
  });

  it('a parent at 1280 px does the same', async () => {
    await durchlaufe('Bauer', DESKTOP, 'desktop');
  });
});
