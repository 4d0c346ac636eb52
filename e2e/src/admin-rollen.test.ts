import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { aktuelleWoche, datumDeutsch, montagDerWoche, plusTage } from '@waldkita/domain/kalender/iso-woche';
import { parseMail } from '@waldkita/platform/testing/test-smtp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumAvailable, DESKTOP, expectNoAxeViolations, expectNoHorizontalScroll, PHONE } from './support/browser.js';
import { demoKita } from './support/demo-kita.js';
import { DEMO_ADMIN_EMAIL as ADMIN_EMAIL, closeToast, demoEmail, poll } from './support/session.js';

const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

type Eltern = { id: string; nachname: string; gruppe: { gruppenID: string } | null; authorities: { authority: string }[] };
type Zuweisung = { id: string; kalenderwoche: number; jahr: number; tauschbar: boolean; angeboten: boolean };

/** Holidays far from the demo rota: KW 44 of next year and the Monday after it. */
const FERIEN_JAHR = aktuelleWoche(new Date()).jahr + 1;
const FERIEN_VON = montagDerWoche({ jahr: FERIEN_JAHR, kalenderwoche: 44 });
const FERIEN_BIS = plusTage(FERIEN_VON, 7);

describe.skipIf(!chromiumAvailable)(
  'Roles and confirmations in the Admin Center; read-only families, in Chromium against the built app',
  () => {
    const kita = demoKita<Eltern>();
    const { login, openAs } = kita;

    // ---- the API, as the test's own eyes ----------------------------------------------------------

    /** The position of the test's last write: its reads, and each page it opens, wait for the read models to pass it. */
    let position: string | null = null;
    const api = async (token: string, pfad: string, init: { method?: string; json?: unknown } = {}) => {
      const method = init.method ?? 'GET';
      const response = await fetch(`${kita.baseUrl}${pfad}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
          ...(method === 'GET' && position ? { 'x-min-position': position } : {}),
        },
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
      });
      position = response.headers.get('x-event-position') ?? position;
      const text = await response.text();
      return {
        status: response.status,
        body: ((response.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : text) as unknown,
      };
    };

    const adminApi = async (pfad: string, init: { method?: string; json?: unknown } = {}) =>
      api((await login(ADMIN_EMAIL)).token, pfad, init);

    const rollenVon = async (nachname: string) => {
      const alle = (await adminApi('/api/admin/eltern')).body as Eltern[];
      return alle.find((e) => e.nachname === nachname)?.authorities.map((a) => a.authority) ?? [];
    };

    // ---- the browser ---------------------------------------------------------------------------------

    const toastText = (page: Page) => page.locator('.toast__text').first().textContent({ timeout: 10_000 });
    const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
    /** The Admin Center at one of its sections (issue 24: each section has its own address). */
    /** A fresh page knows nothing of the test's writes through the API: it opens once the read models have them. */
    const seitenBereit = () => adminApi('/api/auth/current-user');
    const openAdminCenter = async (viewport = DESKTOP, pfad = '/admin-dashboard', ueberschrift = 'Eltern Verwaltung') => {
      await seitenBereit();
      const page = await openAs(await login(ADMIN_EMAIL), pfad, viewport);
      await poll(() => page.getByRole('heading', { name: ueberschrift, exact: true }).isVisible()).toBe(true);
      return page;
    };
    /** Opens the 'Aktionen' menu of a family's row and chooses `aktion` from it. */
    const familienAktion = async (page: Page, nachname: string, aktion: string) => {
      await page.getByRole('button', { name: `Aktionen für Familie ${nachname}` }).click();
      await page
        .getByRole('menu', { name: `Aktionen für Familie ${nachname}` })
        .getByRole('menuitem', { name: aktion })
        .click();
    };
    const familienZeile = (page: Page, nachname: string) =>
      section(page, 'Eltern Verwaltung')
        .getByRole('listitem')
        .filter({ has: page.getByText(nachname, { exact: true }) });
    const focused = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

    it('changes a role only through the dialog that says what each role means; cancelling changes nothing', async () => {
      const page = await openAdminCenter();
      const rollenAufrufe: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'PUT' && request.url().endsWith('/role')) rollenAufrufe.push(request.url());
      });
      const zeile = familienZeile(page, 'Fuchs');
      // no switch in the row that changes a role with one tap
      expect(await zeile.getByRole('checkbox').count()).toBe(0);
      expect(await zeile.getByText('Prüfer (Verlauf)').count()).toBe(0);
      const aktionen = zeile.getByRole('button', { name: 'Aktionen für Familie Fuchs' });
      const oeffnen = page.getByRole('menuitem', { name: 'Rolle ändern für Familie Fuchs' });
      await zeile.screenshot({ path: path.join(SCREENSHOTS, 'admin-familienzeile-nachher-desktop.png') });
      await aktionen.click();
      expect(await oeffnen.textContent()).toBe('Rolle ändern…');

      const dialog = page.getByRole('dialog', { name: 'Rolle ändern' });
      await oeffnen.click();
      await poll(() => dialog.isVisible()).toBe(true);
      expect(await dialog.getByText('Familie Fuchs').isVisible()).toBe(true);
      // the three roles, each with its meaning as the radio's description
      const elternteil = dialog.getByRole('radio', { name: /^Elternteil/ });
      const pruefer = dialog.getByRole('radio', { name: /^Prüfer \(Verlauf\)/ });
      const admin = dialog.getByRole('radio', { name: /^Admin/ });
      expect(await elternteil.isChecked()).toBe(true);
      expect(await elternteil.getAttribute('aria-describedby')).toBeTruthy();
      const bedeutung = (radio: typeof pruefer) =>
        radio.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent);
      expect(await bedeutung(pruefer)).toBe(
        'Kann nur lesen: sieht den Verlauf aller Familien, kann aber nichts tauschen, melden oder ändern.',
      );
      expect(await bedeutung(admin)).toMatch(/^Verwaltet das Admin Center/);
      const speichern = dialog.getByRole('button', { name: 'Rolle speichern' });
      // nothing to save while the current role is chosen
      expect(await speichern.isDisabled()).toBe(true);
      await pruefer.check();
      expect(await speichern.isEnabled()).toBe(true);
      await expectNoAxeViolations(page);
      await dialog.screenshot({ path: path.join(SCREENSHOTS, 'admin-rolle-aendern-desktop.png') });

      // cancelled: no call, no change
      await dialog.getByRole('button', { name: 'Abbrechen' }).click();
      await poll(() => dialog.isVisible()).toBe(false);
      expect(rollenAufrufe).toEqual([]);
      expect(await zeile.getByText('Prüfer (Verlauf)').count()).toBe(0);
      expect(await rollenVon('Fuchs')).toEqual(['ROLE_ELTERN']);
      // opened again, it starts at the current role
      await familienAktion(page, 'Fuchs', 'Rolle ändern für Familie Fuchs');
      await poll(() => dialog.isVisible()).toBe(true);
      expect(await elternteil.isChecked()).toBe(true);
      await page.keyboard.press('Escape');
      await poll(() => dialog.isVisible()).toBe(false);
      expect(rollenAufrufe).toEqual([]);

      // by keyboard: Enter opens the menu, ArrowDown leads to 'Rolle ändern…', Enter opens the
      // dialog, the arrow picks the next role, Tab reaches the buttons
      await aktionen.focus();
      await page.keyboard.press('Enter');
      await page.keyboard.press('ArrowDown');
      await poll(() => oeffnen.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      await poll(() => dialog.isVisible()).toBe(true);
      expect(await elternteil.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('ArrowDown');
      expect(await pruefer.isChecked()).toBe(true);
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe('Abbrechen');
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe('Rolle speichern');
      await page.keyboard.press('Enter');
      await poll(() => toastText(page)).toBe('Familie Fuchs ist jetzt Prüfer (Verlauf) und kann nur noch lesen.');
      await poll(() => dialog.isVisible()).toBe(false);
      expect(rollenAufrufe.length).toBe(1);
      await poll(() => zeile.getByText('Prüfer (Verlauf)', { exact: true }).isVisible()).toBe(true);
      await poll(() => rollenVon('Fuchs')).toEqual(['ROLE_ELTERN', 'ROLE_AUDITOR']);
      await closeToast(page);
      await expectNoAxeViolations(page);
      await zeile.screenshot({ path: path.join(SCREENSHOTS, 'admin-familienzeile-pruefer-desktop.png') });

      await page.setViewportSize(PHONE);
      await expectNoHorizontalScroll(page);
      await familienZeile(page, 'Wagner').screenshot({ path: path.join(SCREENSHOTS, 'admin-familienzeile-nachher-phone.png') });
      await familienAktion(page, 'Wagner', 'Rolle ändern für Familie Wagner');
      await poll(() => dialog.isVisible()).toBe(true);
      await expectNoAxeViolations(page);
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'admin-rolle-aendern-phone.png') });
      await dialog.getByRole('button', { name: 'Abbrechen' }).click();
      expect(await rollenVon('Wagner')).toEqual(['ROLE_ELTERN']);
    }, 90_000);

    it('a read-only family sees no write buttons on the Tausch-Börse and the absences, and the server refuses its writes', async () => {
      // Fuchs offers a week and reports an absence, Wagner offers one; then Fuchs becomes Prüfer
      const frist = await adminApi('/api/admin/abwesenheit-frist', { method: 'PUT', json: { deadline: `${FERIEN_JAHR}-12-31` } });
      expect(frist.status, JSON.stringify(frist.body)).toBe(200);
      const wagner = await login(demoEmail('Wagner'));
      let fuchs = await login(demoEmail('Fuchs'));
      if (fuchs.eltern.authorities.some((a) => a.authority === 'ROLE_AUDITOR'))
        await adminApi(`/api/admin/eltern/${fuchs.eltern.id}/role`, { method: 'PUT', json: { roles: ['ROLE_ELTERN'] } });
      await poll(async () => (await login(demoEmail('Fuchs'))).eltern.authorities.length).toBe(1);
      fuchs = await login(demoEmail('Fuchs'));
      for (const who of [fuchs, wagner]) {
        const woche = ((await api(who.token, '/api/wasserdienst/my-assignments')).body as Zuweisung[]).find(
          (z) => z.tauschbar && !z.angeboten,
        );
        expect(woche, who.eltern.nachname).toBeDefined();
        const angebot = await api(who.token, '/api/tausch', {
          method: 'POST',
          json: { elternId: who.eltern.id, wasserdienstId: woche?.id },
        });
        expect(angebot.status, JSON.stringify(angebot.body)).toBe(201);
      }
      const abwesenheit = await api(fuchs.token, '/api/abwesenheit', { method: 'POST', json: { kalenderwoche: 10, jahr: FERIEN_JAHR } });
      expect(abwesenheit.status, JSON.stringify(abwesenheit.body)).toBe(201);

      // before: the family sees every write button
      const vorher = await openAs(fuchs, '/tauschboerse');
      await poll(() => vorher.getByRole('button', { name: 'Tausch annehmen' }).count()).toBeGreaterThan(0);
      expect(await vorher.getByRole('button', { name: 'Neuen Tausch anbieten' }).isVisible()).toBe(true);
      expect(await vorher.getByRole('button', { name: 'Anfrage zurückziehen' }).count()).toBeGreaterThan(0);

      const rolle = await adminApi(`/api/admin/eltern/${fuchs.eltern.id}/role`, {
        method: 'PUT',
        json: { roles: ['ROLE_ELTERN', 'ROLE_AUDITOR'] },
      });
      expect(rolle.status).toBe(200);
      await poll(async () => (await login(demoEmail('Fuchs'))).eltern.authorities.map((a) => a.authority)).toContain('ROLE_AUDITOR');
      const pruefer = await login(demoEmail('Fuchs'));

      for (const [name, viewport] of [
        ['phone', PHONE],
        ['desktop', DESKTOP],
      ] as const) {
        const tausch = await openAs(pruefer, '/tauschboerse', viewport);
        const angebote = tausch.getByRole('region', { name: 'Verfügbare Tausch-Angebote' });
        const eigene = tausch.getByRole('region', { name: 'Meine Tausch-Anfragen' });
        await poll(() => angebote.getByRole('listitem').count()).toBeGreaterThan(0);
        await poll(() => eigene.getByRole('listitem').count()).toBeGreaterThan(0);
        expect(await tausch.getByText('Als Prüfer können Sie hier nur lesen.').isVisible()).toBe(true);
        expect(await tausch.getByRole('button', { name: 'Neuen Tausch anbieten' }).count()).toBe(0);
        expect(await tausch.getByRole('button', { name: 'Tausch annehmen' }).count()).toBe(0);
        expect(await tausch.getByRole('button', { name: 'Anfrage zurückziehen' }).count()).toBe(0);
        // reading stays possible: the offers and 'Aktualisieren'
        expect(await angebote.getByText('Wagner').isVisible()).toBe(true);
        expect(await tausch.getByRole('button', { name: 'Aktualisieren' }).isVisible()).toBe(true);
        await expectNoAxeViolations(tausch);
        await expectNoHorizontalScroll(tausch);
        await tausch.screenshot({ path: path.join(SCREENSHOTS, `pruefer-tauschboerse-${name}.png`), fullPage: true });

        const abwesend = await openAs(pruefer, '/abwesenheit', viewport);
        await poll(() => abwesend.getByText(`KW 10/${FERIEN_JAHR}`).isVisible()).toBe(true);
        expect(await abwesend.getByText('Als Prüfer können Sie hier nur lesen.').isVisible()).toBe(true);
        expect(await abwesend.getByRole('button', { name: 'Neue Abwesenheit' }).count()).toBe(0);
        expect(await abwesend.getByRole('button', { name: /löschen/i }).count()).toBe(0);
        await expectNoAxeViolations(abwesend);
        await expectNoHorizontalScroll(abwesend);
        await abwesend.screenshot({ path: path.join(SCREENSHOTS, `pruefer-abwesenheit-${name}.png`), fullPage: true });
        // the keyboard finds nothing that would write
        const namen: string[] = [];
        for (let i = 0; i < 12; i++) {
          await abwesend.keyboard.press('Tab');
          namen.push(await focused(abwesend));
        }
        expect(namen.filter((n) => /Neue Abwesenheit|Löschen/.test(n))).toEqual([]);
      }

      // the server agrees: every write of the read-only family is refused
      const verweigert = [
        await api(pruefer.token, '/api/abwesenheit', { method: 'POST', json: { kalenderwoche: 11, jahr: FERIEN_JAHR } }),
        await api(pruefer.token, '/api/tausch', { method: 'POST', json: { elternId: pruefer.eltern.id, wasserdienstId: 'x' } }),
      ];
      for (const antwort of verweigert) {
        expect(antwort.status).toBe(403);
        expect((antwort.body as { message: string }).message).toBe('Prüfer haben nur Lesezugriff.');
      }
    }, 120_000);

    it('every holiday deletion asks first, names its object, and the toast says what was deleted', async () => {
      const zeitraum = (holidayType: string, startDate: string, endDate: string) =>
        adminApi('/api/admin/holidays-by-date-range', { method: 'POST', json: { holidayType, startDate, endDate } });
      for (const antwort of [
        await zeitraum('Herbstferien', FERIEN_VON, FERIEN_BIS),
        await zeitraum('Brückentag', plusTage(FERIEN_VON, 25), plusTage(FERIEN_VON, 25)),
      ])
        expect(antwort.status, JSON.stringify(antwort.body)).toBeLessThan(300);

      const page = await openAdminCenter(DESKTOP, '/admin-dashboard/ferien', 'Ferientermine verwalten');
      const ferien = section(page, 'Ferientermine verwalten');
      const jahr = ferien.getByRole('region', { name: String(FERIEN_JAHR) });
      const tag = datumDeutsch(FERIEN_BIS);
      await poll(() => jahr.getByText(tag, { exact: true }).isVisible()).toBe(true);

      // the 'all of a type' buttons read differently, each with its type and year
      const alleHerbst = jahr.getByRole('button', { name: `Alle Herbstferien ${FERIEN_JAHR} löschen`, exact: true });
      const alleBruecke = jahr.getByRole('button', { name: `Alle Brückentage ${FERIEN_JAHR} löschen`, exact: true });
      expect(await alleHerbst.isVisible()).toBe(true);
      expect(await alleBruecke.isVisible()).toBe(true);
      expect(await alleHerbst.textContent()).not.toBe(await alleBruecke.textContent());
      await expectNoAxeViolations(page);
      await ferien.screenshot({ path: path.join(SCREENSHOTS, 'admin-ferien-nachher-desktop.png') });

      const frage = page.getByRole('dialog', { name: 'Ferientag löschen?' });
      const tagKnopf = jahr.getByRole('button', { name: `Ferientag ${tag} löschen` });
      // cancelled: the day stays
      await tagKnopf.click();
      await poll(() => frage.isVisible()).toBe(true);
      expect(await frage.getByText(`Möchten Sie den Ferientag ${tag} (Herbstferien) wirklich löschen?`).isVisible()).toBe(true);
      // the safe answer has the focus
      expect(await focused(page)).toBe('Abbrechen');
      await expectNoAxeViolations(page);
      await frage.screenshot({ path: path.join(SCREENSHOTS, 'admin-ferientag-frage-desktop.png') });
      await frage.getByRole('button', { name: 'Abbrechen' }).click();
      await poll(() => frage.isVisible()).toBe(false);
      expect(await jahr.getByText(tag, { exact: true }).isVisible()).toBe(true);
      // Escape cancels as well
      await tagKnopf.click();
      await poll(() => frage.isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      await poll(() => frage.isVisible()).toBe(false);
      expect(await jahr.getByText(tag, { exact: true }).isVisible()).toBe(true);
      // confirmed
      await tagKnopf.click();
      await frage.getByRole('button', { name: 'Ferientag löschen' }).click();
      await poll(() => toastText(page)).toBe('Ferientag gelöscht');
      await poll(() => jahr.getByText(tag, { exact: true }).count()).toBe(0);
      await closeToast(page);

      // a week, on a phone, by keyboard
      await page.setViewportSize(PHONE);
      const wocheKnopf = jahr.getByRole('button', { name: `Ferienwoche KW 44/${FERIEN_JAHR} löschen` });
      const wochenFrage = page.getByRole('dialog', { name: 'Ferienwoche löschen?' });
      await wocheKnopf.focus();
      await page.keyboard.press('Enter');
      await poll(() => wochenFrage.isVisible()).toBe(true);
      expect(
        await wochenFrage.getByText(`Möchten Sie die Ferienwoche KW 44/${FERIEN_JAHR} (Herbstferien) wirklich löschen?`).isVisible(),
      ).toBe(true);
      await expectNoAxeViolations(page);
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'admin-ferienwoche-frage-phone.png') });
      await page.keyboard.press('Enter'); // on 'Abbrechen'
      await poll(() => wochenFrage.isVisible()).toBe(false);
      expect(await jahr.getByText('KW 44', { exact: true }).isVisible()).toBe(true);
      await wocheKnopf.focus();
      await page.keyboard.press('Enter');
      await poll(() => wochenFrage.isVisible()).toBe(true);
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe('Ferienwoche löschen');
      await page.keyboard.press('Enter');
      await poll(() => toastText(page)).toBe('Ferienwoche gelöscht');
      await poll(() => jahr.getByText('KW 44', { exact: true }).count()).toBe(0);
      await closeToast(page);

      // all of one type: the other type stays
      await alleBruecke.click();
      const typFrage = page.getByRole('dialog', { name: `Brückentag ${FERIEN_JAHR} löschen?` });
      await poll(() => typFrage.isVisible()).toBe(true);
      expect(
        await typFrage
          .getByText(`Möchten Sie alle Einträge „Brückentag“ für ${FERIEN_JAHR} löschen (Wochen und einzelne Tage)?`)
          .isVisible(),
      ).toBe(true);
      await typFrage.getByRole('button', { name: 'Alle löschen' }).click();
      await poll(() => toastText(page)).toBe('Brückentag Wochen gelöscht');
      await poll(() => jahr.getByText(/^Brückentag/).count()).toBe(0);
    }, 90_000);

    it('deleting a group and an announcement asks first; cancelling keeps them', async () => {
      const gruppe = await adminApi('/api/admin/gruppen', { method: 'POST', json: { gruppenName: 'Biber' } });
      expect(gruppe.status, JSON.stringify(gruppe.body)).toBe(201);
      const nachricht = 'Am Freitag bringen alle Kinder Gummistiefel und eine Brotzeit für den Waldtag mit.';
      const mitteilung = await adminApi('/api/admin/mitteilungen', { method: 'POST', json: { text: nachricht } });
      expect(mitteilung.status, JSON.stringify(mitteilung.body)).toBe(201);

      const page = await openAdminCenter(PHONE, '/admin-dashboard/gruppen', 'Gruppen & Export');
      const gruppen = section(page, 'Gruppen & Export').getByRole('region', { name: 'Gruppen', exact: true });
      const biber = gruppen.getByRole('listitem').filter({ has: page.getByText('Biber', { exact: true }) });
      await poll(() => biber.isVisible()).toBe(true);
      const frage = page.getByRole('dialog', { name: 'Gruppe löschen?' });
      await gruppen.getByRole('button', { name: 'Gruppe Biber löschen' }).click();
      await poll(() => frage.isVisible()).toBe(true);
      expect(await frage.getByText('Möchten Sie die Gruppe „Biber“ wirklich löschen?').isVisible()).toBe(true);
      await expectNoAxeViolations(page);
      await frage.getByRole('button', { name: 'Abbrechen' }).click();
      await poll(() => frage.isVisible()).toBe(false);
      expect(await biber.isVisible()).toBe(true);
      await gruppen.getByRole('button', { name: 'Gruppe Biber löschen' }).click();
      await frage.getByRole('button', { name: 'Gruppe löschen' }).click();
      await poll(() => toastText(page)).toBe('Gruppe Biber wurde gelöscht.');
      await poll(() => biber.count()).toBe(0);

      for (const [name, viewport] of [
        ['phone', PHONE],
        ['desktop', DESKTOP],
      ] as const) {
        await seitenBereit();
        const dashboard = await openAs(await login(ADMIN_EMAIL), '/dashboard', viewport);
        await dashboard.getByRole('button', { name: 'Nachrichten verwalten' }).click();
        const verwalten = dashboard.getByRole('dialog', { name: 'Nachrichten verwalten' });
        await poll(() => verwalten.getByRole('listitem').count()).toBe(1);
        const loeschen = verwalten.getByRole('button', { name: `Nachricht „${nachricht.slice(0, 50)}…“ löschen` });
        const nachrichtFrage = dashboard.getByRole('dialog', { name: 'Nachricht löschen?' });
        await loeschen.click();
        await poll(() => nachrichtFrage.isVisible()).toBe(true);
        expect(await nachrichtFrage.getByText(`${nachricht.slice(0, 50)}…`).isVisible()).toBe(true);
        await expectNoAxeViolations(dashboard);
        await expectNoHorizontalScroll(dashboard);
        await dashboard.screenshot({ path: path.join(SCREENSHOTS, `dashboard-nachricht-frage-${name}.png`) });
        // Escape closes only the question; the list stays open and keeps the announcement
        await dashboard.keyboard.press('Escape');
        await poll(() => nachrichtFrage.isVisible()).toBe(false);
        expect(await verwalten.isVisible()).toBe(true);
        expect(await verwalten.getByRole('listitem').count()).toBe(1);
        if (name === 'desktop') {
          await loeschen.click();
          await nachrichtFrage.getByRole('button', { name: 'Nachricht löschen' }).click();
          await poll(() => toastText(dashboard)).toBe('Nachricht gelöscht!');
          await poll(() => verwalten.getByText('Keine Nachrichten vorhanden.').isVisible()).toBe(true);
        }
      }
    }, 90_000);

    it('a new family is reported as notified by e-mail, and the welcome mail is on its way', async () => {
      const page = await openAdminCenter(PHONE);
      await page.getByRole('button', { name: '+ Neuer Elternteil' }).click();
      const dialog = page.getByRole('dialog', { name: 'Neuer Elternteil' });
      await poll(() => dialog.isVisible()).toBe(true);
      expect(
        await dialog
          .getByText('Die Familie erhält eine Willkommens-E-Mail mit einem Link, über den sie ihr Passwort festlegt.')
          .isVisible(),
      ).toBe(true);
      expect(await dialog.getByText(/sobald der E-Mail-Versand eingerichtet ist/).count()).toBe(0);
      await dialog.getByLabel('Nachname').fill('Tanne');
      await dialog.getByLabel('E-Mail').fill('familie.tanne@example.org');
      await dialog.getByLabel('Gruppe').selectOption('Eulen');
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'Anlegen' }).click();
      await poll(() => toastText(page)).toBe('Familie Tanne wurde angelegt und per E-Mail benachrichtigt.');
      // the mail the toast speaks of (without SMTP_URL, an .eml file in MAIL_DIR)
      const maildir = kita.app.env.MAIL_DIR;
      const willkommen = async () => {
        if (!existsSync(maildir)) return null;
        for (const datei of readdirSync(maildir)) {
          const mail = await parseMail(readFileSync(path.join(maildir, datei)));
          const an = Array.isArray(mail.to) ? mail.to : [mail.to];
          if (an.some((adresse) => adresse?.text.includes('familie.tanne@example.org'))) return mail.subject;
        }
        return null;
      };
      await poll(willkommen, { timeout: 20_000 }).toBe('Willkommen im Elternportal des Waldkindergartens');
    }, 60_000);
  },
);

if (!chromiumAvailable)
  describe('Roles and confirmations browser tests', () => {
    it.skip('skipped: Chromium is not installed at /usr/bin/chromium (apt-get install chromium; .ci/run does it)', () => {});
  });
