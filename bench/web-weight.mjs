// Used by run.mjs (`npm run bench -- --only=http`, and the Lighthouse part for its hello-world); alone it prints nothing.
// Web weight: the JavaScript a browser loads before the first paint of /login (the module entry
// and its modulepreloads), as the running app sends it, beside React's hello-world page built with
// the same Vite (bench/hello-world) as the reference.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The scripts of an HTML page loaded before the first paint: module entries and modulepreloads. */
const initialScripts = (html) => [
  ...[...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]),
  ...[...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]),
];

const gzipped = (bytes) => gzipSync(bytes, { level: 9 }).length;

/** GET with the given Accept-Encoding: the body's bytes as they came over the wire, and the encoding. */
const raw = (url, acceptEncoding) =>
  new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
        const chunks = [];
        response.on('data', (c) => chunks.push(c));
        response.on('end', () => {
          if (response.statusCode !== 200) return reject(new Error(`GET ${url} answered ${response.statusCode}`));
          resolve({ body: Buffer.concat(chunks), encoding: response.headers['content-encoding'] ?? 'none' });
        });
      })
      .on('error', reject);
  });

/** /login of the running app: what a browser asking for br/gzip is sent, and the same files gzipped here. */
export async function appWeight(baseUrl) {
  const html = (await raw(`${baseUrl}/login`, 'identity')).body.toString('utf8');
  const scripts = initialScripts(html);
  if (scripts.length === 0) throw new Error(`/login names no module script:\n${html.slice(0, 500)}`);
  let bytes = 0;
  let gzipBytes = 0;
  let sentBytes = 0;
  const encodings = new Set();
  for (const src of scripts) {
    const url = new URL(src, `${baseUrl}/login`).href;
    const plain = (await raw(url, 'identity')).body;
    const sent = await raw(url, 'br, gzip');
    bytes += plain.length;
    gzipBytes += gzipped(plain);
    sentBytes += sent.body.length;
    encodings.add(sent.encoding);
  }
  return { files: scripts.length, bytes, gzipBytes, sentBytes, encodings: [...encodings] };
}

/** Builds React's hello-world (bench/hello-world) with the Vite of this repository into `outDir`. */
export async function buildHelloWorld(outDir) {
  const { build } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  await build({
    root: path.join(here, 'hello-world'),
    configFile: false,
    logLevel: 'silent',
    plugins: [react()],
    build: { outDir, emptyOutDir: true },
  });
}

/** React's hello-world, built now with the Vite of this repository; its initial JS, gzipped here. */
export async function helloWorldWeight() {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'waldkita-hello-'));
  try {
    await buildHelloWorld(outDir);
    const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
    let bytes = 0;
    let gzipBytes = 0;
    const scripts = initialScripts(html);
    for (const src of scripts) {
      const file = readFileSync(path.join(outDir, src.replace(/^\.?\//, '')));
      bytes += file.length;
      gzipBytes += gzipped(file);
    }
    return { files: scripts.length, bytes, gzipBytes };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
