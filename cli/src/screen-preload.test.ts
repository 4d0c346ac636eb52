// Whole app: the real server writes each screen's chunk preloads into the page (cli/src/server.ts), compressed as it sends it.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/test-app.js';

const INDEX = `<!doctype html>
<html lang="de">
  <head>
    <title>Waldkita Elternportal</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-abc.js">
    <style>body{margin:0}</style>
    <template id="vorladen">
      <link rel="modulepreload" crossorigin href="/assets/login-abc.js">
      <link rel="modulepreload" crossorigin href="/assets/auth-layout-abc.js">
    </template>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/** The parts of Vite's build manifest the server reads (web/vite.config.ts, `build.manifest`). */
const MANIFEST = {
  'index.html': { file: 'assets/index-abc.js', isEntry: true, imports: ['_react-abc.js'], css: ['assets/index-abc.css'] },
  '_react-abc.js': { file: 'assets/react-abc.js' },
  '_auth-layout-abc.js': { file: 'assets/auth-layout-abc.js', imports: ['index.html'] },
  '_query-abc.js': { file: 'assets/query-abc.js', imports: ['index.html', '_react-abc.js'] },
  'src/app/routes/login.tsx': { file: 'assets/login-abc.js', imports: ['index.html', '_auth-layout-abc.js'] },
  'src/app/query-shell.tsx': { file: 'assets/query-shell-abc.js', imports: ['index.html', '_query-abc.js'] },
  'src/app/routes/dashboard.tsx': {
    file: 'assets/dashboard-abc.js',
    imports: ['index.html', '_query-abc.js'],
    css: ['assets/dashboard-abc.css'],
  },
  'src/app/routes/wasserdienst.tsx': {
    file: 'assets/wasserdienst-abc.js',
    imports: ['index.html', '_query-abc.js'],
    dynamicImports: ['src/features/wasserdienst/components/wasserdienst-fullcalendar.tsx'],
  },
  'src/features/wasserdienst/components/wasserdienst-fullcalendar.tsx': { file: 'assets/wasserdienst-fullcalendar-abc.js' },
  'src/app/routes/audit.tsx': { file: 'assets/audit-abc.js', imports: ['index.html'] },
};

/** A built web client as `vite build` leaves it, with its manifest (and the screens' frames of web/scripts/rahmen.mjs). */
function builtClient(rahmen?: Record<string, Record<string, string>>) {
  const dist = mkdtempSync(path.join(tmpdir(), 'waldkita-web-preload-'));
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  if (rahmen) writeFileSync(path.join(dist, '.vite', 'rahmen.json'), JSON.stringify(rahmen));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(INDEX));
  writeFileSync(path.join(dist, 'index.html.gz'), gzipSync(INDEX));
  return dist;
}

const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
/** The links of `<template id="vorladen">`, which main.tsx puts into the head once the first frame is drawn. */
const vorladen = (html: string) => html.match(/<template id="vorladen">([\s\S]*?)<\/template>/)?.[1] ?? '';

const getFrom = (app: TestApp, url: string, headers: Record<string, string>) =>
  new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request(`${app.baseUrl}${url}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });

describe('each screen’s address names that screen’s chunks in the page', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { WEB_DIST: builtClient() } });
  });
  afterAll(() => app.close());

  const get = (url: string, acceptEncoding?: string) => getFrom(app, url, acceptEncoding ? { 'accept-encoding': acceptEncoding } : {});

  it('preloads the dashboard’s chunks, links its stylesheet and preloads the query cache, instead of the login screen’s', async () => {
    const page = await get('/dashboard', 'gzip, deflate, br');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers.vary).toContain('accept-encoding');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const html = brotliDecompressSync(page.body).toString();
    expect(preloads(html)).toEqual([
      '/assets/react-abc.js',
      '/assets/query-shell-abc.js',
      '/assets/query-abc.js',
      '/assets/dashboard-abc.js',
    ]);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/dashboard-abc.css">');
    // the screen's chunks are asked for once its first frame is drawn: named in the template, not the head
    expect(preloads(vorladen(html))).toEqual(['/assets/query-shell-abc.js', '/assets/query-abc.js', '/assets/dashboard-abc.js']);
    expect(vorladen(html)).toContain('dashboard-abc.css');
    // the entry's stylesheet is inlined in the page as built: preloaded, it would go unused (and
    // Chromium would log 'preloaded but not used' on every full load)
    expect(html).not.toContain('index-abc.css');
    // the rest of the page as built: the entry script, the inline styles, the root
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(html).toContain('<style>body{margin:0}</style>');
    expect(html).toContain('<div id="root"></div>');
  });

  it('leaves FullCalendar’s chunk out of /wasserdienst’s first paint, and sends gzip or plain to other browsers', async () => {
    const gz = await get('/wasserdienst', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    const html = gunzipSync(gz.body).toString();
    expect(preloads(html)).toEqual([
      '/assets/react-abc.js',
      '/assets/query-shell-abc.js',
      '/assets/query-abc.js',
      '/assets/wasserdienst-abc.js',
    ]);
    const plain = await get('/wasserdienst?woche=3');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(html);
  });

  it('matches the audit trail’s addresses with their ids', async () => {
    const html = (await get('/audit/tausch/7c0f3d0e')).body.toString();
    expect(preloads(html)).toContain('/assets/audit-abc.js');
    expect(preloads(html)).not.toContain('/assets/login-abc.js');
  });

  it('sends the page as built for the login screen and for addresses that are no screen', async () => {
    for (const url of ['/', '/login', '/gibt-es-nicht']) {
      const page = await get(url, 'br');
      expect(page.status, url).toBe(200);
      expect(brotliDecompressSync(page.body).toString(), url).toBe(INDEX);
    }
  });
});

/** Frames as web/scripts/rahmen.mjs writes them: per language, per screen path. */
const rahmen = (sprache: string, pfad: string, text: string) =>
  `<div class="erster-rahmen" data-rahmen="${pfad}" data-sprache="${sprache}" inert=""><h1>${text}</h1></div>`;
const RAHMEN = {
  de: { '/login': rahmen('de', '/login', 'Anmelden'), '/dashboard': rahmen('de', '/dashboard', 'Willkommen im Dashboard') },
  en: { '/login': rahmen('en', '/login', 'Sign in'), '/dashboard': rahmen('en', '/dashboard', 'Welcome to your dashboard') },
  ar: { '/dashboard': rahmen('ar', '/dashboard', 'مرحبًا بكم في لوحة التحكم') },
};

describe('a screen’s first frame stands in the page before any script runs (issue 30)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { WEB_DIST: builtClient(RAHMEN) } });
  });
  afterAll(() => app.close());

  const html = async (url: string, headers: Record<string, string> = {}) => {
    const page = await getFrom(app, url, headers);
    expect(page.status, url).toBe(200);
    return { html: page.body.toString(), vary: String(page.headers.vary) };
  };

  it('sends /dashboard with its header in #root, in German without a language asked for', async () => {
    const { html: seite, vary } = await html('/dashboard');
    expect(seite).toContain(`<div id="root">${RAHMEN.de['/dashboard']}</div>`);
    expect(seite).toContain('<html lang="de" dir="ltr">');
    // the chunks are still preloaded, and the page is cached per language by whoever caches it
    expect(preloads(seite)).toContain('/assets/dashboard-abc.js');
    expect(vary).toContain('accept-language');
    expect(vary).toContain('cookie');
  });

  it('draws the frame in the browser’s language, or in the one the client last showed (its cookie)', async () => {
    expect((await html('/dashboard', { 'accept-language': 'en-GB,en;q=0.9,de;q=0.5' })).html).toContain(RAHMEN.en['/dashboard']);
    const arabisch = (await html('/dashboard', { 'accept-language': 'en', cookie: 'x=1; waldkita.sprache=ar' })).html;
    expect(arabisch).toContain(RAHMEN.ar['/dashboard']);
    expect(arabisch).toContain('<html lang="ar" dir="rtl">');
    // a language without that frame gets the German one, and says German
    const ohne = (await html('/login', { cookie: 'waldkita.sprache=ar' })).html;
    expect(ohne).toContain(RAHMEN.de['/login']);
    expect(ohne).toContain('<html lang="de" dir="ltr">');
  });

  it('gives / and /login the login screen’s frame, and the screens without one an empty root', async () => {
    for (const url of ['/', '/login']) expect((await html(url, { 'accept-language': 'en' })).html, url).toContain(RAHMEN.en['/login']);
    const audit = (await html('/audit')).html;
    expect(audit).toContain('<div id="root"></div>');
    expect(audit).toContain('<html lang="de">');
    // compressed as sent: the same page
    const br = await getFrom(app, '/dashboard', { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(br.body).toString()).toBe((await html('/dashboard')).html);
  });
});
