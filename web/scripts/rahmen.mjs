// The first frames of the screens (src/rahmen/rahmen.tsx) as HTML, one per screen and language,
// into dist/.vite/rahmen.json after `vite build`: the server puts the one that fits into #root of
// the page it sends (cli/src/screen-preload.ts). Renders through Vite's SSR loader with the app's
// own config, so the catalogues are the browser's (`?teil=kern`).
//   node web/scripts/rahmen.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vite = await createServer({
  root: web,
  configFile: path.join(web, 'vite.config.ts'),
  logLevel: 'warn',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false },
});
try {
  const { alleRahmen } = await vite.ssrLoadModule('/src/rahmen/prerender.tsx');
  const rahmen = await alleRahmen();
  const ziel = path.join(web, 'dist', '.vite');
  mkdirSync(ziel, { recursive: true });
  writeFileSync(path.join(ziel, 'rahmen.json'), `${JSON.stringify(rahmen)}\n`);
  const anzahl = Object.values(rahmen).reduce((summe, seiten) => summe + Object.keys(seiten).length, 0);
  console.log(`dist/.vite/rahmen.json: ${anzahl} frames`);
} finally {
  await vite.close();
}
