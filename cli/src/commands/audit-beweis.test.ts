import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { loadConfig } from '@waldkita/platform/config';
import { newEvent } from '@waldkita/platform/event-store/contract';
import { PostgresEventStore } from '@waldkita/platform/event-store/postgres-event-store';
import { untilStable } from '@waldkita/platform/testing/stable-log';
import { createTestDatabase } from '@waldkita/platform/testing/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collector } from '../testing/sammler.js';
import { audit } from './audit.js';

const PRUEFER = fileURLToPath(new URL('../../../tools/beweis-pruefen.mjs', import.meta.url));

/** Runs the standalone checker as an auditor would: a separate Node process, nothing of this code base loaded. */
async function pruefe(datei: string, ...args: string[]) {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [PRUEFER, datei, ...args]);
    return { code: 0, stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string };
    return { code: e.code, stdout: e.stdout };
  }
}

describe('evidence files: npm run audit -- export, checked by tools/beweis-pruefen.mjs', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let store: PostgresEventStore;
  const ordner = mkdtempSync(path.join(tmpdir(), 'waldkita-beweis-'));
  const schluessel = path.join(ordner, 'anker.pem');
  const ankerDatei = path.join(ordner, 'anker.json');
  const fuchs = randomUUID();
  const dachs = randomUUID();
  const plan = `dienstplan-${randomUUID()}`;
  let datei = '';

  const run = async (args: string[]) => {
    const stdout = collector();
    const stderr = collector();
    const config = loadConfig({
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: db.databaseUrl,
      EVENT_STORE: 'postgres',
      AUDIT_ANKER_SCHLUESSEL_FILE: args[0] === 'schluessel' ? '' : schluessel,
    });
    const code = await audit(config, args, { stdout: stdout.stream, stderr: stderr.stream });
    return { code, stdout: stdout.text(), stderr: stderr.text() };
  };

  beforeAll(async () => {
    db = await createTestDatabase('waldkita_audit_beweis');
    store = new PostgresEventStore(db.pool);
    // A group's plan with both families' weeks and a swap between them, and each family's own stream.
    await store.appendToStream(
      plan,
      [
        newEvent('WasserdienstZugewiesen', { kalenderwoche: 10, elternId: fuchs }),
        newEvent('WasserdienstZugewiesen', { kalenderwoche: 11, elternId: dachs }),
        newEvent('WasserdienstZugewiesen', { kalenderwoche: 12, elternId: dachs }),
        newEvent('TauschAngeboten', { kalenderwoche: 10, elternId: fuchs, nachricht: 'Bin im Urlaub' }),
        newEvent('WasserdienstZugewiesen', { kalenderwoche: 13, elternId: dachs }),
      ],
      'no_stream',
    );
    await store.appendToStream(`eltern-${fuchs}`, [newEvent('SpracheGewaehlt', { elternId: fuchs, sprache: 'tr' })], 'no_stream');
    await store.appendToStream(`eltern-${dachs}`, [newEvent('SpracheGewaehlt', { elternId: dachs, sprache: 'pl' })], 'no_stream');
    // The anchor covers the log's stable prefix: another database's open transaction can hold it back a moment.
    await untilStable(store, 7);
    expect((await run(['schluessel', schluessel])).code).toBe(0);
    expect((await run(['anchor', '--ausgabe', ankerDatei])).code).toBe(0);
    datei = path.join(ordner, 'fuchs.jsonl');
    const exportiert = await run(['export', '--anker', ankerDatei, '--familie', fuchs, '--ausgabe', datei]);
    expect(exportiert.stderr).toMatch(/^Beweisdatei geschrieben: .*, 3 Ereignisse, SHA-256 [0-9a-f]{64}\./);
    expect(exportiert.code).toBe(0);
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  const zeilen = () => readFileSync(datei, 'utf8').trimEnd().split('\n');
  const variante = (name: string, lines: string[]) => {
    const ziel = path.join(ordner, name);
    writeFileSync(ziel, `${lines.join('\n')}\n`);
    return ziel;
  };

  it('given one family’s export, then it holds that family’s events in full and the others only as links to the signed head', async () => {
    const [kopf, ...rest] = zeilen().map((z) => JSON.parse(z));
    expect(kopf).toMatchObject({ art: 'anker', format: 'waldkita-beweis/1', ereignisse: 3, auswahl: { id: fuchs } });
    // Streams in name order (UTF-8 bytes), each from revision 0 to its head at the anchor.
    expect(rest.map((z) => [z.streamName === plan ? 'plan' : z.streamName, z.revision, z.art])).toEqual([
      ['plan', 0, 'ereignis'],
      ['plan', 1, 'glied'],
      ['plan', 2, 'glied'],
      ['plan', 3, 'ereignis'],
      ['plan', 4, 'glied'],
      [`eltern-${fuchs}`, 0, 'ereignis'],
    ]);
    expect(rest.find((z) => z.type === 'TauschAngeboten').metadata.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('given the untouched file, then the standalone checker accepts it, also against the key the auditor keeps', async () => {
    const ohne = await pruefe(datei);
    expect(ohne.stdout).toMatch(/^Beweis geprüft: 3 Ereignisse gehören unverändert zum Log/);
    expect(ohne.code).toBe(0);
    const mit = await pruefe(datei, '--schluessel', `${schluessel}.pub`);
    expect(mit.stdout).toContain('(der erwartete)');
    expect(mit.code).toBe(0);
  });

  it('given a changed field, then the checker names the line and the event', async () => {
    const lines = zeilen();
    const i = lines.findIndex((z) => z.includes('Bin im Urlaub'));
    lines[i] = lines[i]!.replace('Bin im Urlaub', 'Bin krank');
    const result = await pruefe(variante('geaendert.jsonl', lines));
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`Abweichung: Zeile ${i + 1}: Stream ${plan}, Revision 3: der Hash passt nicht zum Inhalt (verändert).`);
  });

  it('given a removed event, then the checker finds the gap', async () => {
    const lines = zeilen();
    const i = lines.findIndex((z) => z.includes('TauschAngeboten'));
    lines.splice(i, 1);
    const result = await pruefe(variante('entfernt.jsonl', lines));
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`Stream ${plan}, Revision 4 statt 3 (fehlt eine Zeile oder ist die Reihenfolge vertauscht?)`);
  });

  it('given a reordered pair, then the checker refuses the order', async () => {
    const lines = zeilen();
    const i = lines.findIndex((z) => z.includes('"revision":1'));
    [lines[i], lines[i + 1]] = [lines[i + 1]!, lines[i]!];
    const result = await pruefe(variante('vertauscht.jsonl', lines));
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`Stream ${plan}, Revision 2 statt 1`);
  });

  it('given a changed anchor signature, then the checker refuses the anchor', async () => {
    const [kopfText, ...rest] = zeilen();
    const kopf = JSON.parse(kopfText!);
    const signatur = Buffer.from(kopf.anker.signatur, 'base64');
    signatur[5] = (signatur[5] ?? 0) ^ 0x01;
    kopf.anker.signatur = signatur.toString('base64');
    const result = await pruefe(variante('signatur.jsonl', [JSON.stringify(kopf), ...rest]));
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('Abweichung: Anker: die Signatur stimmt nicht.');
  });

  it('given an event added to the selection that the log never had, then it does not link to the head', async () => {
    const lines = zeilen();
    const letzte = JSON.parse(lines[lines.length - 1]!);
    lines.push(JSON.stringify({ ...letzte, revision: letzte.revision + 1, vorherigerHash: letzte.hash, hash: 'f'.repeat(64) }));
    const result = await pruefe(variante('angehaengt.jsonl', lines));
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`Stream eltern-${fuchs}: endet nicht beim Kopf des Ankers (Revision 0).`);
  });
});
