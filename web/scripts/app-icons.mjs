// The app's install icons (web/public/icons/), rendered once from the fox logo (web/public/fox-logo.svg)
// by Debian's Chromium through playwright-core. The PNGs are committed; run this again only when the
// logo or the palette changes:
//   node web/scripts/app-icons.mjs
//
// - icon-192.png, icon-512.png ('any'): the fox on a moss disc, as the favicon, transparent around it.
// - icon-maskable-512.png ('maskable'): full-bleed forest green; the fox inside the safe zone (the
//   centred circle of 80 % diameter that every launcher mask keeps), with room to spare.
// - apple-touch-icon.png (180 px): opaque cream square, as iOS fills transparency with black.
// Colours from the forest palette of web/src/styles.css.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public');
const out = path.join(publicDir, 'icons');
const fox = readFileSync(path.join(publicDir, 'fox-logo.svg'), 'utf8')
  .replace(/<title[^>]*>.*?<\/title>/s, '')
  .replace(/<svg[^>]*>/, '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" width="100%" height="100%">');

const FOREST_900 = '#1f4229';
const MOSS_100 = '#e6eedc';
const CREAM = '#f7f4ec';

/**
 * One icon: `size` px square, `background` behind everything ('transparent' or a colour), an optional
 * disc of `disc` colour filling the square, and the fox at `foxShare` of the side, centred (the
 * logo's own drawing sits a little low in its box, so it is lifted by 2 % of the side).
 */
const icons = [
  { file: 'icon-192.png', size: 192, background: 'transparent', disc: MOSS_100, foxShare: 0.82 },
  { file: 'icon-512.png', size: 512, background: 'transparent', disc: MOSS_100, foxShare: 0.82 },
  { file: 'icon-maskable-512.png', size: 512, background: FOREST_900, disc: null, foxShare: 0.56 },
  { file: 'apple-touch-icon.png', size: 180, background: CREAM, disc: null, foxShare: 0.78 },
];

const page = (icon) => `<!doctype html><html><head><style>
  html, body { margin: 0; width: ${icon.size}px; height: ${icon.size}px; background: ${icon.background}; overflow: hidden; }
  .disc { position: absolute; inset: 0; border-radius: 50%; background: ${icon.disc ?? 'transparent'}; }
  .fox { position: absolute; width: ${icon.size * icon.foxShare}px; height: ${icon.size * icon.foxShare}px;
         left: ${(icon.size * (1 - icon.foxShare)) / 2}px; top: ${(icon.size * (1 - icon.foxShare)) / 2 - icon.size * 0.02}px; }
</style></head><body><div class="disc"></div><div class="fox">${fox}</div></body></html>`;

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const icon of icons) {
    const tab = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
    await tab.setContent(page(icon));
    await tab.screenshot({ path: path.join(out, icon.file), omitBackground: icon.background === 'transparent' });
    await tab.close();
    console.log(`${icon.file} (${icon.size} px)`);
  }
} finally {
  await browser.close();
}
