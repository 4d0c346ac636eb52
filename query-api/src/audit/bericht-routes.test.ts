import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { neuesSchluesselpaar, privaterSchluessel } from '@waldkita/platform/audit/anker';
import { erstelleAnker } from '@waldkita/platform/audit/anker-log';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectResponse, familie, gruppe, queryApiRouteTest } from '../testing/route-test.js';

/** The standalone checker of evidence files (docs/audit.md). */
const BEWEIS_PRUEFEN = fileURLToPath(new URL('../../../tools/beweis-pruefen.mjs', import.meta.url));

describe('the case report and its evidence (GET /api/audit/bericht, /api/audit/beweis)', () => {
  let t: Awaited<ReturnType<typeof queryApiRouteTest>>;
  const schluessel = neuesSchluesselpaar();
  const fuechse = gruppe('Füchse');
  const pruefer = familie('Sommer', fuechse.gruppeId, ['ROLE_ELTERN', 'ROLE_AUDITOR']);
  const fuchs = familie('Fuchs', fuechse.gruppeId);
  beforeAll(async () => {
    t = await queryApiRouteTest({ env: { AUDIT_ANKER_SCHLUESSEL: schluessel.privat } });
    await t.appendEvents(fuechse.stream, pruefer.stream, fuchs.stream);
    // An anchor as POST /api/audit/anker signs one (command-api/src/audit/anker-routes.ts).
    const ergebnis = await erstelleAnker({ store: t.store, pool: t.db.pool }, privaterSchluessel(schluessel.privat), {
      anlass: 'app',
      actorId: pruefer.elternId,
    });
    if ('fehler' in ergebnis) throw new Error(ergebnis.fehler);
  });
  afterAll(() => t?.close());

  it('given an anchor, then the case report of a family is a German PDF that a real PDF reader opens, with the checkable evidence attached', async () => {
    const antwort = await t
      .when({ method: 'GET', url: `/api/audit/bericht?familie=${fuchs.elternId}`, als: pruefer })
      .then(expectResponse(200));
    expect(antwort.headers['content-type']).toBe('application/pdf');
    const bytes = new Uint8Array(antwort.rawPayload);
    expect(antwort.headers['x-bericht-sha256']).toBe(createHash('sha256').update(bytes).digest('hex'));
    const beweisSha = String(antwort.headers['x-beweis-sha256']);
    expect(beweisSha).toMatch(/^[0-9a-f]{64}$/);

    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const pdf = await getDocument({ data: bytes.slice(), useSystemFonts: false }).promise;
    let text = '';
    for (let i = 1; i <= pdf.numPages; i++) {
      const inhalt = await (await pdf.getPage(i)).getTextContent();
      text += `${inhalt.items.map((x) => ('str' in x ? x.str : '')).join(' ')}\n`;
    }
    const flach = text.replace(/\s+/g, ' ');
    expect(flach).toContain('Fallbericht: Familie Fuchs');
    expect(flach).toContain('Erstellt am');
    expect(flach).toContain('von Familie Sommer (Prüfer)');
    expect(flach).toContain(`SHA-256 der Beweisdatei: ${beweisSha}`);
    expect(flach).toMatch(/Seite 1 von \d/);

    const anhaenge = (await pdf.getAttachments()) as Record<string, { filename: string; content: Uint8Array }>;
    const [anhang] = Object.values(anhaenge);
    expect(anhang?.filename).toMatch(/^beweis-\d+-\d+\.jsonl$/);
    expect(createHash('sha256').update(anhang!.content).digest('hex')).toBe(beweisSha);
    const datei = path.join(mkdtempSync(path.join(tmpdir(), 'waldkita-bericht-')), anhang!.filename);
    writeFileSync(datei, anhang!.content);
    const { stdout } = await promisify(execFile)(process.execPath, [BEWEIS_PRUEFEN, datei]);
    expect(stdout).toMatch(/^Beweis geprüft: \d+ Ereignisse gehören unverändert zum Log/);

    // The evidence file alone, as JSON Lines, for the standalone checker.
    const nurBeweis = await t
      .when({ method: 'GET', url: `/api/audit/beweis?familie=${fuchs.elternId}`, als: pruefer })
      .then(expectResponse(200));
    const jsonl = nurBeweis.rawPayload;
    expect(nurBeweis.headers['x-beweis-sha256']).toBe(createHash('sha256').update(jsonl).digest('hex'));
    const beweisDatei = path.join(path.dirname(datei), 'nur-beweis.jsonl');
    writeFileSync(beweisDatei, jsonl);
    const geprueft = await promisify(execFile)(process.execPath, [BEWEIS_PRUEFEN, beweisDatei]);
    expect(geprueft.stdout).toMatch(/^Beweis geprüft: /);

    await t.when({ method: 'GET', url: '/api/audit/bericht?familie=x&woche=2026-W51', als: pruefer }).then(expectResponse(400));
    await t
      .when({ method: 'GET', url: '/api/audit/bericht?person=x', als: pruefer })
      .then(expectError(400, 'Bitte wählen Sie genau eines: tausch, familie oder woche.'));
    await t.when({ method: 'GET', url: `/api/audit/bericht?familie=${fuchs.elternId}`, als: fuchs }).then(expectResponse(403));
  });
});

describe('the evidence without any anchor', () => {
  let t: Awaited<ReturnType<typeof queryApiRouteTest>>;
  const leitung = familie('Leitung', null, ['ROLE_ADMIN']);
  beforeAll(async () => {
    t = await queryApiRouteTest({ env: { AUDIT_ANKER_SCHLUESSEL: '', AUDIT_ANKER_SCHLUESSEL_FILE: '' } });
    await t.appendEvents(leitung.stream);
  });
  afterAll(() => t?.close());

  it('refuses the evidence file in German: no anchor covers the events yet', async () => {
    await t
      .when({ method: 'GET', url: `/api/audit/beweis?familie=${leitung.elternId}`, als: leitung })
      .then(
        expectError(409, 'Noch deckt kein Anker diese Ereignisse ab. Bitte signieren Sie unter „Integrität prüfen“ zuerst einen Anker.'),
      );
  });
});
