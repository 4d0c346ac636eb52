import { generateKeyPairSync } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumAvailable, expectNoAxeViolations, expectNoHorizontalScroll, PHONE, screenshot } from './support/browser.js';
import { demoKita } from './support/demo-kita.js';
import { DEMO_ADMIN_EMAIL, demoEmail, poll } from './support/session.js';

type Eltern = { id: string; nachname: string };

/**
 * 'Integrität prüfen', the family view and the case report (docs/audit.md), in Chromium against the
 * built app with a key for anchors.
 */
describe.skipIf(!chromiumAvailable)('integrity, anchors and case reports in the browser', () => {
  // The anchors' Ed25519 key, as `npm run audit -- schluessel` would write it.
  const privat = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  const kita = demoKita<Eltern>({ env: { AUDIT_ANKER_SCHLUESSEL: privat } });
  const { login, openAs } = kita;
  const sichtbar = (page: Page, text: string | RegExp) => page.getByText(text).first().isVisible();

  it('the admin checks the log, signs an anchor, downloads it, and the check then matches the anchor (1280 px)', {
    timeout: 120_000,
  }, async () => {
    const admin = await login(DEMO_ADMIN_EMAIL);
    const page = await openAs(admin, '/audit');
    await page.getByRole('heading', { name: 'Verlauf', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Integrität prüfen' }).click();
    await page.waitForURL('**/audit/integritaet');
    await page.getByRole('heading', { name: 'Integrität prüfen', level: 1 }).waitFor();
    await poll(() => sichtbar(page, 'Es gibt noch keinen Anker.')).toBe(true);

    await page.getByRole('button', { name: 'Jetzt prüfen' }).click();
    await poll(() => sichtbar(page, /^Hash-Kette intakt: \d+ Ereignisse in \d+ Streams geprüft\.$/), { timeout: 30_000 }).toBe(true);
    await poll(() => sichtbar(page, 'Noch kein Anker: das Log wurde nur in sich geprüft.')).toBe(true);

    await page.getByRole('button', { name: 'Anker jetzt signieren' }).click();
    await poll(() => sichtbar(page, 'Der Anker ist signiert.'), { timeout: 30_000 }).toBe(true);
    const eintrag = page.getByRole('listitem').filter({ hasText: 'im Elternportal signiert' });
    await poll(() => eintrag.isVisible()).toBe(true);
    await expect(eintrag.locator('code').textContent()).resolves.toMatch(/^([0-9a-f]{4}:){7}[0-9a-f]{4}$/);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      eintrag.getByRole('button', { name: 'Anker herunterladen' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^anker-\d{4}-\d{2}-\d{2}-\d+-\d+\.json$/);
    const anker = JSON.parse(await readFile((await download.path())!, 'utf8'));
    expect(anker).toMatchObject({ format: 'waldkita-anker/1', koepfe: expect.any(Array) });
    expect(anker.koepfe.length).toBe(anker.streams);

    await page.getByRole('button', { name: 'Jetzt prüfen' }).click();
    await poll(() => sichtbar(page, /^Das Log enthält genau, was der Anker vom .* abdeckt\.$/), { timeout: 30_000 }).toBe(true);
    await expectNoAxeViolations(page);
    await screenshot(page, 'integritaet-desktop');
  });

  it('the admin on the phone opens everything about one family, its raw data and hash, and takes the case report (375 px)', {
    timeout: 120_000,
  }, async () => {
    const fuchs = await login(demoEmail('Fuchs'));
    const admin = await login(DEMO_ADMIN_EMAIL);
    const page = await openAs(admin, `/audit?familie=${fuchs.eltern.id}`, PHONE);
    await page.getByRole('heading', { name: 'Alles zu einer Familie' }).waitFor();
    const liste = page.getByRole('region', { name: 'Einträge' });
    await poll(() => liste.getByRole('listitem').count()).toBeGreaterThan(0);
    const saetze = await liste.locator('.vl-eintrag__satz').allTextContents();
    expect(saetze.every((s) => s.includes('Fuchs'))).toBe(true);

    const erster = liste.getByRole('listitem').first();
    await erster.getByText('Rohdaten und Hash').click();
    await poll(() => erster.locator('.vl-roh code').nth(1).textContent()).toMatch(/^[0-9a-f]{64}$/);
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'verlauf-familie-phone');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Fallbericht (PDF)' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^fallbericht-\d{4}-\d{2}-\d{2}\.pdf$/);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await poll(() => sichtbar(page, /\.pdf wurde heruntergeladen\.$/)).toBe(true);
    const [jsonl] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Beweisdatei (JSON Lines)' }).click(),
    ]);
    expect(jsonl.suggestedFilename()).toMatch(/^beweis-\d+-\d+\.jsonl$/);
    const zeilen = (await readFile((await jsonl.path())!, 'utf8')).trimEnd().split('\n');
    expect(JSON.parse(zeilen[0]!)).toMatchObject({ art: 'anker', format: 'waldkita-beweis/1' });

    await page.goto(`${kita.baseUrl}/audit/integritaet`);
    await page.getByRole('heading', { name: 'Integrität prüfen', level: 1 }).waitFor();
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'integritaet-phone');
  });
});
