import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { formatPosition } from '@waldkita/platform/event-store/event-store';
import { READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replay } from './commands/replay.js';
import { json, login, startTestApp, type TestApp } from './testing/test-app.js';

const PASSWORT = 'etag-passwort-123';

describe('unchanged answers cost a 304 (ETag), and never cross from one family to another (real app)', () => {
  let app: TestApp;
  let admin: string;
  let fuchs: string;
  let eule: string;

  const anmelden = async (email: string) => (await json(await login(app.baseUrl, email, PASSWORT))).jwt as string;
  const neueFamilie = async (name: string, gruppe?: string, rollen: ('ROLE_ELTERN' | 'ROLE_ADMIN')[] = ['ROLE_ELTERN']) => {
    const email = `${name.toLowerCase()}-${randomUUID().slice(0, 8)}@example.org`;
    const { position } = await app.familie({ email, passwort: PASSWORT, nachname: name, rollen }, gruppe);
    const token = await anmelden(email);
    // The family is in the read models before the first read.
    expect((await lesen(token, '/api/auth/current-user', { 'x-min-position': formatPosition(position!) })).status).toBe(200);
    return token;
  };
  const lesen = async (token: string | null, path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${app.baseUrl}${path}`, {
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });
    const text = await response.text();
    return { status: response.status, etag: response.headers.get('etag'), text, body: text ? JSON.parse(text) : null };
  };
  const schreiben = async (token: string, method: string, path: string, body: unknown) => {
    const response = await fetch(`${app.baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    expect(response.status, path).toBeLessThan(300);
    return { position: response.headers.get('x-event-position')!, body: await json(response) };
  };

  beforeAll(async () => {
    app = await startTestApp();
    [admin, fuchs, eule] = await Promise.all([
      neueFamilie('Leitung', undefined, ['ROLE_ELTERN', 'ROLE_ADMIN']),
      neueFamilie('Fuchs', 'Füchse'),
      neueFamilie('Eule', 'Eulen'),
    ]);
  }, 60_000);
  afterAll(() => app?.close());

  it('answers a repeated read of an unchanged list with 304 and no body, a changed one with 200, the new list and a new ETag', async () => {
    const erste = await lesen(fuchs, '/api/mitteilungen');
    expect(erste).toMatchObject({ status: 200, body: [] });
    expect(erste.etag).toMatch(/^"[\w-]+"$/);

    expect(await lesen(fuchs, '/api/mitteilungen', { 'if-none-match': erste.etag! })).toMatchObject({ status: 304, text: '' });
    // A list of ETags, one weak, as browsers and proxies may send them.
    expect((await lesen(fuchs, '/api/mitteilungen', { 'if-none-match': `"anders", W/${erste.etag}` })).status).toBe(304);

    const neu = await schreiben(admin, 'POST', '/api/admin/mitteilungen', { text: 'Laternenfest am Freitag' });
    const danach = await lesen(fuchs, '/api/mitteilungen', { 'if-none-match': erste.etag!, 'x-min-position': neu.position });
    expect(danach.status).toBe(200);
    expect(danach.body).toEqual([expect.objectContaining({ id: neu.body.id, text: 'Laternenfest am Freitag' })]);
    expect(danach.etag).not.toBe(erste.etag);
    expect((await lesen(fuchs, '/api/mitteilungen', { 'if-none-match': danach.etag! })).status).toBe(304);
  });

  it('keeps a family’s own list at 304 while other data changes, and answers 200 once the family’s own list changes', async () => {
    const vorher = await lesen(fuchs, '/api/abwesenheit');
    expect(vorher).toMatchObject({ status: 200, body: [] });

    const fremd = await schreiben(eule, 'POST', '/api/abwesenheit', { kalenderwoche: 10, jahr: 2027 });
    expect((await lesen(fuchs, '/api/abwesenheit', { 'if-none-match': vorher.etag!, 'x-min-position': fremd.position })).status).toBe(304);

    const eigen = await schreiben(fuchs, 'POST', '/api/abwesenheit', { kalenderwoche: 11, jahr: 2027 });
    const nachher = await lesen(fuchs, '/api/abwesenheit', { 'if-none-match': vorher.etag!, 'x-min-position': eigen.position });
    expect(nachher.status).toBe(200);
    expect(nachher.body).toEqual([expect.objectContaining({ kalenderwoche: 11, jahr: 2027 })]);
  });

  it('gives families of different groups their own answers and ETags, and never a 304 on another family’s ETag', async () => {
    for (const path of ['/api/auth/current-user', '/api/gruppen', '/api/wasserdienst/events', '/api/abwesenheit']) {
      // Read at the same moment, so the same read-model position.
      const [f, e] = await Promise.all([lesen(fuchs, path), lesen(eule, path)]);
      expect([f.status, e.status], path).toEqual([200, 200]);
      expect(f.etag, path).not.toBe(e.etag);
      const euleMitFuchsEtag = await lesen(eule, path, { 'if-none-match': f.etag! });
      expect(euleMitFuchsEtag.status, path).toBe(200);
      expect(euleMitFuchsEtag.body, path).toEqual(e.body);
    }
    expect((await lesen(fuchs, '/api/gruppen')).body).toEqual([expect.objectContaining({ gruppenName: 'Füchse' })]);
    expect((await lesen(eule, '/api/gruppen')).body).toEqual([expect.objectContaining({ gruppenName: 'Eulen' })]);
    expect((await lesen(eule, '/api/auth/current-user')).body.eltern.nachname).toBe('Eule');
    // The admin sees every group, in an answer of its own.
    const alle = await lesen(admin, '/api/gruppen');
    expect(alle.body.map((g: { gruppenName: string }) => g.gruppenName)).toEqual(['Eulen', 'Füchse']);
  });

  it('shows read models that a replay rebuilt and swapped in on the next reads, though the position did not move', async () => {
    const gemeldet = await schreiben(eule, 'POST', '/api/abwesenheit', { kalenderwoche: 20, jahr: 2027 });
    expect((await lesen(eule, '/api/auth/current-user', { 'x-min-position': gemeldet.position })).status).toBe(200);
    // The live read models change behind the projector's back; the first reads keep those answers.
    await app.db.pool.query(`DELETE FROM ${READ_MODEL_SCHEMA}.abwesenheit WHERE abwesenheit_id = $1`, [gemeldet.body.id]);
    await app.db.pool.query(`UPDATE ${READ_MODEL_SCHEMA}.mitteilung SET text = 'Gefälscht'`);
    expect((await lesen(eule, '/api/abwesenheit')).body).not.toContainEqual(expect.objectContaining({ kalenderwoche: 20, jahr: 2027 }));
    expect((await lesen(eule, '/api/mitteilungen')).body[0].text).toBe('Gefälscht');

    const still = { write: () => true, isTTY: false };
    expect(await replay(app.runtime.config, [], { out: still, err: still })).toBe(0);
    await expect
      .poll(async () => (await lesen(eule, '/api/abwesenheit')).body, { timeout: 2000 })
      .toContainEqual(expect.objectContaining({ kalenderwoche: 20, jahr: 2027 }));
    await expect.poll(async () => (await lesen(eule, '/api/mitteilungen')).body[0].text, { timeout: 2000 }).toBe('Laternenfest am Freitag');
  });

  it('sends a longer answer compressed as the client accepts it (brotli, gzip, none), each with an ETag of its own', async () => {
    // raw bytes as they travel: fetch would decompress them out of sight
    const roh = (token: string, path: string, headers: Record<string, string>) =>
      new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; bytes: Buffer }>((resolve, reject) => {
        const req = httpRequest(`${app.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}`, ...headers } }, (res) => {
          const teile: Buffer[] = [];
          res.on('data', (teil: Buffer) => teile.push(teil));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(teile) }));
        });
        req.on('error', reject);
        req.end();
      });
    let position = '';
    for (let i = 0; i < 12; i++)
      position = (
        await schreiben(admin, 'POST', '/api/admin/mitteilungen', { text: `Elternabend Nr. ${i}: bitte Stühle mitbringen. `.repeat(4) })
      ).position;
    const plain = await roh(fuchs, '/api/mitteilungen', { 'x-min-position': position });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes.length).toBeGreaterThan(1024);
    const liste = JSON.parse(plain.bytes.toString('utf8'));
    expect(liste.length).toBeGreaterThanOrEqual(12);

    const br = await roh(fuchs, '/api/mitteilungen', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(br.bytes).toString('utf8'))).toEqual(liste);
    expect(br.bytes.length).toBeLessThan(plain.bytes.length / 3);

    const gz = await roh(fuchs, '/api/mitteilungen', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.bytes).toString('utf8'))).toEqual(liste);

    const etags = [plain, br, gz].map((a) => a.headers.etag as string);
    expect(new Set(etags).size).toBe(3);
    // each representation revalidates with its own ETag; another representation's gets the full answer
    expect((await roh(fuchs, '/api/mitteilungen', { 'accept-encoding': 'br', 'if-none-match': etags[1]! })).status).toBe(304);
    expect((await roh(fuchs, '/api/mitteilungen', { 'accept-encoding': 'gzip', 'if-none-match': etags[2]! })).status).toBe(304);
    expect((await roh(fuchs, '/api/mitteilungen', { 'accept-encoding': 'br', 'if-none-match': etags[0]! })).status).toBe(200);
  });

  it('answers no 304 without a valid sign-in', async () => {
    const { etag } = await lesen(fuchs, '/api/mitteilungen');
    expect((await lesen(null, '/api/mitteilungen', { 'if-none-match': etag! })).status).toBe(401);
    expect((await lesen('kein.gueltiges.token', '/api/mitteilungen', { 'if-none-match': etag! })).status).toBe(401);
  });
});
