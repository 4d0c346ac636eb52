import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { heuteInBerlin, plusTage } from '@waldkita/domain/kalender/iso-woche';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumAvailable, DESKTOP, expectNoAxeViolations, expectNoHorizontalScroll, PHONE, screenshot } from './support/browser.js';
import { demoKita } from './support/demo-kita.js';
import { closeToast, DEMO_ADMIN_EMAIL, poll, type Login as SessionLogin } from './support/session.js';

type Eltern = { id: string; nachname: string };
type Login = SessionLogin<Eltern>;
type Schicht = { id: string; aufgabe: string; belegt: number; plaetze: number };
type Einsatz = { id: string; titel: string; schichten: Schicht[] };
type AdminEinsatz = { schichten: { id: string; familien: { elternId: string; anwesend: boolean; erfasst: boolean }[] }[] };

const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

const VIEWPORTS = [
  [PHONE, 'phone'],
  [DESKTOP, 'desktop'],
] as const;

/** 'dd.MM.yyyy' */
const deutsch = (datum: string) => `${datum.slice(8, 10)}.${datum.slice(5, 7)}.${datum.slice(0, 4)}`;

describe.skipIf(!chromiumAvailable)(
  'Work days (Arbeitseinsätze): families sign up, the admin sets up a day and marks attendance, in Chromium',
  () => {
    const kita = demoKita<Eltern>();
    const { login, openAs } = kita;

    /** The position of the test's last write: reads wait until the read models have passed it. */
    let position: string | null = null;
    const api = async <T>(who: Login, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> => {
      const headers: Record<string, string> = { authorization: `Bearer ${who.token}` };
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (method === 'GET' && position) headers['x-min-position'] = position;
      const response = await fetch(`${kita.baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      position = response.headers.get('x-event-position') ?? position;
      return { status: response.status, body: (await response.json()) as T };
    };

    const toastText = (page: Page) => page.locator('.toast__text').textContent();

    it('a family signs up for a shift, withdraws after a question, and joins the waiting list of a full one — at 375 and 1280 px', async () => {
      const admin = await login(DEMO_ADMIN_EMAIL);
      const [fuchs, bauer] = [await login('Fuchs'), await login('Bauer')];
      const datum = plusTage(heuteInBerlin(new Date()), 12);
      for (const [viewport, name] of VIEWPORTS) {
        const titel = `Frühjahrsputz ${name}`;
        const angelegt = await api<Einsatz>(admin, 'POST', '/api/admin/einsaetze', {
          titel,
          datum,
          ort: 'Bauwagen am Waldrand',
          beschreibung: 'Wir räumen den Platz auf und streichen die Bänke.',
          anmeldeschluss: plusTage(datum, -2),
          schichten: [
            { aufgabe: 'Holz hacken', beginn: '09:00', ende: '12:00', plaetze: 2, stunden: 3 },
            { aufgabe: 'Kuchen backen', beginn: '12:00', ende: '14:30', plaetze: 1, stunden: 2.5 },
          ],
        });
        expect(angelegt.status).toBe(201);
        // Bauer has taken the only place for the cake already
        expect(
          (await api(bauer, 'POST', `/api/einsaetze/${angelegt.body.id}/schichten/${angelegt.body.schichten[1]!.id}/anmeldung`, {})).status,
        ).toBe(201);
        // The family opens the page once the day is in the read models (a read carrying the
        // position of Bauer's sign-up): a fresh page knows nothing of the admin's writes.
        expect((await api(fuchs, 'GET', '/api/einsaetze')).status).toBe(200);

        const page = await openAs(fuchs, '/arbeitseinsaetze', viewport);
        await page.getByRole('heading', { level: 1, name: 'Arbeitseinsätze' }).waitFor({ timeout: 20_000 });
        const karte = page.getByRole('region', { name: titel });
        await karte.waitFor({ timeout: 20_000 });
        const holz = karte.getByRole('listitem').filter({ hasText: 'Holz hacken' });
        const kuchen = karte.getByRole('listitem').filter({ hasText: 'Kuchen backen' });
        await poll(() => holz.textContent()).toContain('0 von 2 Plätzen belegt');
        expect(await holz.textContent()).toContain('09:00–12:00 Uhr');
        expect(await kuchen.textContent()).toContain('1 von 1 Plätzen belegt');
        expect(await karte.textContent()).toContain(`Anmeldung bis ${deutsch(plusTage(datum, -2))}`);
        await expectNoAxeViolations(page);
        await expectNoHorizontalScroll(page);
        await screenshot(page, `einsaetze-familie-${name}`);

        // sign up by keyboard: focus the button, press Enter
        await holz.getByRole('button', { name: /^Eintragen: Holz hacken/ }).focus();
        await page.keyboard.press('Enter');
        await poll(() => toastText(page)).toContain('Sie sind für „Holz hacken“ am');
        await poll(() => holz.textContent()).toContain('1 von 2 Plätzen belegt');
        expect(await holz.getByText('Eingetragen', { exact: true }).isVisible()).toBe(true);
        await closeToast(page);

        // the full cake shift offers the waiting list
        await kuchen.getByRole('button', { name: /^Auf die Warteliste: Kuchen backen/ }).click();
        await poll(() => kuchen.getByText('Auf der Warteliste', { exact: true }).isVisible()).toBe(true);
        expect(await kuchen.textContent()).toContain('1 Familie wartet');
        await closeToast(page);
        await expectNoAxeViolations(page);
        await screenshot(page, `einsaetze-familie-eingetragen-${name}`);

        // withdraw: the app's question first; 'Abbrechen' changes nothing
        await holz.getByRole('button', { name: /^Austragen: Holz hacken/ }).click();
        const frage = page.getByRole('dialog', { name: 'Austragen?' });
        await frage.waitFor();
        expect(await frage.textContent()).toContain('Möchten Sie Ihre Familie aus der Schicht „Holz hacken“');
        await expectNoAxeViolations(page);
        await frage.getByRole('button', { name: 'Abbrechen' }).click();
        await poll(() => frage.isVisible()).toBe(false);
        expect(await holz.textContent()).toContain('1 von 2 Plätzen belegt');
        await holz.getByRole('button', { name: /^Austragen: Holz hacken/ }).click();
        await frage.getByRole('button', { name: 'Austragen' }).click();
        await poll(() => toastText(page)).toBe('Sie sind aus „Holz hacken“ ausgetragen.');
        await poll(() => holz.textContent()).toContain('0 von 2 Plätzen belegt');
        expect(await holz.getByRole('button', { name: /^Eintragen: Holz hacken/ }).isVisible()).toBe(true);
        await closeToast(page);
      }

      // 'Meine Dienste' lists the family's shifts (here: the waiting ones)
      const page = await openAs(fuchs, '/dienste', DESKTOP);
      const meine = page.getByRole('region', { name: 'Meine Arbeitseinsätze' });
      await meine.waitFor({ timeout: 20_000 });
      await poll(() => meine.textContent()).toContain('Frühjahrsputz phone: Kuchen backen');
      expect(await meine.getByText('Warteliste', { exact: true }).count()).toBe(2);
      await expectNoAxeViolations(page);
    }, 180_000);

    it('the admin creates a day with two shifts, and on the day marks who came (signed-up families preset present) — at 375 and 1280 px', async () => {
      const admin = await login(DEMO_ADMIN_EMAIL);
      const wagner = await login('Wagner');
      const fuchs = await login('Fuchs');
      const heute = heuteInBerlin(new Date());
      for (const [viewport, name] of VIEWPORTS) {
        const titel = `Sommerfest ${name}`;
        const page = await openAs(admin, '/admin-dashboard/einsaetze', viewport);
        const bereich = page.getByRole('region', { name: 'Arbeitseinsätze' });
        await bereich.waitFor({ timeout: 20_000 });
        await bereich.getByRole('button', { name: '+ Neuer Arbeitseinsatz' }).click();
        const dialog = page.getByRole('dialog', { name: 'Neuer Arbeitseinsatz' });
        await dialog.waitFor();
        // the server's German rules, checked in the dialog first
        await dialog.getByRole('button', { name: 'Arbeitseinsatz anlegen' }).click();
        await poll(() => dialog.getByRole('alert').textContent()).toBe('Bitte geben Sie einen Titel für den Arbeitseinsatz an.');
        await dialog.getByLabel('Titel').fill(titel);
        await dialog.getByLabel('Datum').fill(heute);
        await dialog.getByLabel('Anmeldeschluss').fill(heute);
        await dialog.getByLabel('Ort (optional)').fill('Waldplatz');
        await dialog.getByLabel('Aufgabe').fill('Aufbau');
        await dialog.getByLabel('Beginn').fill('10:00');
        await dialog.getByLabel('Ende').fill('09:00');
        await dialog.getByRole('button', { name: 'Arbeitseinsatz anlegen' }).click();
        await poll(() => dialog.getByRole('alert').textContent()).toBe('Das Ende einer Schicht muss nach ihrem Beginn liegen.');
        await dialog.getByLabel('Ende').fill('12:00');
        await dialog.getByRole('button', { name: '+ Schicht hinzufügen' }).click();
        const zweite = dialog.getByRole('listitem').filter({ hasText: 'Schicht 2' });
        await zweite.getByLabel('Aufgabe').fill('Grillen');
        await zweite.getByLabel('Beginn').fill('12:00');
        await zweite.getByLabel('Ende').fill('15:30');
        await zweite.getByLabel('Plätze').fill('3');
        await zweite.getByLabel('Stunden').fill('3,5');
        await expectNoAxeViolations(page);
        await dialog.screenshot({ path: path.join(SCREENSHOTS, `einsaetze-admin-neu-${name}.png`) });
        await dialog.getByRole('button', { name: 'Arbeitseinsatz anlegen' }).click();
        await poll(() => dialog.isVisible()).toBe(false);
        const eintrag = bereich.getByRole('listitem').filter({ hasText: titel });
        await poll(() => eintrag.count()).toBe(1);
        expect(await eintrag.textContent()).toContain('2 Schichten · 0 von 5 Plätzen belegt');
        await closeToast(page);

        // Wagner signs up for the set-up shift (the deadline is today: still open)
        const einsatz = (await api<Einsatz[]>(wagner, 'GET', '/api/einsaetze')).body.find((e) => e.titel === titel)!;
        const aufbau = einsatz.schichten.find((s) => s.aufgabe === 'Aufbau')!;
        expect((await api(wagner, 'POST', `/api/einsaetze/${einsatz.id}/schichten/${aufbau.id}/anmeldung`, {})).status).toBe(201);
        // the page is loaded again once the read model has the sign-up (a loaded machine may take longer than a read waits)
        const belegt = async () =>
          (await api<Einsatz[]>(admin, 'GET', '/api/einsaetze')).body
            .find((e) => e.id === einsatz.id)!
            .schichten.find((s) => s.id === aufbau.id)!.belegt;
        await poll(belegt).toBe(1);
        await page.reload();
        await poll(() => eintrag.textContent()).toContain('1 von 5 Plätzen belegt');

        // attendance: Wagner preset as present; the admin unticks by keyboard
        await eintrag.getByRole('button', { name: `Anwesenheit: ${titel}, ${deutsch(heute)}` }).click();
        const anwesenheit = page.getByRole('dialog', { name: `Anwesenheit: ${titel}, ${deutsch(heute)}` });
        await anwesenheit.waitFor();
        const haken = anwesenheit.getByRole('checkbox', { name: 'Familie Wagner anwesend' });
        await poll(() => haken.isChecked()).toBe(true);
        expect(await anwesenheit.textContent()).toContain('Niemand eingetragen.');
        await expectNoAxeViolations(page);
        await anwesenheit.screenshot({ path: path.join(SCREENSHOTS, `einsaetze-anwesenheit-${name}.png`) });
        await haken.focus();
        await page.keyboard.press('Space');
        await poll(() => toastText(page)).toBe('Familie Wagner: Als nicht anwesend erfasst.');
        await poll(() => haken.isChecked()).toBe(false);
        const gelesen = await api<AdminEinsatz>(admin, 'GET', `/api/admin/einsaetze/${einsatz.id}`);
        expect(gelesen.body.schichten.find((s) => s.id === aufbau.id)!.familien).toEqual([
          expect.objectContaining({ elternId: wagner.eltern.id, anwesend: false, erfasst: true }),
        ]);
        // Fuchs came to the grill without signing up: added as present
        await closeToast(page);
        await anwesenheit.getByLabel('Weitere Familie war da (Grillen)').selectOption(fuchs.eltern.id);
        await anwesenheit.getByRole('button', { name: 'Als anwesend eintragen' }).last().click();
        await poll(() => anwesenheit.getByRole('checkbox', { name: 'Familie Fuchs anwesend' }).isChecked()).toBe(true);
        await poll(() => toastText(page)).toBe('Familie Fuchs: Als anwesend erfasst.');
        await expectNoAxeViolations(page);
        await anwesenheit.getByRole('button', { name: 'Fertig' }).click();
        await poll(() => anwesenheit.isVisible()).toBe(false);
        await expectNoHorizontalScroll(page);
        await screenshot(page, `einsaetze-admin-${name}`);

        // cancelling asks first; the day stays, marked as cancelled
        await eintrag.getByRole('button', { name: `Absagen: ${titel}, ${deutsch(heute)}` }).click();
        const frage = page.getByRole('dialog', { name: 'Arbeitseinsatz absagen?' });
        await frage.waitFor();
        expect(await frage.textContent()).toContain('Die 2 eingetragenen Familien werden per E-Mail benachrichtigt.');
        await frage.getByRole('button', { name: 'Absagen' }).click();
        await poll(() => eintrag.getByText('Abgesagt', { exact: true }).isVisible()).toBe(true);
        await closeToast(page);
      }
    }, 180_000);
  },
);
