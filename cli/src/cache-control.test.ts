// Whole app: the Cache-Control headers are the real server's (cli/src/server.ts), for API answers, errors and the web client's files.
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatPosition } from '@waldkita/platform/event-store/event-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, login, startTestApp, type TestApp } from './testing/test-app.js';

describe('caching of API answers', () => {
  let app: TestApp;
  let token: string;
  let email: string;
  /** Where the registration stands in the log: the first reads wait for the read models to reach it. */
  let registriert: string;
  beforeAll(async () => {
    app = await startTestApp();
    email = `igel-${randomUUID().slice(0, 8)}@example.org`;
    registriert = formatPosition((await app.familie({ email, passwort: 'igel12345', nachname: 'Igel' }, 'Igel')).position!);
    token = (await json(await login(app.baseUrl, email, 'igel12345'))).jwt as string;
  });
  afterAll(() => app.close());

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${app.baseUrl}${path}`, { headers });
  const auth = () => ({ authorization: `Bearer ${token}`, 'x-min-position': registriert });

  it('lets no browser or proxy keep a family’s own data', async () => {
    for (const path of ['/api/auth/current-user', '/api/gruppen', '/api/mitteilungen']) {
      const response = await get(path, auth());
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('no-store');
    }
  });

  it('lets no one keep the answer to a sign-in', async () => {
    const response = await login(app.baseUrl, email, 'igel12345');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('lets no one keep error answers either', async () => {
    const unauthenticated = await get('/api/auth/current-user');
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers.get('cache-control')).toBe('no-store');
    const forbidden = await get('/api/admin/eltern', auth());
    expect(forbidden.status).toBe(403);
    expect(forbidden.headers.get('cache-control')).toBe('no-store');
    const unknown = await get('/api/gibt-es-nicht', auth());
    expect(unknown.status).toBe(404);
    expect(await json(unknown)).toEqual({ message: expect.any(String) });
    expect(unknown.headers.get('cache-control')).toBe('no-store');
  });

  it('leaves the web app’s pages to their own caching rule', async () => {
    const page = await get('/wasserdienst');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('cache-control')).not.toBe('no-store');
  });
});

describe('caching of the web client’s files', () => {
  let app: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'waldkita-web-caching-'));
    mkdirSync(path.join(dist, 'assets'));
    mkdirSync(path.join(dist, 'icons'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Waldkita</title><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets/index-abc123.js'), 'console.log(1);');
    writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"Waldkita Elternportal"}');
    writeFileSync(path.join(dist, 'icons/icon-192.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
    app = await startTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(() => app.close());

  const cacheControl = async (url: string) => {
    const response = await fetch(`${app.baseUrl}${url}`);
    expect(response.status, url).toBe(200);
    return response.headers.get('cache-control');
  };

  it('keeps content-hashed scripts for a year, but asks anew for the service worker and the manifest on every visit', async () => {
    expect(await cacheControl('/assets/index-abc123.js')).toBe('public, max-age=31536000, immutable');
    // a new deploy is a new sw.js under the same name: the browser must see it at once (docs/pwa.md)
    expect(await cacheControl('/sw.js')).toBe('no-cache');
    expect(await cacheControl('/sw.js?v=2')).toBe('no-cache');
    expect(await cacheControl('/manifest.webmanifest')).toBe('no-cache');
    // an icon keeps its name too: never kept as immutable
    expect(await cacheControl('/icons/icon-192.png')).not.toContain('immutable');
  });
});
