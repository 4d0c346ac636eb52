import { UNGUELTIGE_ZEICHEN } from '@waldkita/domain/shared/eingabe';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { commandApiRouteTest, expectError, expectResponse, familie } from '../testing/route-test.js';

const UNVOLLSTAENDIG = 'Die Datei ist nicht vollständig angekommen. Bitte wählen Sie sie erneut aus.';

/** A multipart body as a browser sends a FormData, with its content type (boundary). */
async function alsMultipart(teile: [name: string, inhalt: string | Blob, dateiname?: string][]) {
  const form = new FormData();
  for (const [name, inhalt, dateiname] of teile) {
    if (dateiname) form.append(name, inhalt, dateiname);
    else form.append(name, inhalt);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}
const csv = (text: string | Uint8Array) => new Blob([text], { type: 'text/csv' });

/**
 * The upload of the family import (POST /api/admin/import-eltern): a file too large, more than
 * one file, too many fields, a cut-off form, a file name with a NUL character, each in German.
 */
describe('the import upload refuses what it cannot read (POST /api/admin/import-eltern)', () => {
  let t: Awaited<ReturnType<typeof commandApiRouteTest>>;
  const leitung = familie('Leitung', null, ['ROLE_ADMIN']);
  beforeAll(async () => {
    t = await commandApiRouteTest({ now: () => new Date('2026-11-20T10:00:00+01:00') });
    await t.appendEvents(leitung.stream);
    await t.when({ method: 'POST', url: '/api/admin/confirm-holidays', als: leitung }).then(expectResponse(200));
  });
  afterAll(() => t?.close());

  const hochladen = (body: { payload: string | Buffer; headers: Record<string, string> }) => ({
    method: 'POST' as const,
    url: '/api/admin/import-eltern',
    ...body,
    als: leitung,
  });

  it('refuses a file over 2 MB with 413 in German', async () => {
    const gross = await alsMultipart([
      ['deadline', '2027-01-31'],
      ['csvFile', csv(new Uint8Array(2 * 1024 * 1024 + 1).fill(65)), 'eltern.csv'],
    ]);
    await t.when(hochladen(gross)).then(expectError(413, 'Die Datei ist zu groß: höchstens 2 MB sind erlaubt.'));
  });

  it('refuses two files, too many fields, a cut-off form and a file name with a NUL character in German', async () => {
    const zwei = await alsMultipart([
      ['csvFile', csv('a'), 'a.csv'],
      ['csvFile', csv('b'), 'b.csv'],
    ]);
    await t.when(hochladen(zwei)).then(expectError(413, 'Bitte senden Sie nur eine Datei.'));
    const viele = await alsMultipart(Array.from({ length: 8 }, (_, i) => [`feld${i}`, 'x'] as [string, string]));
    await t.when(hochladen(viele)).then(expectError(413, 'Das Formular enthält zu viele Felder.'));

    const multipart = { 'content-type': 'multipart/form-data; boundary=grenze' };
    const kopf = 'Nachname Kind;Vorname Kind;Gruppe;Brief-E-Mail\r\nDachs;Mia;Füchse;dachs@example.org\r\n';
    const abgeschnitten = `--grenze\r\nContent-Disposition: form-data; name="csvFile"; filename="eltern.csv"\r\nContent-Type: text/csv\r\n\r\n${kopf}`;
    await t.when(hochladen({ payload: abgeschnitten, headers: multipart })).then(expectError(400, UNVOLLSTAENDIG));
    await t
      .when(hochladen({ payload: 'ohne Grenze', headers: { 'content-type': 'multipart/form-data' } }))
      .then(expectError(400, UNVOLLSTAENDIG));
    const nulImNamen =
      '--grenze\r\nContent-Disposition: form-data; name="deadline"\r\n\r\n2027-01-31\r\n' +
      `--grenze\r\nContent-Disposition: form-data; name="csvFile"; filename="eltern\u0000.csv"\r\nContent-Type: text/csv\r\n\r\n${kopf}--grenze--\r\n`;
    await t.when(hochladen({ payload: nulImNamen, headers: multipart })).then(expectError(400, UNGUELTIGE_ZEICHEN));
  });
});
