import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  allowBrowserProblems,
  browserProblems,
  chromiumAvailable,
  DESKTOP,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  PHONE,
  screenshot,
  watchConsole,
} from './support/browser.js';
import { demoKita } from './support/demo-kita.js';
import { DEMO_PASSWORD, demoEmail, poll } from './support/session.js';

const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

const OFFLINE_TITEL = 'Sie sind offline.';
const OFFLINE_AENDERUNGEN = 'Tauschen und andere Änderungen brauchen eine Verbindung.';
/** What the browser reports for a request made while the test has switched the network off. */
const OHNE_NETZ = /\(net::ERR_INTERNET_DISCONNECTED\)$/;

/** Width and height of a PNG, from its IHDR chunk. */
const pngSize = (bytes: Buffer) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

describe.skipIf(!chromiumAvailable)('Installable app: manifest, service worker, offline Wasserdienst, push', () => {
  let dist: string;
  beforeAll(() => {
    // A copy of the built client: the deploy test changes it, and a rebuild elsewhere leaves it alone.
    dist = mkdtempSync(path.join(tmpdir(), 'waldkita-pwa-dist-'));
    cpSync(WEB_DIST, dist, { recursive: true });
  });
  afterAll(() => {
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  const kita = demoKita({ env: () => ({ WEB_DIST: dist }), serviceWorkers: 'allow' });
  const { openAs } = kita;

  /** Waits until the service worker is active and controls the page; answers its script's path. */
  const controlledBy = async (page: Page) => {
    await page.evaluate(() => navigator.serviceWorker.ready);
    await poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).not.toBeNull();
    return page.evaluate(() => new URL(navigator.serviceWorker.controller?.scriptURL ?? '').pathname);
  };

  const offlineHinweis = (page: Page) => page.getByRole('status', { name: 'Offline-Hinweis' });
  const tabellenZeilen = (page: Page) => page.getByRole('region', { name: 'Meine Wasserdienste:' }).locator('tbody tr').allInnerTexts();

  it('the manifest parses without errors, Chromium finds nothing against installing, and the icons load in their sizes', async () => {
    // Chromium offers no install in the incognito profiles of browser.newContext: this check needs a
    // profile on disk, in a browser of its own (Debian's Chromium, as launchBrowser starts it).
    const profil = mkdtempSync(path.join(tmpdir(), 'waldkita-pwa-profil-'));
    const context = await chromium.launchPersistentContext(profil, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
      viewport: DESKTOP,
      locale: 'de-DE',
    });
    watchConsole(context);
    onTestFinished(async () => {
      await context.close();
      rmSync(profil, { recursive: true, force: true });
    });
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${kita.baseUrl}/login`);
    await controlledBy(page);
    await page.reload();

    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data: string };
    expect(new URL(manifest.url).pathname).toBe('/manifest.webmanifest');
    expect(manifest.errors).toEqual([]);
    const data = JSON.parse(manifest.data) as Record<string, unknown> & { icons: { src: string; sizes: string; purpose: string }[] };
    expect(data).toMatchObject({
      name: 'Waldkita Elternportal',
      short_name: 'Waldkita',
      lang: 'de',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      theme_color: '#1f4229',
      background_color: '#f7f4ec',
    });
    expect(data.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
    expect(installabilityErrors).toEqual([]);

    // The page's theme colour and the home-screen icon of iOS
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#1f4229');
    const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    for (const [src, size] of [
      ...data.icons.map((icon) => [icon.src, Number(icon.sizes.split('x')[0])] as const),
      [appleIcon, 180] as const,
    ]) {
      const response = await fetch(new URL(src ?? '', kita.baseUrl));
      expect(response.status, String(src)).toBe(200);
      expect(response.headers.get('content-type'), String(src)).toBe('image/png');
      expect(pngSize(Buffer.from(await response.arrayBuffer())), String(src)).toEqual({ width: size, height: size });
    }

    // sw.js and the manifest are asked anew on every visit; the manifest with its own type
    const sw = await fetch(`${kita.baseUrl}/sw.js`);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect(sw.headers.get('content-type')).toContain('javascript');
    const webmanifest = await fetch(`${kita.baseUrl}/manifest.webmanifest`);
    expect(webmanifest.headers.get('content-type')).toContain('application/manifest+json');
    expect(webmanifest.headers.get('cache-control')).toBe('no-cache');
    expect(browserProblems(context)).toEqual([]);
  });

  it('after the first visit the service worker controls the page', async () => {
    const page = await openAs('Wagner', '/dashboard');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Willkommen im Dashboard' }).waitFor();
    expect(await controlledBy(page)).toBe('/sw.js');
  });

  for (const [geraet, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`offline on a ${geraet}, /wasserdienst shows the duties last seen under a German note, which goes once the network is back`, async () => {
      const nachname = geraet === 'phone' ? 'Huber' : 'Schmid';
      const page = await openAs(nachname, '/wasserdienst', viewport);
      await poll(async () => (await tabellenZeilen(page)).length).toBeGreaterThan(0);
      const gesehen = await tabellenZeilen(page);
      expect(await offlineHinweis(page).count()).toBe(0);
      await controlledBy(page);

      await page.context().setOffline(true);
      allowBrowserProblems(page, OHNE_NETZ);
      await page.reload();
      await offlineHinweis(page).waitFor();
      expect(await offlineHinweis(page).textContent()).toMatch(
        new RegExp(
          `^${OFFLINE_TITEL.replace('.', '\\.')}\\s*Angezeigt wird der zuletzt geladene Stand vom \\d\\d\\.\\d\\d\\.\\d{4}, \\d\\d:\\d\\d Uhr\\. ${OFFLINE_AENDERUNGEN}$`,
        ),
      );
      expect(await tabellenZeilen(page)).toEqual(gesehen);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Wasserdienst');
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);
      await screenshot(page, `pwa-wasserdienst-offline-${geraet}`);

      await page.context().setOffline(false);
      await poll(() => offlineHinweis(page).count()).toBe(0);
      expect(await tabellenZeilen(page)).toEqual(gesehen);
    });
  }

  it('a write without a network answers at once in German and is not sent later', async () => {
    const fuchs = await kita.login<{ id: string; gruppe: { gruppenID: string } }>('Fuchs');
    const page = await openAs(fuchs, '/tauschboerse', PHONE);
    await page.getByRole('button', { name: 'Neuen Tausch anbieten' }).waitFor({ timeout: 15_000 });
    await controlledBy(page);

    await page.context().setOffline(true);
    allowBrowserProblems(page, OHNE_NETZ);
    await page.getByRole('button', { name: 'Neuen Tausch anbieten' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neuen Tausch anbieten' });
    await dialog.waitFor();
    const auswahl = dialog.getByLabel('Ihr Wasserdienst');
    const erste = (await auswahl.locator('option').allTextContents()).find((text) => text.startsWith('KW'));
    expect(erste).toBeDefined();
    await auswahl.selectOption({ label: erste ?? '' });
    await dialog.getByRole('button', { name: 'Tausch erstellen' }).click();
    await poll(() => page.locator('.toast__text').first().textContent()).toBe(
      'Fehler beim Erstellen der Tausch-Anfrage: Netzwerkfehler. Bitte prüfen Sie Ihre Verbindung.',
    );

    // back online, nothing is sent by itself
    await page.context().setOffline(false);
    await page.waitForTimeout(1500);
    const angebote = await fetch(`${kita.baseUrl}/api/tausch/gruppe/${fuchs.eltern.gruppe.gruppenID}`, {
      headers: { authorization: `Bearer ${fuchs.token}` },
    });
    expect(angebote.status).toBe(200);
    const eigene = ((await angebote.json()) as { requestEltern: { id: string } }[]).filter((t) => t.requestEltern.id === fuchs.eltern.id);
    expect(eigene).toEqual([]);
  });

  it('signing out removes the kept duties; the next family on the device never sees them', async () => {
    const context = await kita.newContext({ viewport: DESKTOP, locale: 'de-DE', timezoneId: 'Europe/Berlin' });
    const page = await context.newPage();
    const einloggen = async (nachname: string) => {
      await page.goto(`${kita.baseUrl}/login`);
      await page.getByLabel('E-Mail').fill(demoEmail(nachname));
      await page.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Einloggen' }).click();
      await page.waitForURL(`${kita.baseUrl}/dashboard`);
    };
    await einloggen('Maier');
    await page.goto(`${kita.baseUrl}/wasserdienst`);
    await poll(async () => (await tabellenZeilen(page)).length).toBeGreaterThan(0);
    const kopie = await page.evaluate(() => localStorage.getItem('waldkita.offline.wasserdienst'));
    expect(kopie).toContain('"zuweisungen"');

    await page.goto(`${kita.baseUrl}/dashboard`);
    await page.getByRole('button', { name: 'Abmelden' }).click();
    await page.getByRole('dialog', { name: 'Abmelden?' }).getByRole('button', { name: 'Abmelden' }).click();
    await page.waitForURL(`${kita.baseUrl}/`);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('waldkita.offline.')))).toEqual([]);

    // Berger signs in on the same browser; even a copy of Maier's duties put back is not shown to them
    await einloggen('Berger');
    // Offline, the next page comes from the service worker: wait until it controls this one (it is
    // installed on the first visit of this fresh browser, and a quick sign-in can beat it).
    await controlledBy(page);
    await page.evaluate((wert) => localStorage.setItem('waldkita.offline.wasserdienst', wert ?? ''), kopie);
    await context.setOffline(true);
    allowBrowserProblems(page, OHNE_NETZ);
    await page.goto(`${kita.baseUrl}/wasserdienst`);
    await offlineHinweis(page).waitFor();
    expect(await offlineHinweis(page).textContent()).toContain(
      'Ihre Wasserdienste erscheinen hier, sobald wieder eine Verbindung besteht.',
    );
    expect(await tabellenZeilen(page)).toEqual([]);
    await context.setOffline(false);
  });

  it('a push message reaching the service worker shows a German notification', async () => {
    const context = await kita.newContext({ viewport: PHONE, locale: 'de-DE' });
    await context.grantPermissions(['notifications'], { origin: kita.baseUrl });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const registrierungen: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: typeof registrierungen }) => {
      registrierungen.push(...event.registrations);
    });
    await cdp.send('ServiceWorker.enable');
    await page.goto(`${kita.baseUrl}/login`);
    await controlledBy(page);
    const unsere = () => registrierungen.find((r) => r.scopeURL === `${kita.baseUrl}/` && !r.isDeleted)?.registrationId ?? null;
    await poll(unsere).not.toBeNull();

    const nachricht = {
      title: 'Wasserdienst nächste Woche',
      body: 'Ihr Wasserdienst ist in KW 12 (Freitag, 20.03.2026).',
      url: '/wasserdienst',
      tag: 'erinnerung-kw12',
    };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: kita.baseUrl,
      registrationId: unsere() ?? '',
      data: JSON.stringify(nachricht),
    });
    const gezeigt = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          lang: n.lang,
          url: (n.data as { url?: string } | null)?.url,
        })),
      );
    await poll(gezeigt).toEqual([{ title: nachricht.title, body: nachricht.body, tag: nachricht.tag, lang: 'de', url: '/wasserdienst' }]);
  });

  it('a new deploy is picked up on the next visit without clearing anything', async () => {
    const page = await openAs('Hofmann', '/dashboard');
    await controlledBy(page);
    const ladungen: string[] = [];
    page.on('load', () => ladungen.push(page.url()));

    // The deploy: a new index.html, and the sw.js built with it (its precache names the new revision).
    const neu = (datei: string, text: string) => {
      writeFileSync(path.join(dist, datei), text);
      if (existsSync(path.join(dist, `${datei}.br`))) writeFileSync(path.join(dist, `${datei}.br`), brotliCompressSync(text));
      if (existsSync(path.join(dist, `${datei}.gz`))) writeFileSync(path.join(dist, `${datei}.gz`), gzipSync(text));
    };
    const index = readFileSync(path.join(dist, 'index.html'), 'utf8');
    neu('index.html', index.replace('</head>', '<meta name="waldkita-version" content="2"></head>'));
    const sw = readFileSync(path.join(dist, 'sw.js'), 'utf8');
    const mitNeuerRevision = sw.replace(/\{"revision":"[0-9a-f]+","url":"index\.html"\}/, '{"revision":"neu-2","url":"index.html"}');
    expect(mitNeuerRevision).not.toBe(sw);
    neu('sw.js', mitNeuerRevision);

    // The family simply opens the app again: the new worker installs, takes over and the page reloads itself.
    await page.reload();
    await poll(() => ladungen.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    await page.getByRole('heading', { level: 1, name: 'Willkommen im Dashboard' }).waitFor();
    // Without a network, the app now starts from the new version.
    await page.context().setOffline(true);
    allowBrowserProblems(page, OHNE_NETZ);
    await page.reload();
    expect(await page.locator('meta[name="waldkita-version"]').getAttribute('content')).toBe('2');
    await page.context().setOffline(false);
  });
});
