import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { neuesSchluesselpaar } from '@waldkita/platform/audit/anker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, startTestApp, type TestApp } from './testing/test-app.js';

const PASSWORT = 'anker-pruefen-1';

/** 'Integrität prüfen' in the app (docs/audit.md, "Anchors"): sign an anchor on demand, list, check and download. */
describe('anchors and the integrity check on the real app', () => {
  let app: TestApp;
  const { call, get, remember } = apiClient(() => app.baseUrl);
  let admin: { token: string; elternId: string };
  let pruefer: { token: string; elternId: string };
  let familie: { token: string; elternId: string };

  beforeAll(async () => {
    const schluessel = neuesSchluesselpaar();
    app = await startTestApp({ env: { AUDIT_ANKER_SCHLUESSEL: schluessel.privat } });
    admin = await app.angemeldeteFamilie('Leitung', PASSWORT, remember, undefined, ['ROLE_ADMIN']);
    pruefer = await app.angemeldeteFamilie('Sommer', PASSWORT, remember, 'Füchse', ['ROLE_ELTERN', 'ROLE_AUDITOR']);
    familie = await app.angemeldeteFamilie('Fuchs', PASSWORT, remember, 'Füchse');
  }, 60_000);
  afterAll(() => app?.close());

  it('given a family, then it may neither sign nor check nor list anchors', async () => {
    expect((await call(familie.token, 'POST', '/api/audit/anker')).status).toBe(403);
    expect((await get(familie.token, '/api/audit/integritaet')).status).toBe(403);
    expect((await get(familie.token, '/api/audit/anker')).status).toBe(403);
  });

  it('given no anchor yet, then the check shows the intact chain and no anchor', async () => {
    const { status, body } = await get(pruefer.token, '/api/audit/integritaet');
    expect(status).toBe(200);
    expect(body.kette).toMatchObject({ intakt: true, bruchstellen: 0, bruch: null });
    expect(body.kette.ereignisse).toBeGreaterThan(3);
    expect(body.anker).toBeNull();
  });

  it('given an auditor signs an anchor, then it is listed with its fingerprint, the check matches it and its file downloads with every head', async () => {
    const signiert = await call(pruefer.token, 'POST', '/api/audit/anker');
    expect(signiert.status, JSON.stringify(signiert.body)).toBe(201);
    expect(signiert.body).toMatchObject({ format: 'waldkita-anker/1', wurzel: expect.stringMatching(/^[0-9a-f]{64}$/) });

    const liste = await get(pruefer.token, '/api/audit/anker');
    expect(liste.body).toEqual([
      expect.objectContaining({
        position: signiert.body.position,
        anlass: 'app',
        signaturGueltig: true,
        fingerabdruck: expect.stringMatching(/^([0-9a-f]{4}:){7}[0-9a-f]{4}$/),
      }),
    ]);

    const check = await get(admin.token, '/api/audit/integritaet');
    expect(check.body.anker).toMatchObject({ position: signiert.body.position, passt: true, abweichungen: [] });

    const datei = await get(pruefer.token, `/api/audit/anker/${signiert.body.position.replace('/', '-')}`);
    expect(datei.status).toBe(200);
    expect(datei.headers.get('content-disposition')).toMatch(/^attachment; filename="anker-\d{4}-\d{2}-\d{2}-\d+-\d+\.json"$/);
    expect(datei.body.koepfe).toHaveLength(signiert.body.streams);
    expect(datei.body.signatur).toBe(signiert.body.signatur);
    expect((await get(pruefer.token, '/api/audit/anker/1-1')).status).toBe(404);
  });

  it('given an anchor, then the case report of a family is a German PDF that a real PDF reader opens, with the checkable evidence attached', async () => {
    const antwort = await fetch(`${app.baseUrl}/api/audit/bericht?familie=${familie.elternId}`, {
      headers: { authorization: `Bearer ${pruefer.token}` },
    });
    expect(antwort.status).toBe(200);
    expect(antwort.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await antwort.arrayBuffer());
    expect(antwort.headers.get('x-bericht-sha256')).toBe(createHash('sha256').update(bytes).digest('hex'));
    const beweisSha = antwort.headers.get('x-beweis-sha256')!;
    expect(beweisSha).toMatch(/^[0-9a-f]{64}$/);

    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const pdf = await getDocument({ data: bytes.slice(), useSystemFonts: false }).promise;
    let text = '';
    for (let i = 1; i <= pdf.numPages; i++) {
      const inhalt = await (await pdf.getPage(i)).getTextContent();
      text += `${inhalt.items.map((t) => ('str' in t ? t.str : '')).join(' ')}\n`;
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
    const { stdout } = await promisify(execFile)(process.execPath, [
      fileURLToPath(new URL('../../tools/beweis-pruefen.mjs', import.meta.url)),
      datei,
    ]);
    expect(stdout).toMatch(/^Beweis geprüft: \d+ Ereignisse gehören unverändert zum Log/);

    // The evidence file alone, as JSON Lines, for the standalone checker.
    const nurBeweis = await fetch(`${app.baseUrl}/api/audit/beweis?familie=${familie.elternId}`, {
      headers: { authorization: `Bearer ${pruefer.token}` },
    });
    expect(nurBeweis.status).toBe(200);
    const jsonl = Buffer.from(await nurBeweis.arrayBuffer());
    expect(nurBeweis.headers.get('x-beweis-sha256')).toBe(createHash('sha256').update(jsonl).digest('hex'));
    const beweisDatei = path.join(path.dirname(datei), 'nur-beweis.jsonl');
    writeFileSync(beweisDatei, jsonl);
    const geprueft = await promisify(execFile)(process.execPath, [
      fileURLToPath(new URL('../../tools/beweis-pruefen.mjs', import.meta.url)),
      beweisDatei,
    ]);
    expect(geprueft.stdout).toMatch(/^Beweis geprüft: /);

    expect((await get(pruefer.token, '/api/audit/bericht?familie=x&woche=2026-W51')).status).toBe(400);
    expect((await get(pruefer.token, '/api/audit/bericht?person=x')).body.message).toBe(
      'Bitte wählen Sie genau eines: tausch, familie oder woche.',
    );
    expect((await get(familie.token, `/api/audit/bericht?familie=${familie.elternId}`)).status).toBe(403);
  });

  it('given the log changed below the anchor by a superuser, then the check says the log no longer gives the signed root', async () => {
    const client = await app.db.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('ALTER TABLE events DISABLE TRIGGER USER');
      await client.query(
        `DELETE FROM events WHERE global_position = (SELECT max(global_position) FROM events WHERE stream_name LIKE 'eltern-%')`,
      );
      await client.query('ALTER TABLE events ENABLE TRIGGER USER');
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    const check = await get(pruefer.token, '/api/audit/integritaet');
    expect(check.body.anker.passt).toBe(false);
    expect(check.body.anker.abweichungen[0]).toMatch(/ergibt nicht die signierte Wurzel des Ankers/);
  });
});

describe('without a key for anchors', () => {
  let app: TestApp;
  const { call, remember } = apiClient(() => app.baseUrl);
  beforeAll(async () => {
    app = await startTestApp({ env: { AUDIT_ANKER_SCHLUESSEL: '', AUDIT_ANKER_SCHLUESSEL_FILE: '' } });
  }, 60_000);
  afterAll(() => app?.close());

  it('refuses to sign with a German message that names the setting', async () => {
    const admin = await app.angemeldeteFamilie('Leitung', PASSWORT, remember, undefined, ['ROLE_ADMIN']);
    const answer = await call(admin.token, 'POST', '/api/audit/anker');
    expect(answer.status).toBe(503);
    expect(answer.body.message).toContain('AUDIT_ANKER_SCHLUESSEL_FILE');
    // Without any anchor there is no evidence file to hand out.
    const beweis = await call(admin.token, 'GET', `/api/audit/beweis?familie=${admin.elternId}`);
    expect(beweis.status).toBe(409);
    expect(beweis.body.message).toBe(
      'Noch deckt kein Anker diese Ereignisse ab. Bitte signieren Sie unter „Integrität prüfen“ zuerst einen Anker.',
    );
  });
});
