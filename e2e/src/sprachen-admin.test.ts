import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, DESKTOP, expectNoAxeViolations, expectNoHorizontalScroll, PHONE, screenshot } from './support/browser.js';
import { demoKita } from './support/demo-kita.js';
import { DEMO_ADMIN_EMAIL, poll } from './support/session.js';

type Sprache = 'en' | 'ar';

/** What an admin reads in the Admin Center (part A) in each language (docs/i18n.md). */
const TEXTE: Record<
  Sprache,
  {
    navigation: string;
    familien: string;
    familienMenue: string;
    suchen: string;
    neu: string;
    aktionen: string;
    import: string;
    frist: string;
    importieren: string;
    ferien: string;
    ferienMenue: string;
    formular: string;
    uebersicht: string;
  }
> = {
  en: {
    navigation: 'Sections of the Admin Center',
    familien: 'Manage parents',
    familienMenue: 'Families',
    suchen: 'Search families',
    neu: '+ New parent',
    aktionen: 'Actions for the Bauer family',
    import: 'CSV import',
    frist: 'Deadline for reporting absences (Abwesenheit)',
    importieren: 'Import CSV',
    ferien: 'Manage holidays',
    ferienMenue: 'Holidays',
    formular: 'Add a holiday period',
    uebersicht: 'Holidays entered',
  },
  ar: {
    navigation: 'أقسام مركز الإدارة',
    familien: 'إدارة أولياء الأمور',
    familienMenue: 'العائلات',
    suchen: 'البحث عن العائلات',
    neu: '+ ولي أمر جديد',
    aktionen: 'إجراءات لعائلة Bauer',
    import: 'استيراد CSV',
    frist: 'الموعد النهائي للإبلاغ عن الغياب (Abwesenheit)',
    importieren: 'استيراد CSV',
    ferien: 'إدارة مواعيد العطل',
    ferienMenue: 'مواعيد العطل',
    formular: 'إضافة فترة عطلة',
    uebersicht: 'العطل المسجلة',
  },
};

/** The English admin is the demo's 'Leitung'; the Arabic one a demo family made admin for this test. */
const ARABISCHE_ADMIN = 'Schmid';

const htmlSprache = (page: Page) => page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]);

describe.skipIf(!chromiumAvailable)("the Admin Center (part A) in the admin's language, in Chromium against the built app", () => {
  const kita = demoKita();

  const api = async (token: string, pfad: string, method: string, json: unknown) => {
    const antwort = await fetch(`${kita.baseUrl}${pfad}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(json),
    });
    expect(antwort.status, await antwort.text()).toBe(200);
  };

  beforeAll(async () => {
    const leitung = await kita.login(DEMO_ADMIN_EMAIL);
    await api(leitung.token, '/api/eltern/ich/sprache', 'PUT', { sprache: 'en' });
    const schmid = await kita.login<{ id: string }>(ARABISCHE_ADMIN);
    await api(leitung.token, `/api/admin/eltern/${schmid.eltern.id}/role`, 'PUT', { roles: ['ROLE_ELTERN', 'ROLE_ADMIN'] });
    await api(schmid.token, '/api/eltern/ich/sprache', 'PUT', { sprache: 'ar' });
  }, 60_000);

  const admin: Record<Sprache, string> = { en: DEMO_ADMIN_EMAIL, ar: ARABISCHE_ADMIN };

  for (const sprache of ['en', 'ar'] as const)
    for (const [groesse, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const text = TEXTE[sprache];
      it(`${sprache}: parents, import and holidays are in the admin's language (${groesse})`, async () => {
        const page = await kita.openAs(admin[sprache], '/admin-dashboard/familien', viewport);
        const ueberschrift = (name: string) => page.getByRole('heading', { level: 2, name, exact: true });

        // Parents: heading, search, the new-parent button and a family's actions menu.
        await poll(() => ueberschrift(text.familien).isVisible()).toBe(true);
        expect(await htmlSprache(page)).toEqual([sprache, sprache === 'ar' ? 'rtl' : 'ltr']);
        const navigation = page.getByRole('navigation', { name: text.navigation });
        expect(await navigation.getByRole('link', { name: text.familienMenue, exact: true }).getAttribute('aria-current')).toBe('page');
        expect(await page.getByLabel(text.suchen, { exact: true }).isVisible()).toBe(true);
        expect(await page.getByRole('button', { name: text.neu, exact: true }).isVisible()).toBe(true);
        expect(await page.getByRole('button', { name: text.aktionen, exact: true }).isVisible()).toBe(true);
        if (viewport === PHONE) await expectNoHorizontalScroll(page);
        await expectNoAxeViolations(page);
        await screenshot(page, `sprachen-admin-familien-${sprache}-${groesse}`);

        // Arabic mirrors: the search field's label starts on the right, and on a desktop the menu stands right of the section.
        if (sprache === 'ar') {
          const [label, feld] = await Promise.all([
            page.locator('.ad-suche .field__label').boundingBox(),
            page.getByLabel(text.suchen, { exact: true }).boundingBox(),
          ]);
          expect(label!.x + label!.width).toBeGreaterThan(feld!.x + feld!.width - 2);
          if (viewport === DESKTOP) {
            const [menue, bereich] = await Promise.all([navigation.boundingBox(), page.locator('.ad-page').boundingBox()]);
            expect(menue!.x).toBeGreaterThan(bereich!.x);
          }
        }

        // Import: heading, the deadline's label and the button.
        await page.goto(`${kita.baseUrl}/admin-dashboard/import`);
        await poll(() => ueberschrift(text.import).isVisible()).toBe(true);
        expect(await page.getByLabel(text.frist, { exact: true }).isVisible()).toBe(true);
        expect(await page.getByRole('button', { name: text.importieren, exact: true }).isVisible()).toBe(true);
        if (viewport === PHONE) await expectNoHorizontalScroll(page);
        await expectNoAxeViolations(page);
        await screenshot(page, `sprachen-admin-import-${sprache}-${groesse}`);

        // Holidays: heading, the form and the overview.
        await navigation.getByRole('link', { name: text.ferienMenue, exact: true }).click();
        await poll(() => ueberschrift(text.ferien).isVisible()).toBe(true);
        expect(await page.getByRole('heading', { level: 3, name: text.formular, exact: true }).isVisible()).toBe(true);
        expect(await page.getByRole('heading', { level: 3, name: text.uebersicht, exact: true }).isVisible()).toBe(true);
        if (viewport === PHONE) await expectNoHorizontalScroll(page);
        await expectNoAxeViolations(page);
        await screenshot(page, `sprachen-admin-ferien-${sprache}-${groesse}`);
      });
    }
});
