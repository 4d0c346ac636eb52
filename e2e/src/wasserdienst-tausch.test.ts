import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumAvailable, DESKTOP, expectNoAxeViolations, expectNoHorizontalScroll, PHONE, screenshot } from './support/browser.js';
import { demoKita } from './support/demo-kita.js';
import { DEMO_ADMIN_EMAIL as ADMIN_EMAIL, demoEmail as email, poll, type Login as SessionLogin } from './support/session.js';

type Zuweisung = { id: string; kalenderwoche: number; jahr: number; freitag: string; tauschbar: boolean; angeboten: boolean };
type Eltern = { id: string; nachname: string; gruppe: { gruppenID: string; gruppenName: string } | null };
type Login = SessionLogin<Eltern>;

/** How the swap dialogs and the duty table name a week, and how the swap cards show it. */
const kwMitJahr = (w: { kalenderwoche: number; jahr: number }) => `KW ${w.kalenderwoche} (${w.jahr})`;
const kwSlashJahr = (w: { kalenderwoche: number; jahr: number }) => `KW ${w.kalenderwoche} / ${w.jahr}`;

describe.skipIf(!chromiumAvailable)('Wasserdienst calendar and Tausch-Börse, in Chromium against the built app', () => {
  const kita = demoKita<Eltern>();
  const { login, openAs } = kita;

  // ---- the API, as the test's own eyes ----------------------------------------------------------

  const api = async (token: string, path: string, init: { method?: string; json?: unknown } = {}) => {
    const response = await fetch(`${kita.baseUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Bearer ${token}`,
        ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
    const text = await response.text();
    const isJson = (response.headers.get('content-type') ?? '').includes('json');
    return { status: response.status, body: (isJson && text ? JSON.parse(text) : text) as unknown };
  };

  const myAssignments = async (who: Login) => {
    const response = await api(who.token, '/api/wasserdienst/my-assignments');
    expect(response.status, `my-assignments of ${who.eltern.nachname}: ${JSON.stringify(response.body)}`).toBe(200);
    return response.body as Zuweisung[];
  };

  /** The family's first week that may be offered now (within 12 weeks, not on offer yet). */
  const firstOfferable = async (who: Login) => {
    const week = (await myAssignments(who)).find((z) => z.tauschbar && !z.angeboten);
    if (!week) throw new Error(`Familie ${who.eltern.nachname} has no offerable week in the demo rota`);
    return week;
  };

  // ---- the browser ---------------------------------------------------------------------------------

  const visible = (page: Page, text: string) => page.getByText(text, { exact: true }).first().isVisible();

  const waitForCalendar = async (page: Page) => {
    await expect.poll(() => page.locator('.fc-daygrid-day').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  };

  const dutyTableText = async (page: Page) => {
    const table = page.getByRole('table', { name: 'Meine Wasserdienste:' });
    await table.waitFor();
    return (await table.textContent()) ?? '';
  };

  const offersSection = (page: Page) => page.getByRole('region', { name: 'Verfügbare Tausch-Angebote' });
  const mineSection = (page: Page) => page.getByRole('region', { name: 'Meine Tausch-Anfragen' });

  const waitForSwapPage = async (page: Page) => {
    await offersSection(page).waitFor({ timeout: 15_000 });
    await mineSection(page).waitFor();
  };

  /** Offers `week` through the dialog 'Neuen Tausch anbieten'. */
  const offerThroughUi = async (page: Page, week: Zuweisung) => {
    await page.getByRole('button', { name: 'Neuen Tausch anbieten' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neuen Tausch anbieten' });
    await dialog.waitFor();
    const submit = dialog.getByRole('button', { name: 'Tausch erstellen' });
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByLabel('Ihr Wasserdienst').selectOption({ label: kwMitJahr(week) });
    expect(await submit.isEnabled()).toBe(true);
    await submit.click();
    await poll(() => visible(page, 'Tausch-Anfrage erfolgreich erstellt!')).toBe(true);
    await poll(() => dialog.isVisible()).toBe(false);
  };

  it('A offers a week, B of the same group takes it for one of theirs; both tables and A’s request show the swap', async () => {
    const fuchs = await login(email('Fuchs'));
    const bauer = await login(email('Bauer'));
    const x = await firstOfferable(fuchs);
    const y = await firstOfferable(bauer);

    // A (desktop) offers week x
    const pageA = await openAs(fuchs, '/tauschboerse');
    await waitForSwapPage(pageA);
    expect(await pageA.getByText(`Wasserdienste in „${fuchs.eltern.gruppe?.gruppenName}“ tauschen`).isVisible()).toBe(true);
    expect(await pageA.getByRole('button', { name: 'Aktualisieren' }).isVisible()).toBe(true);
    expect(await visible(pageA, 'Sie haben noch keine Tausch-Anfragen erstellt')).toBe(true);
    await expectNoHorizontalScroll(pageA);
    await expectNoAxeViolations(pageA);
    await screenshot(pageA, 'tauschboerse-leer-desktop');

    await pageA.getByRole('button', { name: 'Neuen Tausch anbieten' }).click();
    const dialog = pageA.getByRole('dialog', { name: 'Neuen Tausch anbieten' });
    await dialog.waitFor();
    await expectNoAxeViolations(pageA);
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await poll(() => dialog.isVisible()).toBe(false);

    await offerThroughUi(pageA, x);
    const ownCard = mineSection(pageA)
      .getByRole('listitem')
      .filter({ hasText: kwSlashJahr(x) });
    await poll(() => ownCard.getByText('Wartend').isVisible()).toBe(true);
    expect(await ownCard.getByRole('button', { name: 'Anfrage zurückziehen' }).isVisible()).toBe(true);

    // B (phone) sees the open offer and takes it, giving week y
    const pageB = await openAs(bauer, '/tauschboerse', PHONE);
    await waitForSwapPage(pageB);
    const offer = offersSection(pageB)
      .getByRole('listitem')
      .filter({ hasText: kwSlashJahr(x) });
    await poll(() => offer.isVisible()).toBe(true);
    const offerText = (await offer.textContent()) ?? '';
    expect(offerText).toContain('Fuchs');
    expect(offerText).toContain('Kind: Mila');
    expect(offerText).toContain('Offen');
    await expectNoHorizontalScroll(pageB);
    await expectNoAxeViolations(pageB);
    await screenshot(pageB, 'tauschboerse-angebot-phone');

    await offer.getByRole('button', { name: 'Tausch annehmen' }).click();
    const accept = pageB.getByRole('dialog', { name: 'Tausch-Angebot annehmen' });
    await accept.waitFor();
    const confirm = accept.getByRole('button', { name: 'Tausch bestätigen' });
    expect(await confirm.isDisabled()).toBe(true);
    await accept.getByLabel('Ihr Wasserdienst im Tausch').selectOption({ label: kwMitJahr(y) });
    await expectNoAxeViolations(pageB);
    await screenshot(pageB, 'tauschboerse-annehmen-dialog-phone');
    await confirm.click();
    await poll(() => visible(pageB, 'Tausch-Anfrage erfolgreich angenommen!')).toBe(true);
    await poll(() => offer.count()).toBe(0);
    await poll(() => visible(pageB, 'Derzeit keine Tausch-Angebote verfügbar')).toBe(true);

    // the server agrees: A now has y and not x, B has x and not y
    await poll(async () => (await myAssignments(fuchs)).map(kwMitJahr)).toEqual(expect.arrayContaining([kwMitJahr(y)]));
    expect((await myAssignments(fuchs)).map(kwMitJahr)).not.toContain(kwMitJahr(x));
    expect((await myAssignments(bauer)).map(kwMitJahr)).toContain(kwMitJahr(x));
    expect((await myAssignments(bauer)).map(kwMitJahr)).not.toContain(kwMitJahr(y));

    // A's request now reads 'Angenommen' (after a refresh with the button)
    await pageA.getByRole('button', { name: 'Aktualisieren' }).click();
    await poll(() => ownCard.getByText('Angenommen', { exact: true }).isVisible()).toBe(true);
    expect(await ownCard.getByText('Angenommen von: Bauer').isVisible()).toBe(true);
    expect(await ownCard.getByRole('button', { name: 'Anfrage zurückziehen' }).count()).toBe(0);
    await expectNoAxeViolations(pageA);
    await screenshot(pageA, 'tauschboerse-angenommen-desktop');

    // the duty tables follow the swap
    await pageA.goto(`${kita.baseUrl}/wasserdienst`);
    const tableA = await dutyTableText(pageA);
    expect(tableA).toContain(kwMitJahr(y));
    expect(tableA).not.toContain(kwMitJahr(x));
    await pageB.goto(`${kita.baseUrl}/wasserdienst`);
    const tableB = await dutyTableText(pageB);
    expect(tableB).toContain(kwMitJahr(x));
    expect(tableB).not.toContain(kwMitJahr(y));
  });

  it('shows the own weeks with their Friday and the group’s calendar, own weeks green; the year view has 12 months', async () => {
    const wagner = await login(email('Wagner'));
    const weeks = await myAssignments(wagner);
    expect(weeks.length).toBeGreaterThan(0);

    for (const [viewport, name] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const page = await openAs(wagner, '/wasserdienst', viewport);
      await poll(() => page.getByRole('heading', { name: 'Wasserdienst', level: 1 }).isVisible()).toBe(true);
      const table = await dutyTableText(page);
      const first = weeks[0]!;
      const [jahr, monat, tag] = first.freitag.split('-');
      expect(table).toContain('Kalenderwoche');
      expect(table).toContain('Datum (Freitag)');
      expect(table).toContain(kwMitJahr(first));
      expect(table).toContain(`${tag}.${monat}.${jahr}`);

      await waitForCalendar(page);
      // month view by default: the whole group, the own weeks in green
      expect(await page.locator('.fc-dayGridMonth-view').count()).toBe(1);
      await poll(() => page.locator('.fc-event').count()).toBeGreaterThan(0);
      const colours = await page.evaluate(() => {
        const background = (selector: string) => {
          const el = document.querySelector(selector);
          return el ? getComputedStyle(el).backgroundColor : null;
        };
        return { andere: background('.wd-event--andere'), eigen: background('.wd-event--eigen') };
      });
      expect(colours.andere).toBe('rgb(228, 231, 226)');
      if (colours.eigen) expect(colours.eigen).toBe('rgb(47, 93, 58)');
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);
      await screenshot(page, `wasserdienst-monat-${name}`);

      await page.getByRole('button', { name: 'Woche', exact: true }).click();
      await poll(() => page.locator('.fc-dayGridWeek-view').count()).toBe(1);
      expect(await page.locator('.fc-daygrid-day').count()).toBe(7);
      // every day header readable: 'Mo. 23.11.' on a desktop, 'Mo' over '23.' on a phone, none clipped
      const koepfe = await page.locator('.fc-dayGridWeek-view .fc-col-header-cell').evaluateAll((cells) =>
        cells.map((cell) => {
          const text = document.createRange();
          text.selectNodeContents(cell.querySelector('.fc-col-header-cell-cushion')!);
          const box = text.getBoundingClientRect();
          const room = cell.getBoundingClientRect();
          return {
            datum: cell.getAttribute('data-date') ?? '',
            // biome-ignore lint/performance/useDomNodeTextContent: the text as shown, without the form hidden at this width
            text: (cell as HTMLElement).innerText,
            passt: box.width > 0 && box.left >= room.left - 0.5 && box.right <= room.right + 0.5,
          };
        }),
      );
      const WOCHENTAGE = ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'];
      expect(koepfe.map(({ text }) => text)).toEqual(
        koepfe.map(({ datum }, i) => {
          const [, mm, dd] = datum.split('-');
          return viewport === PHONE ? `${WOCHENTAGE[i]}\n${Number(dd)}.` : `${WOCHENTAGE[i]}. ${dd}.${mm}.`;
        }),
      );
      expect(koepfe.filter(({ passt }) => !passt)).toEqual([]);
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);
      await screenshot(page, `wasserdienst-woche-${name}`);

      await page.getByRole('button', { name: 'Jahr(e)' }).click();
      await poll(() => page.locator('.fc-multimonth-month').count()).toBe(12);
      const titles = await page.locator('.fc-event-title').allTextContents();
      expect(titles).toContain('Wagner');
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);
      await screenshot(page, `wasserdienst-jahr-${name}`);

      // the toolbar's buttons say what they do
      for (const button of ['Zurück', 'Weiter', 'Woche', 'Monat', 'Jahr(e)'])
        expect(await page.getByRole('button', { name: button, exact: true }).isVisible()).toBe(true);
    }
  });

  it('a family of the other group sees nothing of the Füchse: not in its calendar, and their swap list is refused', async () => {
    const fuchs = await login(email('Fuchs'));
    const eule = await login(email('Eule'));
    const fuechseId = fuchs.eltern.gruppe?.gruppenID;
    expect(fuechseId).toBeTruthy();
    expect(eule.eltern.gruppe?.gruppenID).not.toBe(fuechseId);

    const refused = await api(eule.token, `/api/tausch/gruppe/${fuechseId}`);
    expect(refused.status).toBe(403);

    const page = await openAs(eule, '/wasserdienst', PHONE);
    await waitForCalendar(page);
    await page.getByRole('button', { name: 'Jahr(e)' }).click();
    await poll(() => page.locator('.fc-multimonth-month').count()).toBe(12);
    await poll(() => page.locator('.fc-event-title').count()).toBeGreaterThan(0);
    const titles = new Set(await page.locator('.fc-event-title').allTextContents());
    expect(titles.has('Eule')).toBe(true);
    for (const nachname of ['Fuchs', 'Bauer', 'Wagner']) expect(titles.has(nachname)).toBe(false);

    await page.goto(`${kita.baseUrl}/tauschboerse`);
    await waitForSwapPage(page);
    expect(await page.getByText('Wasserdienste in „Eulen“ tauschen').isVisible()).toBe(true);
    const everything = (await page.locator('main').textContent()) ?? '';
    expect(everything).not.toContain('Fuchs');
    expect(everything).not.toContain('Bauer');
  });

  it('withdraws an open request only after the app’s dialog: cancel keeps it, confirming removes it', async () => {
    const huber = await login(email('Huber'));
    const week = await firstOfferable(huber);
    const page = await openAs(huber, '/tauschboerse', PHONE);
    await waitForSwapPage(page);

    // by keyboard: the dialog takes the focus, Escape closes it and gives the focus back
    const opener = page.getByRole('button', { name: 'Neuen Tausch anbieten' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Neuen Tausch anbieten' });
    await dialog.waitFor();
    await poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await poll(() => dialog.isVisible()).toBe(false);
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);

    await offerThroughUi(page, week);
    const card = mineSection(page)
      .getByRole('listitem')
      .filter({ hasText: kwSlashJahr(week) });
    await poll(() => card.getByText('Wartend').isVisible()).toBe(true);
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await screenshot(page, 'tauschboerse-wartend-phone');

    // the app's dialog asks, naming the week; 'Abbrechen' keeps the offer
    const frage = page.getByRole('dialog', { name: 'Anfrage zurückziehen?' });
    await card.getByRole('button', { name: 'Anfrage zurückziehen' }).click();
    await poll(() => frage.isVisible()).toBe(true);
    expect(await frage.textContent()).toContain(`Möchten Sie Ihre Tausch-Anfrage für ${kwSlashJahr(week)} wirklich zurückziehen?`);
    await frage.getByRole('button', { name: 'Abbrechen' }).click();
    await poll(() => frage.isVisible()).toBe(false);
    expect(await card.isVisible()).toBe(true);

    await card.getByRole('button', { name: 'Anfrage zurückziehen' }).click();
    await frage.getByRole('button', { name: 'Anfrage zurückziehen' }).click();
    await poll(() => visible(page, 'Tausch-Anfrage erfolgreich zurückgezogen')).toBe(true);
    // success toasts are role="status" and go away by themselves after 3 s
    const toast = page.getByRole('status').filter({ hasText: 'Tausch-Anfrage erfolgreich zurückgezogen' });
    const shownAt = Date.now();
    expect(await toast.count()).toBe(1);
    await expect.poll(() => toast.count(), { timeout: 6000 }).toBe(0);
    expect(Date.now() - shownAt).toBeGreaterThan(2000);
    await poll(() => visible(page, 'Sie haben noch keine Tausch-Anfragen erstellt')).toBe(true);
    await poll(async () => (await myAssignments(huber)).find((z) => z.id === week.id)?.angeboten).toBe(false);

    // the week can be offered again
    await page.getByRole('button', { name: 'Neuen Tausch anbieten' }).click();
    const options = await dialog.getByLabel('Ihr Wasserdienst').locator('option').allTextContents();
    expect(options).toContain(kwMitJahr(week));
  });

  it('tells a family why taking an offer failed when another family was quicker', async () => {
    const schmid = await login(email('Schmid'));
    const maier = await login(email('Maier'));
    const berger = await login(email('Berger'));
    const offered = await firstOfferable(schmid);
    const created = await api(schmid.token, '/api/tausch', {
      method: 'POST',
      json: { elternId: schmid.eltern.id, wasserdienstId: offered.id },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    const page = await openAs(maier, '/tauschboerse');
    await waitForSwapPage(page);
    const offer = offersSection(page)
      .getByRole('listitem')
      .filter({ hasText: kwSlashJahr(offered) });
    await expect.poll(() => offer.isVisible(), { timeout: 10_000 }).toBe(true);

    // Berger is quicker, through the API
    const tausche = (await api(berger.token, `/api/tausch/gruppe/${berger.eltern.gruppe?.gruppenID}`)).body as {
      id: string;
      requestWasserdienst: { id: string };
    }[];
    const tausch = tausche.find((t) => t.requestWasserdienst.id === offered.id);
    expect(tausch).toBeTruthy();
    const bergerWeek = await firstOfferable(berger);
    const accepted = await api(berger.token, `/api/tausch/${tausch?.id}/accept`, {
      method: 'PUT',
      json: { resolveElternId: berger.eltern.id, resolveWasserdienstId: bergerWeek.id },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);

    await offer.getByRole('button', { name: 'Tausch annehmen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tausch-Angebot annehmen' });
    await dialog.getByLabel('Ihr Wasserdienst im Tausch').selectOption({ index: 1 });
    await dialog.getByRole('button', { name: 'Tausch bestätigen' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Fehler beim Annehmen der Tausch-Anfrage' });
    await poll(() => alert.textContent()).toBe('Fehler beim Annehmen der Tausch-Anfrage: Dieses Angebot wurde bereits angenommen.');
    await expectNoAxeViolations(page);
    await screenshot(page, 'tauschboerse-fehler-desktop');
    // the list is read again: the offer is gone
    await poll(() => offer.count()).toBe(0);
    // the toast can be closed by hand
    await page.getByRole('button', { name: 'Meldung schließen' }).click();
    await poll(() => alert.count()).toBe(0);
  });

  it('an admin sees every group’s weeks, prefixed with the group; without a group there is no swap exchange', async () => {
    const admin = await login(ADMIN_EMAIL);
    const page = await openAs(admin, '/wasserdienst');
    await waitForCalendar(page);
    await poll(() => page.locator('.fc-event-title').count()).toBeGreaterThan(0);
    const titles = await page.locator('.fc-event-title').allTextContents();
    expect(titles.some((t) => t.startsWith('Füchse: '))).toBe(true);
    expect(titles.some((t) => t.startsWith('Eulen: '))).toBe(true);
    expect(await visible(page, 'Keine Events gefunden.')).toBe(true);
    await expectNoAxeViolations(page);
    await screenshot(page, 'wasserdienst-admin-desktop');

    await page.goto(`${kita.baseUrl}/tauschboerse`);
    await poll(() => visible(page, 'Keine Gruppe gefunden')).toBe(true);
  });

  it('a parent without a group is told so without asking the server', async () => {
    const lang = await login(email('Lang'));
    const ohneGruppe = { ...lang, eltern: { ...lang.eltern, gruppe: null } };
    const page = await openAs(ohneGruppe, '/wasserdienst', PHONE);
    const dutyCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/wasserdienst') || request.url().includes('/api/tausch')) dutyCalls.push(request.url());
    });
    await page.reload();
    await poll(() => visible(page, 'Keine Gruppe gefunden')).toBe(true);
    await expectNoAxeViolations(page);
    await page.goto(`${kita.baseUrl}/tauschboerse`);
    await poll(() => visible(page, 'Keine Gruppe gefunden')).toBe(true);
    expect(dutyCalls).toEqual([]);
  });

  it('a failed load shows a toast and leads back to the dashboard after 3 s', async () => {
    const moser = await login(email('Moser'));
    const page = await openAs(moser, '/dashboard');
    await page.route('**/api/wasserdienst/events', (route) => route.fulfill({ status: 500, body: '' }));
    await page.goto(`${kita.baseUrl}/wasserdienst`);
    await expect.poll(() => visible(page, 'Serverfehler oder CORS-Problem beim Laden der Einsätze.'), { timeout: 10_000 }).toBe(true);
    await expectNoAxeViolations(page);
    await page.waitForURL('**/dashboard', { timeout: 10_000 });

    await page.unroute('**/api/wasserdienst/events');
    await page.route('**/api/wasserdienst/events', (route) => route.abort());
    await page.goto(`${kita.baseUrl}/wasserdienst`);
    await expect.poll(() => visible(page, 'Netzwerkfehler. Bitte prüfen Sie Ihre Verbindung.'), { timeout: 10_000 }).toBe(true);
    await page.waitForURL('**/dashboard', { timeout: 10_000 });
  });
});

if (!chromiumAvailable)
  describe('browser tests', () => {
    it.skip('skipped: Chromium is not installed at /usr/bin/chromium (apt-get install chromium; .ci/run does it)', () => {});
  });
