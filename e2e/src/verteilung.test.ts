import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumAvailable, DESKTOP, expectNoAxeViolations, expectNoHorizontalScroll, PHONE, screenshot } from './support/browser.js';
import { demoKita } from './support/demo-kita.js';
import { DEMO_ADMIN_EMAIL, demoEmail as email, poll, type Login as SessionLogin } from './support/session.js';

type Zuweisung = { id: string; kalenderwoche: number; jahr: number; tauschbar: boolean; angeboten: boolean };
type Eltern = { id: string; nachname: string; gruppe: { gruppenID: string; gruppenName: string } | null };
type Login = SessionLogin<Eltern>;
type Verteilung = { elternId: string; nachname: string; geleistet: number; geplant: number; anteil: number };

const kwMitJahr = (w: { kalenderwoche: number; jahr: number }) => `KW ${w.kalenderwoche} (${w.jahr})`;
const kwSlashJahr = (w: { kalenderwoche: number; jahr: number }) => `KW ${w.kalenderwoche} / ${w.jahr}`;

describe.skipIf(!chromiumAvailable)('Verteilung and give-away / take-over, in Chromium against the built app', () => {
  const kita = demoKita<Eltern>();
  const { login, openAs } = kita;

  const apiGet = async <T>(who: Login, path: string): Promise<T> => {
    const response = await fetch(`${kita.baseUrl}${path}`, { headers: { authorization: `Bearer ${who.token}` } });
    expect(response.status, `${path} for ${who.eltern.nachname}`).toBe(200);
    return (await response.json()) as T;
  };

  const verteilung = (who: Login) => apiGet<Verteilung[]>(who, '/api/wasserdienst/verteilung');
  const rowOf = (rows: Verteilung[], nachname: string) => {
    const row = rows.find((r) => r.nachname === nachname);
    if (!row) throw new Error(`no Verteilung row for ${nachname}`);
    return row;
  };

  const visible = (page: Page, text: string) => page.getByText(text, { exact: true }).first().isVisible();

  const verteilungTable = (page: Page) => page.getByRole('table', { name: 'Verteilung' });

  /** The table row of a family as the user reads it: name cell, then Geleistet, Geplant, Gesamt, Anteil. */
  const shownRow = async (page: Page, nachname: string) => {
    const row = verteilungTable(page)
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${nachname}`) }) });
    await row.waitFor({ timeout: 15_000 });
    const name = ((await row.getByRole('rowheader').textContent()) ?? '').trim();
    const zahlen = (await row.getByRole('cell').allTextContents()).map((t) => t.trim());
    return { name, zahlen };
  };

  const expectRowShows = async (page: Page, row: Verteilung, eigene: boolean) => {
    const shown = await shownRow(page, row.nachname);
    expect(shown.name).toBe(eigene ? `${row.nachname} (Sie)` : row.nachname);
    expect(shown.zahlen).toEqual([String(row.geleistet), String(row.geplant), String(row.geleistet + row.geplant), String(row.anteil)]);
  };

  it('shows the group’s Verteilung on /wasserdienst with the own row marked, at 375 and 1280 px', async () => {
    const fuchs = await login(email('Fuchs'));
    const rows = await verteilung(fuchs);
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.reduce((sum, r) => sum + r.geleistet + r.geplant, 0)).toBeGreaterThan(0);

    for (const [viewport, name] of [
      [PHONE, 'phone'],
      [DESKTOP, 'desktop'],
    ] as const) {
      const page = await openAs(fuchs, '/wasserdienst', viewport);
      await verteilungTable(page).waitFor({ timeout: 15_000 });
      const header = (await verteilungTable(page).getByRole('columnheader').allTextContents()).map((t) => t.trim());
      expect(header).toEqual(['Familie', 'Geleistet', 'Geplant', 'Gesamt', 'Anteil']);
      expect(await verteilungTable(page).getByRole('row').count()).toBe(rows.length + 1);
      for (const row of rows) await expectRowShows(page, row, row.elternId === fuchs.eltern.id);
      // only one row says '(Sie)', and it is not said by colour alone
      expect(await verteilungTable(page).getByText('(Sie)').count()).toBe(1);
      // a parent has no group to choose
      expect(await page.getByLabel('Gruppe', { exact: true }).count()).toBe(0);
      // the whole table fits: no sideways scrolling inside the card either
      const scroll = page.locator('.wd-verteilung .data-table__scroll');
      const widths = await scroll.evaluate((el) => [el.scrollWidth, el.clientWidth]);
      expect(widths[0], `table ${widths[0]} px in ${widths[1]} px`).toBeLessThanOrEqual(widths[1] ?? 0);
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);
      await screenshot(page, `verteilung-${name}`);
    }
  });

  it('an admin chooses the group; the Verteilung of that group shows without an own row', async () => {
    const admin = await login(DEMO_ADMIN_EMAIL);
    const fuchs = await login(email('Fuchs'));
    const gruppe = fuchs.eltern.gruppe;
    if (!gruppe) throw new Error('Familie Fuchs has no group in the demo data');
    const rows = await verteilung(fuchs);

    const page = await openAs(admin, '/wasserdienst', DESKTOP);
    const select = page.getByLabel('Gruppe', { exact: true });
    await select.waitFor({ timeout: 15_000 });
    await select.selectOption({ label: gruppe.gruppenName });
    await poll(async () => (await verteilungTable(page).getByRole('row').count()) === rows.length + 1).toBe(true);
    await expectRowShows(page, rowOf(rows, 'Fuchs'), false);
    expect(await verteilungTable(page).getByText('(Sie)').count()).toBe(0);
    await expectNoAxeViolations(page);
  });

  it('Fuchs gives a duty away, Bauer takes it over; the Verteilung counts it for Bauer', async () => {
    const fuchs = await login(email('Fuchs'));
    const bauer = await login(email('Bauer'));
    const week = (await apiGet<Zuweisung[]>(fuchs, '/api/wasserdienst/my-assignments')).find((z) => z.tauschbar && !z.angeboten);
    if (!week) throw new Error('Familie Fuchs has no offerable week in the demo rota');
    const vorher = await verteilung(fuchs);

    // Fuchs (desktop) gives the week away through 'Neuen Tausch anbieten'
    const pageA = await openAs(fuchs, '/tauschboerse', DESKTOP);
    await pageA.getByRole('button', { name: 'Neuen Tausch anbieten' }).click();
    const dialog = pageA.getByRole('dialog', { name: 'Neuen Tausch anbieten' });
    await dialog.waitFor();
    await dialog.getByLabel('Ihr Wasserdienst').selectOption({ label: kwMitJahr(week) });
    expect(await dialog.getByRole('radio', { name: 'Tauschen' }).isChecked()).toBe(true);
    await dialog.getByRole('radio', { name: 'Abgeben (ohne Gegendienst)' }).check();
    await expectNoAxeViolations(pageA);
    await screenshot(pageA, 'verteilung-abgeben-dialog-desktop');
    await dialog.getByRole('button', { name: 'Dienst abgeben' }).click();
    await poll(() => visible(pageA, 'Dienst abgegeben. Die Familien Ihrer Gruppe können ihn jetzt übernehmen.')).toBe(true);
    const ownCard = pageA
      .getByRole('region', { name: 'Meine Tausch-Anfragen' })
      .getByRole('listitem')
      .filter({ hasText: kwSlashJahr(week) });
    await poll(() => ownCard.getByText('Abgegeben', { exact: true }).isVisible()).toBe(true);

    // Bauer (phone) sees it as 'Abzugeben' and takes it over after confirming
    const pageB = await openAs(bauer, '/tauschboerse', PHONE);
    const offer = pageB
      .getByRole('region', { name: 'Verfügbare Tausch-Angebote' })
      .getByRole('listitem')
      .filter({ hasText: kwSlashJahr(week) });
    await offer.waitFor({ timeout: 15_000 });
    expect(await offer.getByText('Abzugeben', { exact: true }).isVisible()).toBe(true);
    expect(await offer.getByRole('button', { name: 'Tausch annehmen' }).count()).toBe(0);
    await expectNoHorizontalScroll(pageB);
    await expectNoAxeViolations(pageB);
    await screenshot(pageB, 'verteilung-abzugeben-phone');

    // cancelling the question changes nothing
    await offer.getByRole('button', { name: 'Übernehmen' }).click();
    const frage = pageB.getByRole('dialog', { name: 'Dienst übernehmen?' });
    await frage.waitFor();
    expect((await frage.textContent()) ?? '').toContain(`${kwSlashJahr(week)} von Familie Fuchs`);
    await expectNoAxeViolations(pageB);
    await screenshot(pageB, 'verteilung-uebernehmen-frage-phone');
    await frage.getByRole('button', { name: 'Abbrechen' }).click();
    await poll(() => frage.isVisible()).toBe(false);
    expect(await offer.isVisible()).toBe(true);

    await offer.getByRole('button', { name: 'Übernehmen' }).click();
    await frage.getByRole('button', { name: 'Übernehmen' }).click();
    await poll(() => visible(pageB, 'Dienst übernommen!')).toBe(true);
    await poll(() => offer.count()).toBe(0);

    // the server agrees: the week is Bauer's now
    const bauerWeeks = await apiGet<Zuweisung[]>(bauer, '/api/wasserdienst/my-assignments');
    expect(bauerWeeks.map(kwMitJahr)).toContain(kwMitJahr(week));

    // Fuchs's offer reads 'Übernommen von: Bauer'
    await pageA.getByRole('button', { name: 'Aktualisieren' }).click();
    await poll(() => ownCard.getByText('Übernommen von: Bauer').isVisible()).toBe(true);

    // the Verteilung moves the duty from Fuchs to Bauer, on both screens
    const before = { fuchs: rowOf(vorher, 'Fuchs'), bauer: rowOf(vorher, 'Bauer') };
    const after = {
      fuchs: { ...before.fuchs, geplant: before.fuchs.geplant - 1 },
      bauer: { ...before.bauer, geplant: before.bauer.geplant + 1 },
    };
    for (const [page, name, wer] of [
      [pageA, 'desktop', fuchs],
      [pageB, 'phone', bauer],
    ] as const) {
      await page.goto(`${kita.baseUrl}/wasserdienst`);
      await verteilungTable(page).waitFor({ timeout: 15_000 });
      await expectRowShows(page, after.fuchs, wer === fuchs);
      await expectRowShows(page, after.bauer, wer === bauer);
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);
      await screenshot(page, `verteilung-nach-uebernahme-${name}`);
    }
  });
});
