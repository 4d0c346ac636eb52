// Whole app: the real server sends the web client's files compressed (brotli, gzip) as the browser asks.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './testing/test-app.js';

/** A built web client as `vite build` leaves it: every text file with its .br and .gz beside it. */
function builtClient() {
  const dist = mkdtempSync(path.join(tmpdir(), 'waldkita-web-compressed-'));
  mkdirSync(path.join(dist, 'assets'));
  const files = {
    'index.html':
      '<!doctype html><title>Waldkita</title><script type="module" src="/assets/index-abc123.js"></script><div id="root"></div>',
    'assets/index-abc123.js': `console.log(${JSON.stringify('Waldkita '.repeat(200))});`,
    // The service worker and the web app manifest keep their names from deploy to deploy.
    'sw.js': `self.__WB_MANIFEST = ${JSON.stringify([{ url: 'index.html', revision: 'r1' }])}; // ${'Waldkita '.repeat(100)}`,
    'manifest.webmanifest': JSON.stringify({ name: 'Waldkita Elternportal', short_name: 'Waldkita', start_url: '/dashboard' }),
  };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(path.join(dist, name), text);
    writeFileSync(path.join(dist, `${name}.br`), brotliCompressSync(text));
    writeFileSync(path.join(dist, `${name}.gz`), gzipSync(text));
  }
  return { dist, files };
}

describe('the web client is sent compressed', () => {
  let app: TestApp;
  const { dist, files } = builtClient();
  beforeAll(async () => {
    app = await startTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(() => app.close());

  // fetch() would decompress on its own and hide the encoding; ask for the raw bytes instead.
  const get = (url: string, acceptEncoding?: string) => {
    return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
      const req = request(`${app.baseUrl}${url}`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
  };

  it('sends scripts as brotli to browsers that take it, gzip to the others, and plain to the rest', async () => {
    const script = files['assets/index-abc123.js'];
    const br = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    expect(br.body.length).toBeLessThan(script.length / 10);

    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('sends the page itself compressed, also for a screen’s address, and never to be kept', async () => {
    for (const url of ['/', '/wasserdienst']) {
      const page = await get(url, 'br');
      expect(page.status, url).toBe(200);
      expect(page.headers['content-type'], url).toContain('text/html');
      expect(page.headers['content-encoding'], url).toBe('br');
      expect(page.headers.vary, url).toContain('accept-encoding');
      expect(page.headers['cache-control'], url).not.toContain('immutable');
      expect(brotliDecompressSync(page.body).toString(), url).toBe(files['index.html']);
    }
  });

  it('sends the service worker compressed but never to be kept, and the manifest with its own type', async () => {
    const sw = await get('/sw.js', 'gzip, deflate, br');
    expect(sw.status).toBe(200);
    expect(sw.headers['content-type']).toContain('javascript');
    expect(sw.headers['content-encoding']).toBe('br');
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(sw.body).toString()).toBe(files['sw.js']);

    const manifest = await get('/manifest.webmanifest', 'gzip, deflate, br');
    expect(manifest.status).toBe(200);
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const body = manifest.headers['content-encoding'] === 'br' ? brotliDecompressSync(manifest.body) : manifest.body;
    expect(JSON.parse(body.toString())).toMatchObject({ name: 'Waldkita Elternportal', start_url: '/dashboard' });
  });
});
