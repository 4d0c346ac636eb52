import { heuteInBerlin, plusTage } from '@waldkita/domain/kalender/iso-woche';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, DESKTOP, expectNoAxeViolations, PHONE, screenshot } from './support/browser.js';
import { demoKita } from './support/demo-kita.js';
import { DEMO_ADMIN_EMAIL, type Login, poll } from './support/session.js';

type Eltern = { id: string; nachname: string; sprache?: string };
type Sprache = 'en' | 'ar';

/** The headings of the Admin Center's duty kinds, work days and hours in each language tested (docs/i18n.md). */
const ADMIN: Record<
  Sprache,
  { dienstarten: string; neueDienstart: string; einsaetze: string; schichten: string; stunden: string; regeln: string }
> = {
  en: {
    dienstarten: 'Duty kinds',
    neueDienstart: '+ New duty kind',
    einsaetze: 'Work days',
    schichten: '2 shifts · 0 of 3 places taken',
    stunden: 'Hours',
    regeln: 'Rules',
  },
  ar: {
    dienstarten: 'أنواع المناوبات',
    neueDienstart: '+ نوع مناوبة جديد',
    einsaetze: 'أيام العمل',
    schichten: 'نوبتان · الأماكن المشغولة: 0 من 3',
    stunden: 'الساعات',
    regeln: 'القواعد',
  },
};

const htmlSprache = (page: Page) => page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]);

describe.skipIf(!chromiumAvailable)("The Admin Center's duty kinds, work days and hours, and the history, in English and Arabic", () => {
  const kita = demoKita<Eltern>();
  const { login, openAs } = kita;
  /** Signed in after the language (and role) was chosen, so the session carries it. */
  const wer: Partial<Record<'adminEn' | 'adminAr' | 'pruefer', Login<Eltern>>> = {};

  const setze = async (token: string, methode: string, pfad: string, body: unknown, status = 200) => {
    const antwort = await fetch(`${kita.baseUrl}${pfad}`, {
      method: methode,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(antwort.status, `${methode} ${pfad}`).toBe(status);
  };

  beforeAll(async () => {
    const leitung = await login(DEMO_ADMIN_EMAIL);
    // The Kita's admin reads English; Familie Schmid becomes an admin who reads Arabic, Familie Huber an auditor in English.
    await setze(leitung.token, 'PUT', '/api/eltern/ich/sprache', { sprache: 'en' });
    const schmid = await login('Schmid');
    const huber = await login('Huber');
    await setze(leitung.token, 'PUT', `/api/admin/eltern/${schmid.eltern.id}/role`, { role: 'ROLE_ADMIN' });
    await setze(leitung.token, 'PUT', `/api/admin/eltern/${huber.eltern.id}/role`, { role: 'ROLE_AUDITOR' });
    await setze(schmid.token, 'PUT', '/api/eltern/ich/sprache', { sprache: 'ar' });
    await setze(huber.token, 'PUT', '/api/eltern/ich/sprache', { sprache: 'en' });
    const datum = plusTage(heuteInBerlin(new Date()), 12);
    const einsatz = {
      titel: 'Frühjahrsputz',
      datum,
      ort: 'Bauwagen',
      beschreibung: 'Wir räumen den Platz auf.',
      anmeldeschluss: plusTage(datum, -2),
      schichten: [
        { aufgabe: 'Holz hacken', beginn: '09:00', ende: '12:00', plaetze: 2, stunden: 3 },
        { aufgabe: 'Kuchen backen', beginn: '12:00', ende: '14:30', plaetze: 1, stunden: 2.5 },
      ],
    };
    await setze(leitung.token, 'POST', '/api/admin/einsaetze', einsatz, 201);
    wer.adminEn = await login(DEMO_ADMIN_EMAIL);
    wer.adminAr = await login('Schmid');
    wer.pruefer = await login('Huber');
  });

  for (const sprache of ['en', 'ar'] as const) {
    it(`an admin in ${sprache === 'en' ? 'English' : 'Arabic'} opens duty kinds, work days and hours at 375 and 1280 px`, {
      timeout: 60_000,
    }, async () => {
      const text = ADMIN[sprache];
      const admin = sprache === 'en' ? wer.adminEn! : wer.adminAr!;
      for (const [viewport, groesse] of [
        [PHONE, 'phone'],
        [DESKTOP, 'desktop'],
      ] as const) {
        const page = await openAs(admin, '/admin-dashboard/dienstarten', viewport);
        const dienstarten = page.getByRole('region', { name: text.dienstarten });
        await poll(() => dienstarten.getByRole('heading', { name: text.dienstarten, level: 2 }).isVisible()).toBe(true);
        // The built-in water duty is listed with its rhythm in the language.
        await poll(() => dienstarten.getByRole('listitem').count()).toBeGreaterThan(0);
        expect(await htmlSprache(page)).toEqual([sprache, sprache === 'ar' ? 'rtl' : 'ltr']);
        if (viewport === DESKTOP) {
          // The heading stands at the start of the line and the button at its end: the right in Arabic.
          const [titel, knopf] = await Promise.all([
            dienstarten.getByRole('heading', { name: text.dienstarten, level: 2 }).boundingBox(),
            dienstarten.getByRole('button', { name: text.neueDienstart }).boundingBox(),
          ]);
          if (sprache === 'ar') expect(titel!.x).toBeGreaterThan(knopf!.x);
          else expect(titel!.x).toBeLessThan(knopf!.x);
        }
        await expectNoAxeViolations(page);
        await screenshot(page, `sprachen-admin-dienstarten-${sprache}-${groesse}`);

        await page.goto(`${kita.baseUrl}/admin-dashboard/einsaetze`);
        const einsaetze = page.getByRole('region', { name: text.einsaetze });
        await poll(() => einsaetze.getByRole('heading', { name: text.einsaetze, level: 2 }).isVisible()).toBe(true);
        // The day's shifts and places, counted in the language.
        await poll(() => einsaetze.getByText(text.schichten, { exact: true }).isVisible()).toBe(true);
        await expectNoAxeViolations(page);
        await screenshot(page, `sprachen-admin-einsaetze-${sprache}-${groesse}`);

        await page.goto(`${kita.baseUrl}/admin-dashboard/stunden`);
        const stunden = page.getByRole('region', { name: text.stunden, exact: true });
        await poll(() => stunden.getByRole('heading', { name: text.stunden, level: 2, exact: true }).isVisible()).toBe(true);
        await poll(() => stunden.getByRole('heading', { name: text.regeln, level: 3 }).isVisible()).toBe(true);
        await expectNoAxeViolations(page);
        await screenshot(page, `sprachen-admin-stunden-${sprache}-${groesse}`);
      }
    });
  }

  it('an auditor in English reads the history at 375 and 1280 px', { timeout: 60_000 }, async () => {
    for (const [viewport, groesse] of [
      [PHONE, 'phone'],
      [DESKTOP, 'desktop'],
    ] as const) {
      const page = await openAs(wer.pruefer!, '/audit', viewport);
      await poll(() => page.getByRole('heading', { name: 'History', level: 1 }).isVisible()).toBe(true);
      expect(await page.getByRole('heading', { name: 'Filter the history', level: 2 }).isVisible()).toBe(true);
      expect(await page.getByRole('heading', { name: 'Roster at a point in time', level: 2 }).isVisible()).toBe(true);
      const liste = page.getByRole('region', { name: 'Entries' });
      await poll(() => liste.getByRole('listitem').count()).toBeGreaterThan(0);
      expect(await page.getByLabel('Area', { exact: true }).locator('option').first().textContent()).toBe('All areas');
      expect(await liste.getByRole('listitem').first().textContent()).toContain('Who:');
      expect(await htmlSprache(page)).toEqual(['en', 'ltr']);
      await expectNoAxeViolations(page);
      await screenshot(page, `sprachen-verlauf-en-${groesse}`);
    }
  });
});
