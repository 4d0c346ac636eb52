// What a browser loads for one screen of the built client (web/dist), as sent over the wire.
// Serves dist/ the way the server does (@fastify/static, preCompressed), answers /api with 401 and
// lists every script and stylesheet Chromium fetched with its transferred size.
//   node web/scripts/erste-ladung.mjs [/login] [dist-folder]
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { chromium } from 'playwright-core';

const screen = process.argv[2] ?? '/login';
const dist = path.resolve(process.argv[3] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../dist'));

const app = Fastify();
await app.register(fastifyStatic, { root: dist, wildcard: false, index: ['index.html'], preCompressed: true });
app.all('/api/*', (_request, reply) => reply.status(401).send({ message: 'Nicht angemeldet.' }));
app.setNotFoundHandler((_request, reply) => reply.type('text/html').sendFile('index.html'));
const address = await app.listen({ port: 0, host: '127.0.0.1' });

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage();
  const loaded = [];
  page.on('requestfinished', async (request) => {
    const type = request.resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const response = await request.response();
    const sizes = await request.sizes();
    loaded.push({
      file: new URL(request.url()).pathname,
      type,
      bytes: sizes.responseBodySize,
      encoding: response?.headers()['content-encoding'] ?? '-',
    });
  });
  await page.goto(`${address}${screen}`, { waitUntil: 'networkidle' });
  loaded.sort((a, b) => b.bytes - a.bytes);
  for (const { file, bytes, encoding } of loaded) console.log(`${(bytes / 1024).toFixed(1).padStart(7)} KB  ${encoding.padEnd(4)} ${file}`);
  const js = loaded.filter((l) => l.type === 'script').reduce((sum, l) => sum + l.bytes, 0);
  const css = loaded.filter((l) => l.type === 'stylesheet').reduce((sum, l) => sum + l.bytes, 0);
  console.log(`${screen}: JS ${(js / 1024).toFixed(1)} KB, CSS ${(css / 1024).toFixed(1)} KB as sent`);
} finally {
  await browser.close();
  await app.close();
}
