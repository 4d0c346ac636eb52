import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

/** The screen every signed-out visit starts with (/ and /login). */
const FIRST_SCREEN = fileURLToPath(new URL('./src/app/routes/login.tsx', import.meta.url));
/** The app's chunk, which the small entry loads once the page's first frame is drawn (src/main.tsx). */
const APP_START = fileURLToPath(new URL('./src/app-start.tsx', import.meta.url));

/**
 * index.html for a fast first paint: the app's stylesheet inline (no request that blocks rendering;
 * the CSP allows inline styles), and the page draws the screen's first frame that the server puts
 * into #root (src/rahmen, cli/src/screen-preload.ts) before any script has come. The app's chunk
 * and the login screen's chunks are named in `<template id="vorladen">` as modulepreloads: inert
 * there, main.tsx puts them into the head once the frame is on screen, so they load side by side
 * right after the first paint instead of competing with it.
 */
function firstPaint(): Plugin {
  return {
    name: 'waldkita-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const entry = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry);
        const first = Object.values(bundle).find((file) => file.type === 'chunk' && file.facadeModuleId === FIRST_SCREEN);
        // A chunk without exports has no facade module: found by the module it holds.
        const app = Object.values(bundle).find(
          (file) => file.type === 'chunk' && file.isDynamicEntry && file.moduleIds.includes(APP_START),
        );
        if (entry?.type !== 'chunk' || first?.type !== 'chunk' || app?.type !== 'chunk')
          throw new Error('entry, app or login chunk not found');
        const preloads = [...new Set([app.fileName, ...app.imports, first.fileName, ...first.imports])]
          .filter((name) => name !== entry.fileName)
          .map((name) => `\n      <link rel="modulepreload" crossorigin href="/${name}">`)
          .join('');
        let inlined = 0;
        const withStyles = html.replace(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g, (_link, name: string) => {
          const asset = bundle[name];
          if (asset?.type !== 'asset') throw new Error(`stylesheet ${name} not in the bundle`);
          inlined += 1;
          return `<style>${String(asset.source).replaceAll('</style', '<\\/style')}</style>`;
        });
        if (inlined === 0) throw new Error('index.html links no stylesheet to inline');
        return withStyles.replace(/\n\s*<\/head>/, `\n    <template id="vorladen">${preloads}\n    </template>\n  </head>`);
      },
    },
  };
}

/** Catalogue keys only the server uses (API messages, mails, pushes, the calendar feed): never shipped to browsers. */
const NUR_SERVER = /^(server|mail|feed|push\.nachricht)\./;
const KATALOG = /[\\/]domain[\\/]src[\\/]i18n[\\/][a-z]{2}\.json$/;

/** Keys of the Admin Center and the audit trail: a part of their own, loaded with those screens. */
const VERWALTUNG = /^(admin|audit)\./;

/**
 * The language catalogues (domain/src/i18n/*.json, docs/i18n.md) hold the server's texts too; the
 * web client's copy leaves them out, so the first screen does not download mails and refusals. And
 * `?teil=kern` / `?teil=verwaltung` split what is left: the parents' screens, and the Admin Center
 * and audit trail, which web/src/lib/i18n.ts loads with those screens.
 */
function katalogFuerBrowser(): Plugin {
  return {
    name: 'waldkita-katalog-fuer-browser',
    enforce: 'pre',
    transform(code, id) {
      const [pfad = '', suche = ''] = id.split('?');
      if (!KATALOG.test(pfad)) return null;
      const teil = new URLSearchParams(suche).get('teil');
      const passt = (k: string) =>
        !NUR_SERVER.test(k) && (teil === 'verwaltung' ? VERWALTUNG.test(k) : teil === 'kern' ? !VERWALTUNG.test(k) : true);
      const katalog = JSON.parse(code) as Record<string, string>;
      return { code: JSON.stringify(Object.fromEntries(Object.entries(katalog).filter(([k]) => passt(k)))), map: null };
    },
  };
}

/** Forest palette of src/styles.css: the header's green and the page's cream. */
const FOREST_900 = '#1f4229';
const CREAM = '#f7f4ec';

/**
 * The installable app (docs/pwa.md): the web app manifest and the service worker src/sw.ts, which
 * precaches the built client. main.tsx registers it after the page has loaded; a new deploy takes
 * over by itself (autoUpdate).
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  registerType: 'autoUpdate',
  // Registered by main.tsx after the page's load event, off the first paint's critical path.
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  // The PNGs are for the installer and the home screen, which fetch them themselves.
  includeManifestIcons: false,
  manifest: {
    id: '/',
    name: 'Waldkita Elternportal',
    short_name: 'Waldkita',
    description: 'Elternportal des Waldkindergartens: Wasserdienst, Tausch-Börse, Abwesenheiten und Schließzeiten.',
    lang: 'de',
    dir: 'ltr',
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: FOREST_900,
    background_color: CREAM,
    categories: ['education', 'productivity'],
    // Made by scripts/app-icons.mjs from public/fox-logo.svg.
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    // The client's own files; their .br and .gz twins are the server's business, the PNGs the installer's.
    globPatterns: ['**/*.{js,css,html,svg,webmanifest}'],
    globIgnores: ['sw.js', 'stats.html'],
  },
});

export default defineConfig({
  plugins: [
    katalogFuerBrowser(),
    react(),
    firstPaint(),
    pwa,
    // A .gz and a .br beside every text file of dist/; the server sends them as they are (preCompressed).
    compression({ algorithms: ['gzip', 'brotliCompress'] }),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    // `@waldkita/domain/...` exports its TypeScript sources under the `source` condition.
    conditions: ['source', ...defaultClientConditions],
  },
  build: {
    outDir: 'dist',
    // dist/.vite/manifest.json: the server preloads each screen's chunks from it (cli/src/screen-preload.ts).
    manifest: true,
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
    },
  },
});
