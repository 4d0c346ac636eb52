import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { ausAcceptLanguage, istSprache, richtung, type Sprache, STANDARD_SPRACHE } from '@waldkita/domain/i18n/sprachen';

/** One entry of Vite's build manifest (dist/.vite/manifest.json, `build.manifest: true`). */
type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** index.html for one screen, ready to send: as it is, as brotli and as gzip. */
export type ScreenPage = { plain: Buffer; br: Buffer; gzip: Buffer };

const QUERY_SHELL = 'src/app/query-shell.tsx';
const LOGIN = 'src/app/routes/login.tsx';
const route = (name: string) => `src/app/routes/${name}.tsx`;

/**
 * The screens of web/src/app/router.tsx by path, with the modules their first paint waits for: the
 * screen's chunk and, behind the sign-in or on the password pages, the query cache's chunk; and the
 * path of the screen's first frame (web/src/rahmen/rahmen.tsx), where it has one. /login and / are
 * the page as built (which preloads the login screen already), with the login's frame.
 */
const SCREENS: Array<[pattern: RegExp, modules: string[] | 'wie-gebaut', rahmen?: string]> = [
  [/^\/(login)?$/, 'wie-gebaut', '/login'],
  [/^\/forgot-password$/, [QUERY_SHELL, route('forgot-password')]],
  [/^\/password-reset$/, [QUERY_SHELL, route('password-reset')]],
  [/^\/dashboard$/, [QUERY_SHELL, route('dashboard')], '/dashboard'],
  [/^\/wasserdienst$/, [QUERY_SHELL, route('wasserdienst')], '/wasserdienst'],
  [/^\/dienste$/, [QUERY_SHELL, route('dienste')], '/dienste'],
  [/^\/tauschboerse$/, [QUERY_SHELL, route('tauschboerse')]],
  [/^\/arbeitseinsaetze$/, [QUERY_SHELL, route('arbeitseinsaetze')], '/arbeitseinsaetze'],
  [/^\/stunden$/, [QUERY_SHELL, route('stunden')]],
  [/^\/abwesenheit$/, [QUERY_SHELL, route('abwesenheit')]],
  [/^\/schliesszeiten$/, [QUERY_SHELL, route('schliesszeiten')]],
  [/^\/admin-dashboard$/, [QUERY_SHELL, route('admin-dashboard')]],
  [/^\/audit(\/tausch\/[^/]+|\/import\/[^/]+)?$/, [QUERY_SHELL, route('audit')]],
  [/^\/meine-daten$/, [QUERY_SHELL, route('dashboard')], '/meine-daten'],
  // Public, signed in or not, without the query cache.
  [/^\/datenschutz$/, [route('datenschutz')]],
];

/** The chunk files of `keys` and of every chunk they import statically, in load order. */
function closure(manifest: Manifest, keys: string[]) {
  const files: string[] = [];
  const css: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.push(chunk.file);
    for (const file of chunk.css ?? []) if (!css.includes(file)) css.push(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return { files, css };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const compressed = (html: string): ScreenPage => {
  const plain = Buffer.from(html);
  return {
    plain,
    br: brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(plain, { level: 9 }),
  };
};

/**
 * The page with `links` added to its `<template id="vorladen">`, which main.tsx moves into the head
 * once the first frame is drawn (web/vite.config.ts); a page without one gets them in the head.
 */
function mitVorladen(html: string, links: string[]) {
  if (html.includes(VORLADEN))
    return html.replace(/\n?\s*<\/template>/, `${links.map((link) => `\n      ${link}`).join('')}\n    </template>`);
  return html.replace(/\n?\s*<\/head>/, `\n    ${links.join('\n    ')}\n  </head>`);
}

const VORLADEN = '<template id="vorladen">';

/** The frames of web/scripts/rahmen.mjs: per language, per screen path, the HTML for #root. */
type Rahmen = Partial<Record<Sprache, Record<string, string>>>;

const ROOT = '<div id="root"></div>';

/** The page with `rahmen` in #root and `<html lang dir>` of its language. */
function mitRahmen(html: string, rahmen: string, sprache: Sprache) {
  return html
    .replace(/<html lang="[^"]*">/, `<html lang="${sprache}" dir="${richtung(sprache)}">`)
    .replace(ROOT, `<div id="root">${rahmen}</div>`);
}

/** One screen's page in every language it is sent in, compressed once, on its first request. */
type Seite = { pattern: RegExp; html: string; rahmen: string | undefined };

/**
 * The single-page app's index.html per screen, with `<link rel="modulepreload">` for that screen's
 * chunks (and their stylesheets) in place of the login screen's, in the page's
 * `<template id="vorladen">`: once the first frame is drawn, the entry fetches them side by side
 * with the app's chunk instead of one after the other once the router has run. The stylesheets are
 * linked as stylesheets, not preloaded: Vite's loader of the screen's chunk finds them linked and
 * does not ask again, while a style preload that the chunk takes longer than a few seconds after
 * the load event to use (a busy phone) makes Chromium warn on the console.
 * Where the build left the screen a first frame (dist/.vite/rahmen.json, web/src/rahmen), it
 * stands in #root in the language asked for, so the header and headings are drawn before any
 * script has run. Read from Vite's build manifest once at start; without a manifest (or for an
 * unknown path) the page is sent as built. Answers a lookup by path (without query string) and
 * language (`spracheDerSeite`).
 */
export function loadScreenPages(webDist: string): (pathname: string, sprache?: Sprache) => ScreenPage | null {
  const manifestFile = path.join(webDist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return () => null;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const html = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) return () => null;
  const rahmenFile = path.join(webDist, '.vite', 'rahmen.json');
  const rahmen = (existsSync(rahmenFile) ? JSON.parse(readFileSync(rahmenFile, 'utf8')) : {}) as Rahmen;
  // A page without a root to put the frame in (a page built otherwise) goes without frames.
  const mitFrames = html.includes(ROOT);
  // The entry and its static imports are in the page already (script and Vite's own preloads), and
  // so are their stylesheets (inlined by web/vite.config.ts): a style preload of those would never be
  // used, and Chromium says so on the console of every full page load.
  const entry = closure(manifest, [entryKey]);
  const imEntry = new Set(entry.files);
  const entryCss = new Set(entry.css);
  const loginFiles = closure(manifest, [LOGIN]).files.filter((file) => !imEntry.has(file));
  const withoutLogin = loginFiles.reduce(
    (page, file) => page.replace(new RegExp(`\\s*<link rel="modulepreload" crossorigin href="/${escapeRegExp(file)}">`), ''),
    html,
  );

  const seiten: Seite[] = [];
  for (const [pattern, modules, rahmenPfad] of SCREENS) {
    if (modules === 'wie-gebaut') {
      seiten.push({ pattern, html, rahmen: rahmenPfad });
      continue;
    }
    if (!modules.every((key) => manifest[key])) continue;
    const { files, css } = closure(manifest, modules);
    const links = [
      ...css.filter((file) => !entryCss.has(file)).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
      ...files.filter((file) => !imEntry.has(file)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ];
    seiten.push({ pattern, html: mitVorladen(withoutLogin, links), rahmen: rahmenPfad });
  }

  const fertig = new Map<string, ScreenPage | null>();
  return (pathname, sprache = STANDARD_SPRACHE) => {
    const index = seiten.findIndex((seite) => seite.pattern.test(pathname));
    const seite = seiten[index];
    if (!seite) return null;
    const frame = mitFrames && seite.rahmen ? (rahmen[sprache]?.[seite.rahmen] ?? rahmen[STANDARD_SPRACHE]?.[seite.rahmen]) : undefined;
    const frameSprache = frame && rahmen[sprache]?.[seite.rahmen ?? ''] ? sprache : STANDARD_SPRACHE;
    const key = frame ? `${index}:${frameSprache}` : `${index}`;
    if (!fertig.has(key)) {
      // The login screen without a frame is the page as built: sent by the static file handler.
      const page = frame ? compressed(mitRahmen(seite.html, frame, frameSprache)) : seite.html === html ? null : compressed(seite.html);
      fertig.set(key, page);
    }
    return fertig.get(key) ?? null;
  };
}

/** The cookie the web client keeps its language in (web/src/lib/i18n.ts, `wechsleSprache`). */
const SPRACH_COOKIE = /(?:^|;\s*)waldkita\.sprache=([a-z]{2})(?:;|$)/;

/**
 * The language a page's first frame is drawn in: the one the client last showed on this device
 * (its cookie), else the first of the browser's languages we have, else German. The family's own
 * choice reaches the cookie once the client has shown it (docs/i18n.md).
 */
export function spracheDerSeite(cookie: string | undefined, acceptLanguage: string | undefined): Sprache {
  const gewaehlt = cookie?.match(SPRACH_COOKIE)?.[1];
  if (istSprache(gewaehlt)) return gewaehlt;
  return ausAcceptLanguage(acceptLanguage);
}

/** Which of the page's encodings to send for an Accept-Encoding header (brotli before gzip). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  if ((accepted.get('br') ?? 0) > 0) return 'br';
  if ((accepted.get('gzip') ?? 0) > 0) return 'gzip';
  return null;
}
