import { aktuelleWoche, datumDeutsch, freitagDerWoche, type IsoWoche, montagDerWoche, wochenAb } from '@waldkita/domain/kalender/iso-woche';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumAvailable, DESKTOP, expectNoAxeViolations, expectNoHorizontalScroll, PHONE, screenshot } from './support/browser.js';
import { demoKita } from './support/demo-kita.js';
import { DEMO_ADMIN_EMAIL, demoEmail, poll } from './support/session.js';

type Eltern = { id: string; nachname: string; gruppe: { gruppenID: string; gruppenName: string } | null };
type Woche = { kw: string; art: 'belegt' | 'frei' | 'ferien' };

/**
 * The weeks the test closes and reports, from the real clock the demo rota follows: the Christmas
 * week 53/2026 while it is ahead (ISO's long year), later a week four weeks ahead; the absence
 * ten weeks ahead.
 */
const JETZT = aktuelleWoche(new Date());
const kwText = (w: IsoWoche) => `KW ${w.kalenderwoche}/${w.jahr}`;
const FERIEN: IsoWoche = new Date() < new Date('2026-12-21T00:00:00+01:00') ? { jahr: 2026, kalenderwoche: 53 } : wochenAb(JETZT, 5)[4]!;
const ABWESEND = wochenAb(JETZT, 11)[10]!;

/**
 * The auditor's views as of a moment (docs/audit.md, "As it stood"): the plan with 'frei' and
 * 'Ferien' weeks, and the absences and closing times of the same moment, in Chromium against the
 * built app with the demo kindergarten.
 */
describe.skipIf(!chromiumAvailable)('the as-of views of plan, absences and closing times in the browser', () => {
  const kita = demoKita<Eltern>();
  const { login, openAs } = kita;
  const sichtbar = (page: Page, text: string | RegExp) => page.getByText(text).first().isVisible();

  it('free weeks show as frei and a holiday week (KW 53/2026 while ahead) as Ferien; the absences of the same moment are one link away (1280 px and 375 px)', {
    timeout: 180_000,
  }, async () => {
    const admin = await login(DEMO_ADMIN_EMAIL);
    const fuchs = await login(demoEmail('Fuchs'));
    const eder = await login(demoEmail('Eder'));
    const fuechse = fuchs.eltern.gruppe!.gruppenID;
    const api = async (method: string, pfad: string, body?: unknown) => {
      const antwort = await fetch(`${kita.baseUrl}${pfad}`, {
        method,
        headers: { authorization: `Bearer ${admin.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: antwort.status, body: await antwort.json() };
    };

    // Holidays close a week (KW 53/2026 at Christmas; its duty is freed), Familie Eder leaves (its weeks are free), Fuchs reports an absence.
    expect(
      (
        await api('POST', '/api/admin/holidays-by-date-range', {
          holidayType: 'Weihnachtsferien',
          startDate: montagDerWoche(FERIEN),
          endDate: freitagDerWoche(FERIEN),
        })
      ).status,
    ).toBe(201);
    expect((await api('DELETE', `/api/admin/eltern/${eder.eltern.id}`)).status).toBe(200);
    const abwesenheit = await fetch(`${kita.baseUrl}/api/abwesenheit`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fuchs.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(ABWESEND),
    });
    expect(abwesenheit.status).toBe(201);
    const wochen = async () => ((await api('GET', `/api/audit/dienstplan/${fuechse}`)).body.wochen as Woche[]) ?? [];
    await poll(async () => (await wochen()).find((w) => w.kw === kwText(FERIEN))?.art, { timeout: 30_000 }).toBe('ferien');
    expect((await wochen()).some((w) => w.art === 'frei')).toBe(true);

    // the absences' part of the trail: a short list above the plan
    const page = await openAs(admin, '/audit?kategorie=Abwesenheit', DESKTOP);
    await page.getByRole('heading', { name: 'Verlauf', level: 1 }).waitFor();
    const liste = page.getByRole('region', { name: 'Einträge' });
    await poll(() => liste.getByText(`Familie Fuchs meldet sich für ${kwText(ABWESEND)} abwesend.`).isVisible()).toBe(true);
    const abschnitt = page.getByRole('region', { name: 'Dienstplan zu einem Zeitpunkt' });
    await abschnitt.getByLabel('Gruppe').selectOption({ label: 'Füchse' });
    await abschnitt.getByRole('button', { name: 'Plan anzeigen' }).click();
    const plan = abschnitt.getByRole('table');
    await poll(() => plan.isVisible()).toBe(true);
    const ferien = plan.getByRole('row').filter({ hasText: kwText(FERIEN) });
    await poll(() => ferien.textContent()).toBe(`${kwText(FERIEN)}${datumDeutsch(freitagDerWoche(FERIEN))}Ferien Weihnachtsferien`);
    await poll(() => plan.getByRole('row').filter({ hasText: /frei$/ }).count()).toBeGreaterThan(0);
    await abschnitt.getByRole('row').filter({ hasText: /frei$/ }).first().scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page);
    await screenshot(page, 'verlauf-plan-frei-ferien-desktop');

    // The absences of the same moment, one link away
    await abschnitt.getByRole('link', { name: 'Abwesenheiten' }).click();
    await page.waitForURL('**/audit/abwesenheiten?asOf=*');
    await page.getByRole('heading', { name: 'Abwesenheiten zu einem Zeitpunkt', level: 1 }).waitFor();
    const familie = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Familie Fuchs' }) });
    await poll(() => familie.isVisible()).toBe(true);
    expect(await familie.textContent()).toContain(`${kwText(ABWESEND)} · ${datumDeutsch(freitagDerWoche(ABWESEND))} Gemeldet`);
    await expectNoAxeViolations(page);
    await screenshot(page, 'verlauf-abwesenheiten-desktop');

    // a moment before anything was reported: nothing
    await page.getByLabel('Zeitpunkt', { exact: true }).fill('2020-01-01T08:00:00');
    await page.getByRole('button', { name: 'Anzeigen' }).click();
    await poll(() => sichtbar(page, 'Zu diesem Zeitpunkt hatte keine Familie Abwesenheiten gemeldet.')).toBe(true);
    expect(page.url()).toContain('asOf=2020-01-01T08%3A00');

    // On the phone: the absences now, and the closing times of the same moment
    const phone = await openAs(admin, '/audit/abwesenheiten', PHONE);
    await poll(() => sichtbar(phone, 'Familie Fuchs')).toBe(true);
    await expectNoHorizontalScroll(phone);
    await expectNoAxeViolations(phone);
    await screenshot(phone, 'verlauf-abwesenheiten-phone');
    await phone.getByRole('link', { name: 'Schließzeiten & Ferien' }).click();
    await phone.getByRole('heading', { name: 'Schließzeiten zu einem Zeitpunkt', level: 1 }).waitFor();
    const woche = phone.getByRole('listitem').filter({ hasText: kwText(FERIEN) });
    await poll(() => woche.textContent()).toBe(
      `${kwText(FERIEN)} · ${datumDeutsch(montagDerWoche(FERIEN))} – ${datumDeutsch(freitagDerWoche(FERIEN))} Ferien Weihnachtsferien`,
    );
    await expectNoHorizontalScroll(phone);
    await expectNoAxeViolations(phone);
    await screenshot(phone, 'verlauf-schliesszeiten-phone');
  });
});
