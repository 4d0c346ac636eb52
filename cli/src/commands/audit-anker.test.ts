import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@waldkita/platform/config';
import { newEvent } from '@waldkita/platform/event-store/contract';
import { eventHash } from '@waldkita/platform/event-store/hash-chain';
import { PostgresEventStore } from '@waldkita/platform/event-store/postgres-event-store';
import { untilStable } from '@waldkita/platform/testing/stable-log';
import { createTestDatabase } from '@waldkita/platform/testing/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collector } from '../testing/sammler.js';
import { audit } from './audit.js';

/**
 * Anchors (docs/audit.md, "Anchors"): a superuser who forges an event and rewrites the rest of its
 * stream's chain and the `streams` row passes the plain hash-chain check, but not the check against
 * an anchor signed before.
 */
describe('npm run audit -- anchor / verify --anker', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let store: PostgresEventStore;
  const ordner = mkdtempSync(path.join(tmpdir(), 'waldkita-anker-'));
  const schluesselDatei = path.join(ordner, 'anker.pem');
  const ankerDatei = path.join(ordner, 'anker-1.json');
  const plan = `dienstplan-${randomUUID()}`;
  const eltern = `eltern-${randomUUID()}`;

  beforeAll(async () => {
    db = await createTestDatabase('waldkita_audit_anker');
    store = new PostgresEventStore(db.pool);
    await store.appendToStream(
      plan,
      [1, 2, 3, 4, 5].map((kalenderwoche) => newEvent('WasserdienstZugewiesen', { kalenderwoche, elternId: 'a' })),
      'no_stream',
    );
    await store.appendToStream(eltern, [newEvent('GruppeGewechselt', { gruppeId: 'g1' })], 'no_stream');
    // An anchor covers the log's stable prefix: another database's open transaction can hold it back a moment.
    await untilStable(store, 6);
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  const run = async (args: string[], env: Record<string, string> = {}) => {
    const stdout = collector();
    const stderr = collector();
    const config = loadConfig({ ...process.env, NODE_ENV: 'test', DATABASE_URL: db.databaseUrl, EVENT_STORE: 'postgres', ...env });
    const code = await audit(config, args, { stdout: stdout.stream, stderr: stderr.stream });
    return { code, stdout: stdout.text(), stderr: stderr.text() };
  };
  const mitSchluessel = { AUDIT_ANKER_SCHLUESSEL_FILE: schluesselDatei };

  it('without a key, refuses to sign and says how to make one', async () => {
    const result = await run(['anchor'], { AUDIT_ANKER_SCHLUESSEL_FILE: '', AUDIT_ANKER_SCHLUESSEL: '' });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Kein Schlüssel für Anker: AUDIT_ANKER_SCHLUESSEL_FILE');
  });

  it('makes a key pair whose private half only its owner can read, and never overwrites one', async () => {
    const result = await run(['schluessel', schluesselDatei]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Fingerabdruck \/ fingerprint: ([0-9a-f]{4}:){7}[0-9a-f]{4}/);
    expect(statSync(schluesselDatei).mode & 0o777).toBe(0o600);
    expect(readFileSync(`${schluesselDatei}.pub`, 'utf8')).toContain('BEGIN PUBLIC KEY');
    expect((await run(['schluessel', schluesselDatei])).code).toBe(1);
  });

  it('signs an anchor over the log, records it in the log, and the untouched log matches it', async () => {
    const result = await run(['anchor', '--ausgabe', ankerDatei], mitSchluessel);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('Anker signiert: 6 Ereignisse in 2 Streams');
    const anker = JSON.parse(readFileSync(ankerDatei, 'utf8'));
    expect(anker).toMatchObject({ format: 'waldkita-anker/1', streams: 2, ereignisse: 6 });
    expect(anker.koepfe.map((k: { stream: string }) => k.stream).sort()).toEqual([plan, eltern].sort());
    const aufgezeichnet = await store.readStream('audit-anker');
    expect(aufgezeichnet.events.map((e) => [e.type, (e.data as { wurzel: string }).wurzel])).toEqual([['AnkerErstellt', anker.wurzel]]);

    // Later events (among them the anchor's own record) are not covered and do not disturb it.
    await store.appendToStream(plan, [newEvent('WasserdienstZugewiesen', { kalenderwoche: 6, elternId: 'b' })], 4);
    const geprueft = await run(['verify', '--anker', ankerDatei, '--schluessel', `${schluesselDatei}.pub`]);
    expect(geprueft.stdout).toContain('(der erwartete): das Log enthält genau, was der Anker abdeckt (6 Ereignisse, 2 Streams).');
    expect(geprueft.code).toBe(0);
  });

  it('given an event forged and its chain and streams row rewritten, then plain verify passes but verify --anker names the stream', async () => {
    // What a database superuser could do: change revision 2, then recompute every later hash.
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('ALTER TABLE events DISABLE TRIGGER USER');
      const { rows } = await client.query<{
        event_id: string;
        stream_revision: string;
        event_type: string;
        data: unknown;
        metadata: Record<string, unknown>;
      }>('SELECT event_id, stream_revision, event_type, data, metadata FROM events WHERE stream_name = $1 ORDER BY stream_revision', [
        plan,
      ]);
      let vorher = String(rows[1]!.metadata.hash);
      for (const row of rows.slice(2)) {
        const data = Number(row.stream_revision) === 2 ? { kalenderwoche: 3, elternId: 'gefaelscht' } : row.data;
        const { hash: _h, vorherigerHash: _v, ...rest } = row.metadata;
        const hash = eventHash(vorher, {
          streamName: plan,
          revision: Number(row.stream_revision),
          id: row.event_id,
          type: row.event_type,
          data,
          metadata: rest,
        });
        await client.query('UPDATE events SET data = $1, metadata = $2 WHERE event_id = $3', [
          JSON.stringify(data),
          JSON.stringify({ ...rest, vorherigerHash: vorher, hash }),
          row.event_id,
        ]);
        vorher = hash;
      }
      await client.query('UPDATE streams SET last_hash = $1 WHERE stream_name = $2', [vorher, plan]);
      await client.query('ALTER TABLE events ENABLE TRIGGER USER');
      await client.query('COMMIT');
    } finally {
      client.release();
    }

    const einfach = await run(['verify']);
    expect(einfach.stdout).toContain('Hash-Kette intakt');
    expect(einfach.code).toBe(0);

    const gegenAnker = await run(['verify', '--anker', ankerDatei]);
    expect(gegenAnker.code).toBe(1);
    expect(gegenAnker.stdout).toContain('das Log weicht vom Anker ab. / The log does not match the anchor.');
    expect(gegenAnker.stdout).toMatch(new RegExp(`Abweichung: Stream ${plan}: Kopf bei Revision 4 verändert`));
  });

  it('refuses an anchor whose signature was changed, or signed by another key than the one kept', async () => {
    const anker = JSON.parse(readFileSync(ankerDatei, 'utf8'));
    const signatur = Buffer.from(anker.signatur, 'base64');
    signatur[10] = (signatur[10] ?? 0) ^ 0xff;
    const veraendert = path.join(ordner, 'veraendert.json');
    writeFileSync(veraendert, JSON.stringify({ ...anker, signatur: signatur.toString('base64') }));
    const result = await run(['verify', '--anker', veraendert]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('Abweichung: Die Signatur des Ankers stimmt nicht');

    const anderer = path.join(ordner, 'anderer.pem');
    await run(['schluessel', anderer]);
    const fremd = await run(['verify', '--anker', ankerDatei, '--schluessel', `${anderer}.pub`]);
    expect(fremd.code).toBe(1);
    expect(fremd.stdout).toContain('Abweichung: Der Anker ist mit einem anderen Schlüssel signiert');
  });

  it('explains its usage for unknown words and flags', async () => {
    for (const args of [['anchor', '--anker', 'x'], ['verify', '--schluessel', 'x'], ['schluessel'], ['verify', '--schnell']]) {
      const result = await run(args);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('usage: npm run audit -- verify [--anker <file>');
    }
  });
});
