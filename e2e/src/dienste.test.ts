import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumAvailable, DESKTOP, expectNoAxeViolations, expectNoHorizontalScroll, PHONE, screenshot } from './support/browser.js';
import { demoKita } from './support/demo-kita.js';
import { closeToast, DEMO_ADMIN_EMAIL, demoEmail as email, poll, type Login as SessionLogin } from './support/session.js';

type Eltern = { id: string; nachname: string; gruppe: { gruppenID: string; gruppenName: string } | null };
type Login = SessionLogin<Eltern>;
type Dienstart = { id: string; name: string; rhythmus: string; bereich: string; archiviert: boolean; eingebaut: boolean };
type MeinDienst = {
  id: string;
  dienstartId: string;
  dienstart: string;
  von: string;
  bis: string;
  erledigt: boolean;
  angeboten: boolean;
  tauschbar: boolean;
};

const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');
/** A dialog alone: a full-page picture of the long Admin Center would show it as a speck. */
const dialogBild = (dialog: Locator, name: string) => dialog.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });

const FUECHSE = ['Fuchs', 'Bauer', 'Wagner', 'Huber', 'Schmid', 'Maier', 'Berger', 'Hofmann', 'Keller', 'Wolf', 'Brandl'];

const VIEWPORTS = [
  [PHONE, 'phone'],
  [DESKTOP, 'desktop'],
] as const;

const WOCHENTAG = ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'];
/** 'Sa 05.12.–So 06.12.2026', as domain/src/dienste/termine.ts writes a date (checked here independently). */
function terminText({ von, bis }: { von: string; bis: string }) {
  const tag = (d: string) => WOCHENTAG[(new Date(`${d}T12:00:00Z`).getUTCDay() + 6) % 7];
  const [j1, m1, t1] = von.split('-');
  const [j2, m2, t2] = bis.split('-');
  if (von === bis) return `${tag(von)} ${t1}.${m1}.${j1}`;
  return `${tag(von)} ${j1 === j2 ? `${t1}.${m1}.` : `${t1}.${m1}.${j1}`}–${tag(bis)} ${t2}.${m2}.${j2}`;
}

describe.skipIf(!chromiumAvailable)('Duty kinds: Admin Center, dashboard card and the combined calendar, in Chromium', () => {
  const kita = demoKita<Eltern>();
  const { login, openAs } = kita;

  /** The position of the test's last write: reads wait until the read models have passed it. */
  let position: string | null = null;
  const apiGet = async <T>(who: Login, path: string): Promise<T> => {
    const headers: Record<string, string> = { authorization: `Bearer ${who.token}` };
    if (position) headers['x-min-position'] = position;
    const response = await fetch(`${kita.baseUrl}${path}`, { headers });
    expect(response.status, `${path} for ${who.eltern.nachname}`).toBe(200);
    return (await response.json()) as T;
  };

  const section = (page: Page, name: string) => page.getByRole('region', { name });

  it('an admin creates, edits, plans and archives a duty kind, by keyboard and pointer, at 375 and 1280 px', async () => {
    const admin = await login(DEMO_ADMIN_EMAIL);
    for (const [viewport, name] of VIEWPORTS) {
      const art = `Handtücher ${name}`;
      const page = await openAs(admin, '/admin-dashboard/dienstarten', viewport);
      const bereich = section(page, 'Dienstarten');
      await bereich.waitFor({ timeout: 20_000 });
      // the seeded kinds, Wasserdienst built in and marked
      const wasser = bereich.getByRole('listitem').filter({ hasText: 'Wasserdienst' });
      await poll(() => wasser.getByText('Eingebaut', { exact: true }).isVisible()).toBe(true);
      expect(await bereich.getByRole('listitem').filter({ hasText: 'Putzdienst' }).count()).toBe(1);
      expect(await bereich.getByRole('listitem').filter({ hasText: 'Tee kochen' }).count()).toBe(1);
      expect(await wasser.getByRole('button', { name: 'Wasserdienst archivieren' }).count()).toBe(0);

      // create: the dialog checks with the server's messages first
      await bereich.getByRole('button', { name: '+ Neue Dienstart' }).click();
      const dialog = page.getByRole('dialog', { name: 'Neue Dienstart' });
      await dialog.waitFor();
      expect(await dialog.getByLabel('Pausiert während Schließzeiten').isChecked()).toBe(true);
      await dialog.getByRole('button', { name: 'Dienstart anlegen' }).click();
      await poll(() => dialog.getByRole('alert').textContent()).toBe('Bitte geben Sie einen Namen für die Dienstart an.');
      await dialog.getByLabel('Name', { exact: true }).fill(art);
      await dialog.getByLabel('Beschreibung').fill('Die Handtücher der Gruppe waschen.');
      await dialog.getByRole('radio', { name: 'an Wochentagen' }).check();
      await dialog.getByRole('button', { name: 'Dienstart anlegen' }).click();
      await poll(() => dialog.getByRole('alert').textContent()).toBe(
        'Bitte wählen Sie mindestens einen Wochentag (1 = Montag … 7 = Sonntag).',
      );
      // weekdays by keyboard: Space ticks the focused box
      await dialog.getByRole('checkbox', { name: 'Montag' }).focus();
      await page.keyboard.press('Space');
      await dialog.getByRole('checkbox', { name: 'Donnerstag' }).check();
      await dialog.getByLabel('Nur in bestimmten Monaten').check();
      await dialog.getByLabel('Monat von').selectOption({ label: 'November' });
      await dialog.getByLabel('Monat bis').selectOption({ label: 'März' });
      await dialog.getByRole('radio', { name: 'je Gruppe' }).check();
      await dialog.getByLabel('Stunden pro Termin').fill('1,5');
      await expectNoAxeViolations(page);
      await dialogBild(dialog, `dienste-admin-neu-${name}`);
      await dialog.getByRole('button', { name: 'Dienstart anlegen' }).click();
      await poll(() => dialog.isVisible()).toBe(false);
      const eintrag = bereich.getByRole('listitem').filter({ hasText: art });
      await poll(() => eintrag.count()).toBe(1);
      expect(await eintrag.textContent()).toContain('an Wochentagen: Mo, Do');
      expect(await eintrag.textContent()).toContain('1,5 Stunden pro Termin');
      expect(await eintrag.textContent()).toContain('November bis März');
      await closeToast(page);

      // edit: rhythm and scope stay; the name and hours change
      await eintrag.getByRole('button', { name: `${art} bearbeiten` }).click();
      const bearbeiten = page.getByRole('dialog', { name: `Dienstart bearbeiten: ${art}` });
      await bearbeiten.waitFor();
      expect(await bearbeiten.getByRole('radio', { name: 'an Wochentagen' }).isDisabled()).toBe(true);
      await bearbeiten.getByLabel('Stunden pro Termin').fill('2');
      await bearbeiten.getByLabel('Name', { exact: true }).fill(`${art} neu`);
      await bearbeiten.getByRole('button', { name: 'Änderungen speichern' }).click();
      await poll(() => bearbeiten.isVisible()).toBe(false);
      const geaendert = bereich.getByRole('listitem').filter({ hasText: `${art} neu` });
      await poll(() => geaendert.count()).toBe(1);
      expect(await geaendert.textContent()).toContain('2 Stunden pro Termin');
      await closeToast(page);

      // plan it: the answer says how many dates were given and which stayed free
      await geaendert.getByRole('button', { name: `${art} neu planen` }).click();
      const planen = page.getByRole('dialog', { name: `${art} neu planen` });
      await planen.waitFor();
      await planen.getByLabel('Von').fill('2026-12-01');
      await planen.getByLabel('Bis').fill('2027-01-31');
      await planen.getByRole('button', { name: 'Planen', exact: true }).click();
      const ergebnis = planen.getByRole('region', { name: 'Ergebnis der Planung' });
      await ergebnis.waitFor({ timeout: 15_000 });
      expect(await ergebnis.textContent()).toMatch(/Füchse: \d+ Termine? zugewiesen/);
      await expectNoAxeViolations(page);
      await dialogBild(planen, `dienste-admin-planen-${name}`);
      await planen.getByRole('button', { name: 'Schließen', exact: true }).click();
      await poll(() => planen.isVisible()).toBe(false);
      await closeToast(page);

      // archive: the app's own question; cancelling changes nothing
      await geaendert.getByRole('button', { name: `${art} neu archivieren` }).click();
      const frage = page.getByRole('dialog', { name: 'Dienstart archivieren?' });
      await frage.waitFor();
      expect(await frage.textContent()).toContain(`„${art} neu“`);
      await frage.getByRole('button', { name: 'Abbrechen' }).click();
      await poll(() => frage.isVisible()).toBe(false);
      await geaendert.getByRole('button', { name: `${art} neu archivieren` }).click();
      await frage.getByRole('button', { name: 'Archivieren' }).click();
      await poll(() => geaendert.getByText('Archiviert', { exact: true }).isVisible()).toBe(true);
      expect(await geaendert.getByRole('button').count()).toBe(0);
      await closeToast(page);
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);
      await bereich.screenshot({ path: path.join(SCREENSHOTS, `dienste-admin-${name}.png`) });
    }
    const alle = await apiGet<Dienstart[]>(admin, '/api/admin/dienstarten');
    expect(alle.filter((a) => a.name.startsWith('Handtücher') && a.archiviert).length).toBe(2);
  });

  it('the share dialog chooses the kind; a share of Putzdienst is sent with its dienstartId', async () => {
    const admin = await login(DEMO_ADMIN_EMAIL);
    const page = await openAs(admin, '/admin-dashboard', DESKTOP);
    // 'Anteil setzen' is in the family row's 'Aktionen' menu
    const aktionen = page.getByRole('button', { name: 'Aktionen für Familie Keller' });
    await aktionen.first().waitFor({ timeout: 20_000 });
    await aktionen.first().click();
    await page.getByRole('menuitem', { name: 'Anteil setzen für Familie Keller' }).click();
    const dialog = page.getByRole('dialog', { name: 'Anteil am Wasserdienst' });
    await dialog.waitFor();
    await dialog.getByLabel('Dienstart').selectOption({ label: 'Putzdienst' });
    const putz = page.getByRole('dialog', { name: 'Anteil am Dienst „Putzdienst“' });
    await poll(() => putz.getByText('Bisher: Anteil 1 (üblich)').isVisible()).toBe(true);
    await putz.getByLabel('Anteil', { exact: true }).fill('2');
    await putz.getByLabel('Grund', { exact: true }).fill('Zwei Kinder in der Kita');
    await expectNoAxeViolations(page);
    await dialogBild(putz, 'dienste-anteil-putzdienst-desktop');
    const gesendet = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith('/anteil'));
    await putz.getByRole('button', { name: 'Anteil speichern' }).click();
    const body = (await gesendet).postDataJSON() as { anteil: number; dienstartId?: string };
    expect(body.anteil).toBe(2);
    const putzArt = (await apiGet<Dienstart[]>(admin, '/api/admin/dienstarten')).find((a) => a.name === 'Putzdienst');
    expect(body.dienstartId).toBe(putzArt?.id);
    await poll(() => putz.isVisible()).toBe(false);
  });

  it('the dashboard card shows the next date of each kind and leads to the combined calendar, at 375 and 1280 px', async () => {
    const fuchs = await login(email('Fuchs'));
    const meine = await apiGet<MeinDienst[]>(fuchs, '/api/dienste/meine');
    const arten = [...new Set(meine.map((d) => d.dienstart))];
    expect(arten).toEqual(expect.arrayContaining(['Wasserdienst']));
    for (const [viewport, name] of VIEWPORTS) {
      const page = await openAs(fuchs, '/dashboard', viewport);
      const karte = section(page, 'Meine Dienste');
      await karte.getByRole('listitem').first().waitFor({ timeout: 20_000 });
      for (const art of arten) {
        const naechster = meine.find((d) => d.dienstart === art && !d.erledigt);
        const zeile = karte.getByRole('listitem').filter({ hasText: `${art}:` });
        if (naechster) expect((await zeile.textContent())?.replace(/\s+/g, ' ')).toContain(`${art}: ${terminText(naechster)}`);
        else expect(await zeile.getByText('erledigt', { exact: true }).isVisible()).toBe(true);
      }
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);
      await karte.scrollIntoViewIfNeeded();
      await screenshot(page, `dienste-dashboard-${name}`);
      await karte.getByRole('link', { name: 'Alle Dienste im Kalender' }).click();
      await page.getByRole('heading', { name: 'Meine Dienste', level: 1 }).waitFor();
    }
  });

  it('the combined calendar: kinds coloured, a keyboard filter, Ferien and Schließtage, past dates erledigt, at 375 and 1280 px', async () => {
    const fuchs = await login(email('Fuchs'));
    const admin = await login(DEMO_ADMIN_EMAIL);
    // a closing day this month so the calendar has one to show
    const heute = new Date();
    const tag = `${heute.getFullYear()}-${String(heute.getMonth() + 1).padStart(2, '0')}-27`;
    const angelegt = await fetch(`${kita.baseUrl}/api/api/schliesszeiten/schliesstage`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ datum: tag, beschreibung: 'Teamtag' }),
    });
    expect([201, 409]).toContain(angelegt.status);
    position = angelegt.headers.get('x-event-position') ?? position;

    const meine = await apiGet<MeinDienst[]>(fuchs, '/api/dienste/meine');
    expect(meine.some((d) => d.erledigt)).toBe(true);
    for (const [viewport, name] of VIEWPORTS) {
      const page = await openAs(fuchs, '/dienste', viewport);
      const filter = page.getByRole('group', { name: 'Dienstarten anzeigen' });
      await filter.waitFor({ timeout: 20_000 });
      const liste = section(page, 'Meine Termine');
      await page.locator('.fc-daygrid-day').first().waitFor({ timeout: 20_000 });
      // it opens at the month of the family's next date, which is drawn in its kind's colour
      const naechster = meine.find((d) => !d.erledigt);
      if (naechster) await poll(() => page.locator('.ds-event', { hasText: naechster.dienstart }).count()).toBeGreaterThan(0);
      // back to this month, where the closing day is
      const monat = new Intl.DateTimeFormat('de-DE', { month: 'long', year: 'numeric' }).format(heute);
      for (let i = 0; i < 12 && (await page.locator('.fc-toolbar-title').textContent()) !== monat; i++)
        await page.getByRole('button', { name: 'Zurück', exact: true }).click();
      await poll(() => page.locator('.kal-geschlossen', { hasText: 'Schließtag' }).count()).toBeGreaterThan(0);
      expect(await liste.getByText('erledigt', { exact: true }).count()).toBeGreaterThan(0);
      const wasserZahl = meine.filter((d) => d.dienstart === 'Wasserdienst').length;
      expect(await liste.getByRole('listitem').count()).toBe(meine.length);
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);
      await screenshot(page, `dienste-kalender-${name}`);

      // the filter by keyboard: Tab to the Wasserdienst box, Space hides it in the calendar and the list
      const box = filter.getByRole('checkbox', { name: /^Wasserdienst/ });
      await box.focus();
      await page.keyboard.press('Space');
      expect(await box.isChecked()).toBe(false);
      await poll(() => liste.getByRole('listitem').count()).toBe(meine.length - wasserZahl);
      expect(await page.locator('.ds-event', { hasText: 'Wasserdienst' }).count()).toBe(0);
      await expectNoAxeViolations(page);
      await screenshot(page, `dienste-kalender-gefiltert-${name}`);
      await page.keyboard.press('Space');
      await poll(() => liste.getByRole('listitem').count()).toBe(meine.length);

      // the week view
      await page.getByRole('button', { name: 'Woche' }).click();
      await poll(() => page.locator('.fc-dayGridWeek-view').count()).toBe(1);
      await expectNoHorizontalScroll(page);
      await screenshot(page, `dienste-kalender-woche-${name}`);

      // the Wasserdienst calendar names the same closing day in its cell
      const wasser = await openAs(fuchs, '/wasserdienst', viewport);
      await wasser.locator('.fc-daygrid-day').first().waitFor({ timeout: 20_000 });
      await poll(() => wasser.locator('.kal-geschlossen', { hasText: 'Schließtag' }).count()).toBeGreaterThan(0);
      await expectNoAxeViolations(wasser);
      await screenshot(wasser, `wasserdienst-schliesstag-${name}`);
    }
  });

  it('a family offers a Putzdienst date for a swap, withdraws it, gives it away; another family takes it over', async () => {
    // the first demo family with a Putzdienst date within the next 12 weeks (one plan for the whole Kita)
    let gefunden: { wer: Login; putz: MeinDienst } | null = null;
    for (const nachname of FUECHSE) {
      const wer = await login(email(nachname));
      const putz = (await apiGet<MeinDienst[]>(wer, '/api/dienste/meine')).find(
        (d) => d.dienstart === 'Putzdienst' && d.tauschbar && !d.angeboten,
      );
      if (putz) {
        gefunden = { wer, putz };
        break;
      }
    }
    if (!gefunden) throw new Error('no demo family has a Putzdienst date to offer');
    const { wer: fuchs, putz } = gefunden;
    const text = terminText(putz);

    const page = await openAs(fuchs, '/dienste', DESKTOP);
    const liste = section(page, 'Meine Termine');
    await liste.waitFor({ timeout: 20_000 });
    await liste.getByRole('button', { name: `Putzdienst ${text} zum Tausch anbieten` }).click();
    const frage = page.getByRole('dialog', { name: 'Zum Tausch anbieten?' });
    await frage.getByRole('button', { name: 'Tausch anbieten' }).click();
    const eigene = section(page, 'Meine Angebote');
    const angebot = eigene.getByRole('listitem').filter({ hasText: text });
    await poll(() => angebot.count()).toBe(1);
    await closeToast(page);

    // withdraw after the app's question
    await angebot.getByRole('button', { name: `Angebot zurückziehen: Putzdienst ${text}` }).click();
    const zurueck = page.getByRole('dialog', { name: 'Angebot zurückziehen?' });
    await zurueck.getByRole('button', { name: 'Angebot zurückziehen' }).click();
    await poll(() => angebot.count()).toBe(0);
    await closeToast(page);

    // give it away
    await liste.getByRole('button', { name: `Putzdienst ${text} abgeben` }).click();
    await page.getByRole('dialog', { name: 'Dienst abgeben?' }).getByRole('button', { name: 'Dienst abgeben' }).click();
    await poll(() => angebot.count()).toBe(1);
    await expectNoAxeViolations(page);
    await screenshot(page, 'dienste-abgegeben-desktop');

    // another family (phone) takes it over from 'Angebote anderer Familien'
    const wagner = await login(email(FUECHSE.find((n) => n !== fuchs.eltern.nachname && n !== 'Keller') ?? 'Wagner'));
    const pageB = await openAs(wagner, '/dienste', PHONE);
    const fremde = section(pageB, 'Angebote anderer Familien');
    const offer = fremde.getByRole('listitem').filter({ hasText: text });
    await offer.waitFor({ timeout: 20_000 });
    expect(await offer.getByText('Abzugeben', { exact: true }).isVisible()).toBe(true);
    await offer.getByRole('button', { name: /^Übernehmen/ }).click();
    const uebernehmen = pageB.getByRole('dialog', { name: 'Dienst übernehmen?' });
    await expectNoAxeViolations(pageB);
    await dialogBild(uebernehmen, 'dienste-uebernehmen-phone');
    await uebernehmen.getByRole('button', { name: 'Übernehmen' }).click();
    await poll(() => offer.count()).toBe(0);
    await poll(async () => (await apiGet<MeinDienst[]>(wagner, '/api/dienste/meine')).some((d) => d.id === putz.id)).toBe(true);
    await expectNoHorizontalScroll(pageB);
  });
});
