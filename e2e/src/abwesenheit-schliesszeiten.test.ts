import { aktuelleWoche, datumDeutsch, heuteInBerlin, type IsoWoche, montagDerWoche, plusTage } from '@waldkita/domain/kalender/iso-woche';
import { setzeVergangeneFrist } from '@waldkita/platform/testing/vergangene-frist';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumAvailable, DESKTOP, expectNoAxeViolations, expectNoHorizontalScroll, PHONE, screenshot } from './support/browser.js';
import { demoKita } from './support/demo-kita.js';
import { DEMO_ADMIN_EMAIL as ADMIN_EMAIL, demoEmail as email, poll } from './support/session.js';

const MONATE = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'];
const kw = (w: IsoWoche) => `KW ${w.kalenderwoche}/${w.jahr}`;
/** Polls until the page shows what the server answered; generous, as other suites may share the machine. */
const warte = poll;

describe.skipIf(!chromiumAvailable)('Abwesenheiten and Schließzeiten & Events, in Chromium against the built app', () => {
  const kita = demoKita<{ id: string; nachname: string }>();
  const { login, openAs } = kita;
  // ISO week and calendar date "now" in Europe/Berlin, as the server sees them
  const jetzt = aktuelleWoche(new Date());
  const heute = heuteInBerlin(new Date());

  // ---- the API, as the test's own eyes ----------------------------------------------------------

  const setzeFrist = async (deadline: string) => {
    const admin = await login(ADMIN_EMAIL);
    const response = await fetch(`${kita.baseUrl}/api/admin/abwesenheit-frist`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ deadline }),
    });
    expect(response.status, await response.text()).toBe(200);
  };

  /** A deadline that has passed since it was set (the test harness appends it as decided the day before). */
  const fristVergangen = (frist: string) => setzeVergangeneFrist(kita.app.databaseUrl, frist);

  // ---- the browser ---------------------------------------------------------------------------------

  const toastText = (page: Page) => page.locator('.toast__text').first().textContent({ timeout: 10_000 });
  /** Year headings of the absence list, top to bottom. */
  const jahrUeberschriften = (page: Page) => page.getByRole('heading', { level: 2, name: /^Jahr \d{4}/ }).allTextContents();

  it('a parent reports absences in weeks and years chosen in the dialog, sees them by year, and deletes one after the prompt', async () => {
    const deadline = plusTage(heute, 30);
    await setzeFrist(deadline);
    const fuchs = await login(email('Fuchs'));
    const page = await openAs(fuchs, '/abwesenheit');

    await warte(() => page.getByRole('heading', { level: 1, name: 'Wasserdienst Abwesenheiten' }).isVisible()).toBe(true);
    expect(await page.getByText('Familie Fuchs').isVisible()).toBe(true);
    await warte(() => page.getByText('Keine Abwesenheiten vorhanden').isVisible()).toBe(true);
    const banner = page.getByRole('region', { name: 'Erstellungsfrist' });
    await warte(() => banner.textContent()).toContain('Noch 30 Tage zum Erstellen von Abwesenheiten');
    expect(await banner.textContent()).toContain(`Frist: bis einschließlich ${datumDeutsch(deadline)}`);
    expect(await banner.textContent()).toContain(`Aktuelle Woche: ${kw(jetzt)}`);
    await expectNoAxeViolations(page);
    await screenshot(page, 'abwesenheit-leer-desktop');

    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/abwesenheit')) posts.push(request.postData() ?? '');
    });

    // the dialog starts with the current week and year; years offered: current, +1, +2
    await page.getByRole('button', { name: 'Neue Abwesenheit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neue Abwesenheit' });
    await dialog.waitFor();
    const woche = dialog.getByLabel('Kalenderwoche');
    const jahr = dialog.getByLabel('Jahr');
    expect(await woche.inputValue()).toBe(String(jetzt.kalenderwoche));
    expect(await jahr.inputValue()).toBe(String(jetzt.jahr));
    expect(await jahr.locator('option').allTextContents()).toEqual([jetzt.jahr, jetzt.jahr + 1, jetzt.jahr + 2].map(String));
    expect(await dialog.textContent()).toContain(`Aktuelle Woche${kw(jetzt)}`);
    expect(await dialog.textContent()).toContain('noch 30 Tage');

    // checked before sending
    await woche.fill('60');
    await dialog.getByRole('button', { name: 'Erstellen' }).click();
    await warte(() => dialog.getByRole('alert').textContent()).toBe('Kalenderwoche muss zwischen 1 und 53 liegen');
    expect(posts).toEqual([]);
    await expectNoAxeViolations(page);
    await screenshot(page, 'abwesenheit-dialog-desktop');
    // a week that has ended (last week; in KW 1 there is none of this year to pick)
    if (jetzt.kalenderwoche > 1) {
      await woche.fill(String(jetzt.kalenderwoche - 1));
      await dialog.getByRole('button', { name: 'Erstellen' }).click();
      await warte(() => dialog.getByRole('alert').textContent()).toBe(
        `KW ${jetzt.kalenderwoche - 1}/${jetzt.jahr} ist bereits vorbei. Abwesenheiten können nur für kommende Wochen gemeldet werden.`,
      );
      expect(posts).toEqual([]);
      await expectNoAxeViolations(page);
      await screenshot(page, 'abwesenheit-dialog-vorbei-desktop');
    }

    const naechstes = jetzt.jahr + 1;
    const uebernaechstes = jetzt.jahr + 2;
    const erstelle = async (w: IsoWoche) => {
      if (!(await dialog.isVisible())) {
        await page.getByRole('button', { name: 'Neue Abwesenheit' }).click();
        await dialog.waitFor();
      }
      await jahr.selectOption(String(w.jahr));
      await woche.fill(String(w.kalenderwoche));
      await dialog.getByRole('button', { name: 'Erstellen' }).click();
    };

    await erstelle({ jahr: naechstes, kalenderwoche: 12 });
    await warte(() => toastText(page)).toBe('Abwesenheit erfolgreich erstellt');
    await warte(() => dialog.isVisible()).toBe(false);
    expect(JSON.parse(posts[0] ?? '{}')).toEqual({ kalenderwoche: 12, jahr: naechstes });
    await warte(() => jahrUeberschriften(page)).toEqual([`Jahr ${naechstes} (1 Abwesenheit)`]);

    // the form starts afresh with the current week
    await page.getByRole('button', { name: 'Neue Abwesenheit' }).click();
    await dialog.waitFor();
    expect(await woche.inputValue()).toBe(String(jetzt.kalenderwoche));
    expect(await jahr.inputValue()).toBe(String(jetzt.jahr));
    await erstelle({ jahr: uebernaechstes, kalenderwoche: 5 });
    await warte(() => jahrUeberschriften(page)).toEqual([`Jahr ${uebernaechstes} (1 Abwesenheit)`, `Jahr ${naechstes} (1 Abwesenheit)`]);
    // the list is refreshed a moment before the dialog closes: wait for both before the next one
    await warte(() => dialog.isVisible()).toBe(false);
    await erstelle({ jahr: naechstes, kalenderwoche: 20 });
    await warte(() => jahrUeberschriften(page)).toEqual([`Jahr ${uebernaechstes} (1 Abwesenheit)`, `Jahr ${naechstes} (2 Abwesenheiten)`]);
    await warte(() => dialog.isVisible()).toBe(false);
    // weeks descending within a year
    const eintraege = await page.locator('.aw-item__week').allTextContents();
    expect(eintraege).toEqual([`KW 5/${uebernaechstes}`, `KW 20/${naechstes}`, `KW 12/${naechstes}`]);

    // the server refuses the same week twice; the dialog stays open with the message on top
    await erstelle({ jahr: naechstes, kalenderwoche: 12 });
    await warte(() => toastText(page)).toBe(`Fehler beim Erstellen: Für KW 12/${naechstes} ist bereits eine Abwesenheit eingetragen.`);
    expect(await dialog.isVisible()).toBe(true);
    expect(await page.getByRole('alert').filter({ hasText: 'bereits eine Abwesenheit' }).isVisible()).toBe(true);
    // the toast is drawn above the modal's backdrop, not dimmed behind it
    const obenauf = await page.locator('.toast').evaluate((toast) => {
      const box = toast.getBoundingClientRect();
      return toast.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
    });
    expect(obenauf).toBe(true);
    await page.waitForTimeout(300); // the toast's entrance animation
    await screenshot(page, 'abwesenheit-dialog-fehler-desktop');
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await warte(() => dialog.isVisible()).toBe(false);

    // delete: the app's dialog asks; cancelling keeps the week, confirming removes it
    const frage = page.getByRole('dialog', { name: 'Abwesenheit löschen?' });
    await page.getByRole('button', { name: `Abwesenheit KW 12/${naechstes} löschen` }).click();
    await warte(() => frage.isVisible()).toBe(true);
    expect(await frage.textContent()).toContain(`Möchten Sie die Abwesenheit für KW 12/${naechstes} wirklich löschen?`);
    await frage.getByRole('button', { name: 'Abbrechen' }).click();
    await warte(() => frage.isVisible()).toBe(false);
    expect(await page.locator('.aw-item').count()).toBe(3);

    await page.getByRole('button', { name: `Abwesenheit KW 12/${naechstes} löschen` }).click();
    await frage.getByRole('button', { name: 'Abwesenheit löschen' }).click();
    await warte(() => toastText(page)).toBe('Abwesenheit erfolgreich gelöscht');
    await warte(() => jahrUeberschriften(page)).toEqual([`Jahr ${uebernaechstes} (1 Abwesenheit)`, `Jahr ${naechstes} (1 Abwesenheit)`]);
    expect(await page.getByRole('button', { name: `Abwesenheit KW 12/${naechstes} löschen` }).count()).toBe(0);
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'abwesenheit-liste-desktop');

    // the same list on a phone
    await page.setViewportSize(PHONE);
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await screenshot(page, 'abwesenheit-liste-phone');
  });

  it('an admin creates a range of closing weeks, a closing day and an event, and finds them in the calendar', async () => {
    const admin = await login(ADMIN_EMAIL);
    const page = await openAs(admin, '/schliesszeiten');
    await warte(() => page.getByRole('heading', { level: 1, name: 'Schließzeiten & Events' }).isVisible()).toBe(true);
    const tabs = page.getByRole('tablist');
    await warte(() => tabs.getByRole('tab').allTextContents()).toEqual(['Schließzeiten (0)', 'Schließtage (0)', 'Events (0)']);
    await expectNoAxeViolations(page);
    await screenshot(page, 'schliesszeiten-leer-desktop');

    const jahr = jetzt.jahr + 1;
    await page.getByRole('button', { name: 'Neue Schließzeit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neue Schließzeit' });
    await dialog.waitFor();
    await dialog.getByLabel('Mehrere Wochen (von – bis)').check();
    await dialog.getByLabel('Jahr').fill(String(jahr));
    await dialog.getByLabel('Von Kalenderwoche').fill('4');
    await dialog.getByLabel('Bis Kalenderwoche').fill('2');
    await dialog.getByLabel('Beschreibung').fill('Winterpause');
    expect(await dialog.getByText('11/500 Zeichen').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Erstellen' }).click();
    await warte(() => dialog.getByRole('alert').textContent()).toBe('Startwoche muss kleiner oder gleich Endwoche sein');
    await expectNoAxeViolations(page);
    await screenshot(page, 'schliesszeiten-dialog-bereich-desktop');
    await dialog.getByLabel('Von Kalenderwoche').fill('2');
    await dialog.getByLabel('Bis Kalenderwoche').fill('4');
    await dialog.getByRole('button', { name: 'Erstellen' }).click();
    await warte(() => toastText(page)).toBe('3 Schließzeiten erfolgreich erstellt');
    await warte(() => dialog.isVisible()).toBe(false);
    await warte(() => tabs.getByRole('tab').first().textContent()).toBe('Schließzeiten (3)');
    expect(await page.getByRole('heading', { name: `Jahr ${jahr} (3 Schließzeiten)` }).isVisible()).toBe(true);
    expect(await page.locator('.sz-eintrag__titel').allTextContents()).toEqual(['KW 2', 'KW 3', 'KW 4']);

    // a closing day and an event on the Wednesday of week 3
    const mittwoch = plusTage(montagDerWoche({ jahr, kalenderwoche: 3 }), 2);
    const freitag = plusTage(montagDerWoche({ jahr, kalenderwoche: 3 }), 4);
    for (const [tab, knopf, titel, datum, text, meldung] of [
      ['Schließtage', 'Neuer Schließtag', 'Neuer Schließtag', freitag, 'Brückentag', 'Schließtag erfolgreich erstellt'],
      ['Events', 'Neues Event', 'Neues Event', mittwoch, 'Laternenbasteln', 'Event erfolgreich erstellt'],
    ] as const) {
      await tabs.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
      await page.getByRole('button', { name: knopf }).click();
      const tagDialog = page.getByRole('dialog', { name: titel });
      await tagDialog.waitFor();
      await tagDialog.getByRole('button', { name: 'Erstellen' }).click();
      await warte(() => tagDialog.getByRole('alert').textContent()).toBe('Bitte füllen Sie alle Felder aus');
      await tagDialog.getByLabel('Datum').fill(datum);
      await tagDialog.getByLabel('Beschreibung').fill(text);
      await tagDialog.getByRole('button', { name: 'Erstellen' }).click();
      await warte(() => toastText(page)).toBe(meldung);
      await warte(() => tagDialog.isVisible()).toBe(false);
    }
    await warte(() => tabs.getByRole('tab').allTextContents()).toEqual(['Schließzeiten (3)', 'Schließtage (1)', 'Events (1)']);

    // the calendar, leafed forward to January of next year
    const monatsTitel = page.locator('.sz-cal__title');
    for (let i = 0; i < 24 && (await monatsTitel.textContent()) !== `Januar ${jahr}`; i++)
      await page.getByRole('button', { name: 'Nächster Monat' }).click();
    expect(await monatsTitel.textContent()).toBe(`Januar ${jahr}`);
    const woche3 = page.getByTitle('Schließzeit KW 3: Winterpause', { exact: true });
    // week 3 lies in January; its Wednesday and Friday carry more than the closing week
    expect(await woche3.count()).toBe(5);
    const tag = async (datum: string) => {
      const knopf = page.getByRole('button', { name: new RegExp(`, ${Number(datum.slice(8))}\\. Januar ${jahr}( \\(heute\\))?:`) });
      const [klasse, hintergrund] = await knopf
        .locator('xpath=..')
        .evaluate((td) => [td.className, getComputedStyle(td).backgroundColor] as const);
      return { klasse, hintergrund, titel: await knopf.getAttribute('title') };
    };
    const montag = montagDerWoche({ jahr, kalenderwoche: 3 });
    expect(await tag(montag)).toEqual({
      klasse: 'sz-day sz-day--woche',
      hintergrund: 'rgb(246, 213, 208)',
      titel: 'Schließzeit KW 3: Winterpause',
    });
    // precedence: event, then closing day, then closing week
    expect(await tag(mittwoch)).toEqual({
      klasse: 'sz-day sz-day--event',
      hintergrund: 'rgb(47, 93, 58)',
      titel: 'Event: Laternenbasteln\nSchließzeit KW 3: Winterpause',
    });
    expect(await tag(freitag)).toEqual({
      klasse: 'sz-day sz-day--schliesstag',
      hintergrund: 'rgb(163, 38, 27)',
      titel: 'Schließtag: Brückentag\nSchließzeit KW 3: Winterpause',
    });
    // the tooltip's text is also the day's accessible name
    await woche3.first().focus();
    expect(await woche3.first().getAttribute('aria-label')).toMatch(/^Montag, \d+\. Januar \d{4}: Schließzeit KW 3: Winterpause$/);
    expect(await page.locator('.sz-cal__detail').textContent()).toContain('Schließzeit KW 3: Winterpause');
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'schliesszeiten-januar-admin-desktop');

    // tabs with the arrow keys
    const tab = (name: string) => tabs.getByRole('tab', { name: new RegExp(`^${name}`) });
    await tab('Events').focus();
    await page.keyboard.press('ArrowRight');
    expect(await tab('Schließzeiten').getAttribute('aria-selected')).toBe('true');
    expect(await tab('Schließzeiten').evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowRight');
    expect(await tab('Schließtage').getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('End');
    expect(await tab('Events').getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Home');
    expect(await tab('Schließzeiten').getAttribute('aria-selected')).toBe('true');

    // edit: week and year locked, only the description
    await page.getByRole('button', { name: `Schließzeit KW 2/${jahr} bearbeiten` }).click();
    const bearbeiten = page.getByRole('dialog', { name: 'Schließzeit bearbeiten' });
    await bearbeiten.waitFor();
    expect(await bearbeiten.getByLabel('Jahr').isDisabled()).toBe(true);
    expect(await bearbeiten.getByLabel('Kalenderwoche').isDisabled()).toBe(true);
    expect(await bearbeiten.getByText('Kalenderwoche und Jahr können nicht geändert werden').isVisible()).toBe(true);
    await bearbeiten.getByLabel('Beschreibung').fill('   ');
    await bearbeiten.getByRole('button', { name: 'Speichern' }).click();
    await warte(() => bearbeiten.getByRole('alert').textContent()).toBe('Beschreibung darf nicht leer sein');
    await bearbeiten.getByLabel('Beschreibung').fill('Winterpause (Notbetreuung möglich)');
    await bearbeiten.getByRole('button', { name: 'Speichern' }).click();
    await warte(() => toastText(page)).toBe('Schließzeit erfolgreich aktualisiert');
    await warte(() => page.locator('.sz-eintrag__text').allTextContents()).toEqual([
      'Winterpause (Notbetreuung möglich)',
      'Winterpause',
      'Winterpause',
    ]);

    // edit a closing day: the date is locked
    await tab('Schließtage').click();
    await page.getByRole('button', { name: `Schließtag ${datumDeutsch(freitag)} bearbeiten` }).click();
    const tagBearbeiten = page.getByRole('dialog', { name: 'Schließtag bearbeiten' });
    await tagBearbeiten.waitFor();
    expect(await tagBearbeiten.getByLabel('Datum').isDisabled()).toBe(true);
    expect(await tagBearbeiten.getByText('Das Datum kann nicht geändert werden').isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await screenshot(page, 'schliesszeiten-tag-bearbeiten-desktop');
    await tagBearbeiten.getByRole('button', { name: 'Abbrechen' }).click();

    // delete the event
    await tab('Events').click();
    await page.getByRole('button', { name: `Event ${datumDeutsch(mittwoch)} löschen` }).click();
    const loeschen = page.getByRole('dialog', { name: 'Event löschen' });
    await loeschen.waitFor();
    expect((await loeschen.locator('.sz-loeschen__text').textContent())?.trim()).toMatch(
      /Diese Aktion kann nicht rückgängig gemacht werden\.$/,
    );
    await screenshot(page, 'schliesszeiten-loeschen-desktop');
    await loeschen.getByRole('button', { name: 'Löschen' }).click();
    await warte(() => toastText(page)).toBe('Event erfolgreich gelöscht');
    await warte(() => tabs.getByRole('tab').allTextContents()).toEqual(['Schließzeiten (3)', 'Schließtage (1)', 'Events (0)']);
    expect(await page.getByText('Keine Events vorhanden').isVisible()).toBe(true);

    await page.setViewportSize(PHONE);
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await screenshot(page, 'schliesszeiten-admin-phone');
  });

  it('a parent sees the calendar and the lists on a phone, but no add, edit or delete buttons', async () => {
    const eule = await login(email('Eule'));
    const page = await openAs(eule, '/schliesszeiten', PHONE);
    const tabs = page.getByRole('tablist');
    await warte(() => tabs.getByRole('tab').first().textContent()).toBe('Schließzeiten (3)');
    const monatsTitel = page.locator('.sz-cal__title');
    expect(await monatsTitel.textContent()).toBe(`${MONATE[Number(heute.slice(5, 7)) - 1]} ${heute.slice(0, 4)}`);
    expect(await page.locator('td[aria-current="date"]').count()).toBe(1);
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await screenshot(page, 'schliesszeiten-parent-phone');

    for (const name of [/Neue Schließzeit/, /Neuer Schließtag/, /Neues Event/, /bearbeiten$/, /löschen$/])
      expect(await page.getByRole('button', { name }).count()).toBe(0);
    for (const name of ['Schließtage', 'Events']) {
      await tabs.getByRole('tab', { name: new RegExp(`^${name}`) }).click();
      for (const button of [/Neuer Schließtag/, /Neues Event/, /bearbeiten$/, /löschen$/])
        expect(await page.getByRole('button', { name: button }).count()).toBe(0);
    }

    const jahr = jetzt.jahr + 1;
    for (let i = 0; i < 24 && (await monatsTitel.textContent()) !== `Januar ${jahr}`; i++)
      await page.getByRole('button', { name: 'Nächster Monat' }).click();
    expect(await page.getByTitle('Schließzeit KW 4: Winterpause', { exact: true }).count()).toBeGreaterThan(0);
    await page.getByTitle('Schließzeit KW 4: Winterpause', { exact: true }).first().click();
    expect(await page.locator('.sz-cal__detail').textContent()).toContain('Schließzeit KW 4: Winterpause');
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await screenshot(page, 'schliesszeiten-januar-parent-phone');

    await page.setViewportSize(DESKTOP);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'schliesszeiten-parent-desktop');
  });

  it('after the deadline the button is disabled with its reason, the banner names the cut-off date, and the server refuses', async () => {
    const gestern = plusTage(heute, -1);
    await fristVergangen(gestern);
    const eule = await login(email('Eule'));
    const page = await openAs(eule, '/abwesenheit', PHONE);
    const banner = page.getByRole('region', { name: 'Erstellungsfrist' });
    await warte(() => banner.textContent()).toContain('Erstellungsfrist abgelaufen');
    expect(await banner.textContent()).toContain(`Stichtag war der ${datumDeutsch(gestern)}.`);
    expect(await banner.textContent()).toContain(`Aktuelle Woche: ${kw(jetzt)}`);
    await warte(() => page.getByText('Keine Abwesenheiten vorhanden').isVisible()).toBe(true);
    expect(await page.getByText('Die Frist für das Erstellen von Abwesenheiten ist abgelaufen.').isVisible()).toBe(true);

    const knopf = page.getByRole('button', { name: 'Neue Abwesenheit' });
    expect(await knopf.getAttribute('aria-disabled')).toBe('true');
    expect(await knopf.getAttribute('title')).toBe('Die Frist für das Erstellen von Abwesenheiten ist abgelaufen');
    const beschreibung = await knopf.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent);
    expect(beschreibung).toBe('Die Frist für das Erstellen von Abwesenheiten ist abgelaufen');
    await knopf.click({ force: true });
    expect(await page.getByRole('dialog', { name: 'Neue Abwesenheit' }).isVisible()).toBe(false);
    // the server has the last word
    const refused = await fetch(`${kita.baseUrl}/api/abwesenheit`, {
      method: 'POST',
      headers: { authorization: `Bearer ${eule.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ kalenderwoche: 10, jahr: jetzt.jahr + 1 }),
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'Sie können keine Abwesenheiten mehr erstellen. Die konfigurierte Frist ist abgelaufen.',
    );
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await screenshot(page, 'abwesenheit-frist-abgelaufen-phone');
  });
});

if (!chromiumAvailable)
  describe('browser tests', () => {
    it.skip('skipped: Chromium is not installed at /usr/bin/chromium (apt-get install chromium; .ci/run does it)', () => {});
  });
