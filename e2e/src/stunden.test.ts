import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumAvailable, DESKTOP, expectNoAxeViolations, expectNoHorizontalScroll, PHONE, screenshot } from './support/browser.js';
import { demoKita } from './support/demo-kita.js';
import { closeToast, DEMO_ADMIN_EMAIL, type Login, poll } from './support/session.js';

type Eltern = { id: string; nachname: string };
type Konto = {
  jahr: number;
  soll: number;
  ist: number;
  ausstehend: number;
  offen: number;
  eintraege: { beschreibung: string | null; status: string }[];
};

const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

const VIEWPORTS = [
  [PHONE, 'phone', 'Fuchs'],
  [DESKTOP, 'desktop', 'Bauer'],
] as const;

/** '12,5' as the app writes hours (checked here independently). */
const deutsch = (n: number) => String(n).replace('.', ',');

describe.skipIf(!chromiumAvailable)("The hours ledger: 'Meine Stunden' and the Admin Center's 'Stunden', in Chromium", () => {
  const kita = demoKita<Eltern>();
  const { login, openAs } = kita;

  const konto = async (wer: Login<Eltern>): Promise<Konto> => {
    const response = await fetch(`${kita.baseUrl}/api/stunden/meine`, { headers: { authorization: `Bearer ${wer.token}` } });
    expect(response.status).toBe(200);
    return (await response.json()) as Konto;
  };
  const figur = (page: Page) => page.locator('.st-stand__zahl');

  it('a family records its hours and sees them waiting, at 375 and 1280 px, by keyboard', async () => {
    for (const [viewport, name, nachname] of VIEWPORTS) {
      const familie = await login(nachname);
      const vorher = await konto(familie);
      const page = await openAs(familie, '/stunden', viewport);
      await page.getByRole('heading', { name: 'Meine Stunden' }).waitFor({ timeout: 20_000 });
      await poll(() => figur(page).textContent()).toBe(`${deutsch(vorher.ist)} von ${deutsch(vorher.soll)} Stunden`);
      expect(await page.getByRole('progressbar', { name: 'Geleistete Stunden' }).isVisible()).toBe(true);

      // the form checks with the server's own messages before it sends anything
      const form = page.getByRole('region', { name: 'Stunden eintragen' });
      await form.getByRole('button', { name: 'Stunden eintragen' }).click();
      await poll(() => form.getByRole('alert').textContent()).toBe(
        'Bitte geben Sie die Stunden als Zahl über 0 und höchstens 24 an, mit höchstens zwei Nachkommastellen.',
      );
      await form.getByLabel('Stunden').fill('2,5');
      await form.getByLabel('Was haben Sie gemacht?').fill(`Zaun am Bauwagen repariert (${name})`);
      // by keyboard: Tab to the button, Enter sends
      await form.getByLabel('Was haben Sie gemacht?').focus();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      const liste = page.getByRole('region', { name: 'Alle Einträge' });
      const eintrag = liste.getByRole('listitem').filter({ hasText: `Zaun am Bauwagen repariert (${name})` });
      await poll(() => eintrag.count()).toBe(1);
      expect(await eintrag.textContent()).toContain('Wartet auf Bestätigung');
      expect(await eintrag.textContent()).toContain('Eigener Eintrag');
      expect(await eintrag.textContent()).toContain('2,5 Stunden');
      await poll(() => page.locator('.st-fakten').textContent()).toContain(
        `Wartet auf Bestätigung${deutsch(vorher.ausstehend + 2.5)} Stunden`,
      );
      // the figure counts it only once it is confirmed
      expect(await figur(page).textContent()).toBe(`${deutsch(vorher.ist)} von ${deutsch(vorher.soll)} Stunden`);
      await expectNoAxeViolations(page);
      await expectNoHorizontalScroll(page);
      await closeToast(page);
      await screenshot(page, `stunden-familie-${name}`);

      // a look back at the year before, and back again
      const jahrTitel = page.locator('.st-stand__titel');
      const aktuell = await jahrTitel.textContent();
      await page.getByRole('button', { name: '← Vorjahr' }).click();
      await poll(() => jahrTitel.textContent()).toBe(`Kita-Jahr ${vorher.jahr - 1}/${String(vorher.jahr % 100).padStart(2, '0')}`);
      expect(await eintrag.count()).toBe(0);
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Aktuelles Kita-Jahr' }).click();
      await poll(() => jahrTitel.textContent()).toBe(aktuell);
      await poll(() => eintrag.count()).toBe(1);
    }
  });

  it('an admin sets the rules, confirms one entry, refuses the other with a reason and sees the settlement in euros; the family sees the new figure', async () => {
    const admin = await login(DEMO_ADMIN_EMAIL);
    for (const [viewport, name] of VIEWPORTS) {
      const page = await openAs(admin, '/admin-dashboard/stunden', viewport);
      const bereich = page.getByRole('region', { name: 'Stunden', exact: true });
      await bereich.waitFor({ timeout: 20_000 });
      if (name === 'phone') {
        const regeln = bereich.getByRole('form', { name: 'Regeln' });
        await regeln.getByLabel('Stundensatz in Euro').fill('15');
        await regeln.getByRole('button', { name: 'Regeln speichern' }).click();
        await poll(() => page.getByText('Die Regeln für die Elternstunden sind gespeichert.').isVisible()).toBe(true);
        await closeToast(page);
      }
      await poll(() => bereich.getByText('Abrechnung (15,00 € je offener Stunde)').isVisible()).toBe(true);
      await expectNoAxeViolations(page);
      await expectNoHorizontalScroll(page);
      await screenshot(page, `stunden-admin-${name}`);
    }

    const page = await openAs(admin, '/admin-dashboard/stunden', DESKTOP);
    const bereich = page.getByRole('region', { name: 'Stunden', exact: true });
    await bereich.waitFor({ timeout: 20_000 });
    const wartend = bereich.getByRole('region', { name: 'Warten auf Bestätigung' });
    await poll(() => wartend.getByRole('listitem').count()).toBe(2);
    const fuchs = await login('Fuchs');
    const vorher = await konto(fuchs);

    // Fuchs: confirmed
    await wartend.getByRole('button', { name: /^Stunden von Familie Fuchs vom .* bestätigen$/ }).click();
    await poll(() => wartend.getByRole('listitem').count()).toBe(1);
    await closeToast(page);

    // Bauer: refused, with the reason in the app's dialog (a reason is required)
    await wartend.getByRole('button', { name: /^Stunden von Familie Bauer vom .* ablehnen$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Stunden ablehnen' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Ablehnen' }).click();
    await poll(() => dialog.getByRole('alert').textContent()).toBe('Bitte geben Sie einen Grund an.');
    await dialog.getByLabel('Begründung für die Familie').fill('Der Zaun wurde beim Sommerfest schon gezählt.');
    await expectNoAxeViolations(page);
    await dialog.screenshot({ path: path.join(SCREENSHOTS, 'stunden-ablehnen-desktop.png') });
    await dialog.getByRole('button', { name: 'Ablehnen' }).click();
    await poll(() => dialog.isVisible()).toBe(false);
    await poll(() => wartend.getByText('Keine eigenen Einträge warten auf eine Entscheidung.').isVisible()).toBe(true);

    // the table: sortable by open hours
    const tabelle = bereich.getByRole('table', { name: 'Familien' });
    await tabelle.getByRole('button', { name: 'Offen' }).click();
    expect(await tabelle.getByRole('columnheader', { name: /Offen/ }).getAttribute('aria-sort')).toBe('descending');
    const fuchsZeile = tabelle.getByRole('row').filter({ hasText: 'Fuchs' });
    await poll(() => fuchsZeile.getByRole('cell').nth(1).textContent()).toBe(deutsch(vorher.ist + 2.5));

    // the settlement: open hours × 15 €
    expect((await konto(fuchs)).ist).toBe(vorher.ist + 2.5);
    const abrechnung = bereich.getByRole('table', { name: /^Abrechnung/ });
    const betrag = ((await konto(fuchs)).offen * 15).toFixed(2).replace('.', ',');
    await poll(() => abrechnung.getByRole('row').filter({ hasText: 'Fuchs' }).textContent()).toContain(`${betrag} €`);
    await bereich.screenshot({ path: path.join(SCREENSHOTS, 'stunden-admin-abrechnung-desktop.png') });

    // a correction, downwards, with its reason, in the app's dialog
    await fuchsZeile.getByRole('button', { name: 'Stunden von Familie Fuchs korrigieren' }).click();
    const korrektur = page.getByRole('dialog', { name: 'Stunden korrigieren' });
    await korrektur.waitFor();
    await korrektur.getByLabel(/^Stunden/).fill('-1,5');
    await korrektur.getByRole('button', { name: 'Korrektur speichern' }).click();
    await poll(() => korrektur.getByRole('alert').textContent()).toBe('Bitte geben Sie einen Grund an.');
    await korrektur.getByLabel('Begründung').fill('Zaun nur zur Hälfte fertig');
    await expectNoAxeViolations(page);
    await korrektur.getByRole('button', { name: 'Korrektur speichern' }).click();
    await poll(() => korrektur.isVisible()).toBe(false);
    await poll(() => fuchsZeile.getByRole('cell').nth(1).textContent()).toBe(deutsch(vorher.ist + 1));
    await closeToast(page);

    // what Fuchs's figure is made of: every entry, the correction with its reason
    await fuchsZeile.getByRole('button', { name: 'Einträge von Familie Fuchs' }).click();
    const eintraege = page.getByRole('dialog', { name: 'Einträge von Familie Fuchs' });
    const korrigiert = eintraege.getByRole('listitem').filter({ hasText: 'Zaun nur zur Hälfte fertig' });
    await poll(() => korrigiert.count()).toBe(1);
    expect(await korrigiert.textContent()).toContain('-1,5 Std. · Korrektur');
    expect(await eintraege.textContent()).toContain(`${deutsch(vorher.ist + 1)} von ${deutsch(vorher.soll)} Stunden`);
    await expectNoAxeViolations(page);
    await eintraege.screenshot({ path: path.join(SCREENSHOTS, 'stunden-admin-eintraege-desktop.png') });
    await eintraege.getByRole('button', { name: 'Schließen' }).click();
    await poll(() => eintraege.isVisible()).toBe(false);

    // 'Jahr abschließen' asks first; the year has not ended yet, which the server says in German
    await bereich.getByRole('button', { name: 'Jahr abschließen' }).click();
    const frage = page.getByRole('dialog', { name: /^Kita-Jahr .* abschließen\?$/ });
    await frage.waitFor();
    await frage.getByRole('button', { name: 'Abbrechen' }).click();
    await poll(() => frage.isVisible()).toBe(false);

    // the family sees the new figure and the refused entry its reason
    const nachher = await konto(fuchs);
    expect(nachher.ist).toBe(vorher.ist + 1);
    const fuchsSeite = await openAs(fuchs, '/stunden', PHONE);
    await poll(() => figur(fuchsSeite).textContent()).toBe(`${deutsch(nachher.ist)} von ${deutsch(nachher.soll)} Stunden`);
    const bauerSeite = await openAs('Bauer', '/stunden', PHONE);
    const abgelehnt = bauerSeite.getByRole('listitem').filter({ hasText: 'Zaun am Bauwagen repariert (desktop)' });
    await poll(() => abgelehnt.textContent()).toContain('Begründung: Der Zaun wurde beim Sommerfest schon gezählt.');
    expect(await abgelehnt.textContent()).toContain('Abgelehnt');
    await expectNoAxeViolations(bauerSeite);
    await screenshot(bauerSeite, 'stunden-abgelehnt-phone');

    // 'Meine Daten' lists the family's own entries with their status and reason
    const daten = await openAs('Bauer', '/meine-daten', PHONE);
    const stunden = daten.getByRole('region', { name: 'Elternstunden' });
    await poll(() => stunden.textContent()).toContain('Zaun am Bauwagen repariert (desktop)');
    expect(await stunden.textContent()).toContain('abgelehnt (Der Zaun wurde beim Sommerfest schon gezählt.)');
  }, 120_000); // a long flow: two viewports, three dialogs, the settlement and the year's close, each checked with axe
});
