import { randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { abwesenheitenStream } from '@waldkita/domain/abwesenheit/abwesenheit';
import type { Eltern } from '@waldkita/domain/eltern/eltern';
import { MITTEILUNGEN_STREAM } from '@waldkita/domain/mitteilung/mitteilung';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existingStream, familie, gruppe, queryApiRouteTest } from '../testing/route-test.js';

/**
 * The answers of reads kept per read-model position (antwort-cache.ts): a 304 for an unchanged
 * answer (ETag), never across circles of callers, and compressed as the client accepts. That a
 * replay's swapped-in read models show on the next reads: cli/src/etag.test.ts.
 */
describe('unchanged answers cost a 304 (ETag), and never cross from one family to another', () => {
  let t: Awaited<ReturnType<typeof queryApiRouteTest>>;
  const fuechse = gruppe('Füchse');
  const eulen = gruppe('Eulen');
  const leitung = familie('Leitung', null, ['ROLE_ELTERN', 'ROLE_ADMIN']);
  const fuchs = familie('Fuchs', fuechse.gruppeId);
  const eule = familie('Eule', eulen.gruppeId);

  beforeAll(async () => {
    t = await queryApiRouteTest();
    await t.appendEvents(fuechse.stream, eulen.stream, leitung.stream, fuchs.stream, eule.stream);
  });
  afterAll(() => t?.close());

  const lesen = async (als: Eltern | null, url: string, headers: Record<string, string> = {}) => {
    const response = await t.send({ method: 'GET', url, headers, ...(als ? { als } : {}) });
    const text = response.body;
    return { status: response.statusCode, etag: response.headers.etag as string | undefined, text, body: text ? JSON.parse(text) : null };
  };
  const mitteilung = (text: string) => {
    const mitteilungId = randomUUID();
    return {
      mitteilungId,
      stream: existingStream(MITTEILUNGEN_STREAM, [{ type: 'MitteilungVeroeffentlicht', data: { mitteilungId, text } }]),
    };
  };
  const abwesenheit = (f: { elternId: string }, kalenderwoche: number) =>
    existingStream(abwesenheitenStream(f.elternId), [
      { type: 'AbwesenheitGemeldet', data: { abwesenheitId: randomUUID(), elternId: f.elternId, jahr: 2027, kalenderwoche } },
    ]);

  it('answers a repeated read of an unchanged list with 304 and no body, a changed one with 200, the new list and a new ETag', async () => {
    const erste = await lesen(fuchs, '/api/mitteilungen');
    expect(erste).toMatchObject({ status: 200, body: [] });
    expect(erste.etag).toMatch(/^"[\w-]+"$/);

    expect(await lesen(fuchs, '/api/mitteilungen', { 'if-none-match': erste.etag! })).toMatchObject({ status: 304, text: '' });
    // A list of ETags, one weak, as browsers and proxies may send them.
    expect((await lesen(fuchs, '/api/mitteilungen', { 'if-none-match': `"anders", W/${erste.etag}` })).status).toBe(304);

    const neu = mitteilung('Laternenfest am Freitag');
    await t.appendEvents(neu.stream);
    const danach = await lesen(fuchs, '/api/mitteilungen', { 'if-none-match': erste.etag! });
    expect(danach.status).toBe(200);
    expect(danach.body).toEqual([expect.objectContaining({ id: neu.mitteilungId, text: 'Laternenfest am Freitag' })]);
    expect(danach.etag).not.toBe(erste.etag);
    expect((await lesen(fuchs, '/api/mitteilungen', { 'if-none-match': danach.etag! })).status).toBe(304);
  });

  it('keeps a family’s own list at 304 while other data changes, and answers 200 once the family’s own list changes', async () => {
    const vorher = await lesen(fuchs, '/api/abwesenheit');
    expect(vorher).toMatchObject({ status: 200, body: [] });

    await t.appendEvents(abwesenheit(eule, 10));
    expect((await lesen(fuchs, '/api/abwesenheit', { 'if-none-match': vorher.etag! })).status).toBe(304);

    await t.appendEvents(abwesenheit(fuchs, 11));
    const nachher = await lesen(fuchs, '/api/abwesenheit', { 'if-none-match': vorher.etag! });
    expect(nachher.status).toBe(200);
    expect(nachher.body).toEqual([expect.objectContaining({ kalenderwoche: 11, jahr: 2027 })]);
  });

  it('gives families of different groups their own answers and ETags, and never a 304 on another family’s ETag', async () => {
    for (const path of ['/api/auth/current-user', '/api/gruppen', '/api/wasserdienst/events', '/api/abwesenheit']) {
      // Read one after the other with nothing appended between: the same read-model position.
      const f = await lesen(fuchs, path);
      const e = await lesen(eule, path);
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
    const alle = await lesen(leitung, '/api/gruppen');
    expect(alle.body.map((g: { gruppenName: string }) => g.gruppenName)).toEqual(['Eulen', 'Füchse']);
  });

  it('sends a longer answer compressed as the client accepts it (brotli, gzip, none), each with an ETag of its own', async () => {
    // the bytes as they travel: inject hands them over undecoded
    const roh = async (headers: Record<string, string>) => {
      const response = await t.send({ method: 'GET', url: '/api/mitteilungen', headers, als: fuchs });
      return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload };
    };
    await t.appendEvents(
      ...Array.from({ length: 12 }, (_, i) => mitteilung(`Elternabend Nr. ${i}: bitte Stühle mitbringen. `.repeat(4)).stream),
    );
    const plain = await roh({});
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes.length).toBeGreaterThan(1024);
    const liste = JSON.parse(plain.bytes.toString('utf8'));
    expect(liste.length).toBeGreaterThanOrEqual(12);

    const br = await roh({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(br.bytes).toString('utf8'))).toEqual(liste);
    expect(br.bytes.length).toBeLessThan(plain.bytes.length / 3);

    const gz = await roh({ 'accept-encoding': 'gzip, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.bytes).toString('utf8'))).toEqual(liste);

    const etags = [plain, br, gz].map((a) => a.headers.etag as string);
    expect(new Set(etags).size).toBe(3);
    // each representation revalidates with its own ETag; another representation's gets the full answer
    expect((await roh({ 'accept-encoding': 'br', 'if-none-match': etags[1]! })).status).toBe(304);
    expect((await roh({ 'accept-encoding': 'gzip', 'if-none-match': etags[2]! })).status).toBe(304);
    expect((await roh({ 'accept-encoding': 'br', 'if-none-match': etags[0]! })).status).toBe(200);
  });

  it('answers no 304 without a valid sign-in', async () => {
    const { etag } = await lesen(fuchs, '/api/mitteilungen');
    expect((await lesen(null, '/api/mitteilungen', { 'if-none-match': etag! })).status).toBe(401);
    expect((await lesen(null, '/api/mitteilungen', { 'if-none-match': etag!, authorization: 'Bearer kein.gueltiges.token' })).status).toBe(
      401,
    );
  });
});
