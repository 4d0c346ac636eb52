import { describe, expect, it } from 'vitest';
import { AntwortCache, etagVon, passtZu, sichtKreis, waehleKodierung } from './antwort-cache.js';

const antwort = (text: string) => ({ body: Buffer.from(text), etag: etagVon('alle', Buffer.from(text)) });

describe('the store of read answers', () => {
  it('builds an answer once for identical reads at one position, also for reads that arrive while it is built', async () => {
    const cache = new AntwortCache();
    let gebaut = 0;
    const baue = async () => {
      gebaut++;
      await new Promise((r) => setTimeout(r, 5));
      return antwort('[1]');
    };
    const [a, b] = await Promise.all([cache.hole('1/1|2026-03-02', '/x', baue), cache.hole('1/1|2026-03-02', '/x', baue)]);
    expect(await cache.hole('1/1|2026-03-02', '/x', baue)).toBe(a);
    expect(b).toBe(a);
    expect(gebaut).toBe(1);
  });

  it('builds again at a new position or on a new day, and does not keep a failed build', async () => {
    const cache = new AntwortCache();
    let gebaut = 0;
    const baue = async () => antwort(`[${++gebaut}]`);
    expect((await cache.hole('1/1|2026-03-02', '/x', baue)).body.toString()).toBe('[1]');
    expect((await cache.hole('2/2|2026-03-02', '/x', baue)).body.toString()).toBe('[2]');
    expect((await cache.hole('2/2|2026-03-03', '/x', baue)).body.toString()).toBe('[3]');
    await expect(cache.hole('2/2|2026-03-03', '/y', () => Promise.reject(new Error('kaputt')))).rejects.toThrow('kaputt');
    expect((await cache.hole('2/2|2026-03-03', '/y', baue)).body.toString()).toBe('[4]');
  });

  it('tells the circles of callers apart by group and role, and gives each its own ETag', () => {
    const fuchs = { elternId: 'e1', gruppeId: 'g1', admin: false, pruefer: false, zeile: '1' };
    const dachs = { elternId: 'e2', gruppeId: 'g1', admin: false, pruefer: false, zeile: '1' };
    const eule = { elternId: 'e3', gruppeId: 'g2', admin: false, pruefer: false, zeile: '1' };
    expect(sichtKreis(fuchs, 'gruppe')).toBe(sichtKreis(dachs, 'gruppe'));
    expect(sichtKreis(fuchs, 'gruppe')).not.toBe(sichtKreis(eule, 'gruppe'));
    expect(sichtKreis(fuchs, 'eltern')).not.toBe(sichtKreis(dachs, 'eltern'));
    expect(sichtKreis(fuchs, 'alle')).not.toBe(sichtKreis({ ...fuchs, admin: true }, 'alle'));
    expect(etagVon(sichtKreis(fuchs, 'gruppe'), Buffer.from('[]'))).not.toBe(etagVon(sichtKreis(eule, 'gruppe'), Buffer.from('[]')));
  });

  it('matches If-None-Match lists, weak tags and *', () => {
    expect(passtZu('"a"', '"a"')).toBe(true);
    expect(passtZu('"b", W/"a"', '"a"')).toBe(true);
    expect(passtZu('*', '"a"')).toBe(true);
    expect(passtZu('"b"', '"a"')).toBe(false);
    expect(passtZu(undefined, '"a"')).toBe(false);
  });
});

describe('waehleKodierung: the encoding a read is sent in', () => {
  it('given a browser’s Accept-Encoding, when choosing, then brotli; given gzip only, then gzip', () => {
    expect(waehleKodierung('gzip, deflate, br, zstd')).toBe('br');
    expect(waehleKodierung('gzip, deflate')).toBe('gzip');
    expect(waehleKodierung('GZIP;q=0.5')).toBe('gzip');
  });
  it('given no header, identity only, or the codings refused with q=0, when choosing, then none', () => {
    expect(waehleKodierung(undefined)).toBeNull();
    expect(waehleKodierung('identity')).toBeNull();
    expect(waehleKodierung('br;q=0, gzip;q=0.0')).toBeNull();
    expect(waehleKodierung('br;q=0, gzip')).toBe('gzip');
  });
});
