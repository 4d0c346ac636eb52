import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

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
 * screen's chunk and, behind the sign-in or on the password pages, the query cache's chunk.
 * /login and / are the page as built (which preloads the login screen already).
 */
const SCREENS: Array<[pattern: RegExp, modules: string[]]> = [
  [/^\/forgot-password$/, [QUERY_SHELL, route('forgot-password')]],
  [/^\/password-reset$/, [QUERY_SHELL, route('password-reset')]],
  [/^\/dashboard$/, [QUERY_SHELL, route('dashboard')]],
  [/^\/wasserdienst$/, [QUERY_SHELL, route('wasserdienst')]],
  [/^\/tauschboerse$/, [QUERY_SHELL, route('tauschboerse')]],
  [/^\/arbeitseinsaetze$/, [QUERY_SHELL, route('arbeitseinsaetze')]],
  [/^\/stunden$/, [QUERY_SHELL, route('stunden')]],
  [/^\/abwesenheit$/, [QUERY_SHELL, route('abwesenheit')]],
  [/^\/schliesszeiten$/, [QUERY_SHELL, route('schliesszeiten')]],
  [/^\/admin-dashboard$/, [QUERY_SHELL, route('admin-dashboard')]],
  [/^\/audit(\/tausch\/[^/]+|\/import\/[^/]+)?$/, [QUERY_SHELL, route('audit')]],
  [/^\/meine-daten$/, [QUERY_SHELL, route('dashboard')]],
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
 * The single-page app's index.html per screen, with `<link rel="modulepreload">` for that screen's
 * chunks (and a style preload for their stylesheets) in place of the login screen's: the browser
 * fetches them beside the entry script instead of one after the other once the router has run.
 * Read from Vite's build manifest once at start; without a manifest (or for an unknown path) the
 * page is sent as built. Answers a lookup by path (without query string).
 */
export function loadScreenPages(webDist: string): (pathname: string) => ScreenPage | null {
  const manifestFile = path.join(webDist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return () => null;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const html = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) return () => null;
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

  const pages: Array<[RegExp, ScreenPage]> = [];
  for (const [pattern, modules] of SCREENS) {
    if (!modules.every((key) => manifest[key])) continue;
    const { files, css } = closure(manifest, modules);
    const links = [
      ...css.filter((file) => !entryCss.has(file)).map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
      ...files.filter((file) => !imEntry.has(file)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ];
    pages.push([pattern, compressed(withoutLogin.replace(/\n?\s*<\/head>/, `\n    ${links.join('\n    ')}\n  </head>`))]);
  }
  return (pathname) => pages.find(([pattern]) => pattern.test(pathname))?.[1] ?? null;
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
