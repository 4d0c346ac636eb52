import { randomUUID } from 'node:crypto';
import { loadConfig } from '@waldkita/platform/config';
import { newEvent } from '@waldkita/platform/event-store/contract';
import { PostgresEventStore } from '@waldkita/platform/event-store/postgres-event-store';
import { createTestDatabase } from '@waldkita/platform/testing/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collector } from '../testing/sammler.js';
import { audit, summary } from './audit.js';
import { AUDIT_USAGE } from './usage.js';

describe('npm run audit -- verify', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let store: PostgresEventStore;
  const plan = `dienstplan-${randomUUID()}`;
  beforeAll(async () => {
    db = await createTestDatabase('waldkita_audit_cli');
    store = new PostgresEventStore(db.pool);
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  const run = async (args: string[]) => {
    const stdout = collector();
    const stderr = collector();
    const config = loadConfig({ ...process.env, NODE_ENV: 'test', DATABASE_URL: db.databaseUrl, EVENT_STORE: 'postgres' });
    const code = await audit(config, args, { stdout: stdout.stream, stderr: stderr.stream });
    return { code, stdout: stdout.text(), stderr: stderr.text() };
  };

  it('explains its usage when the subcommand is missing or unknown', async () => {
    for (const args of [[], ['pruefen'], ['verify', '--schnell']]) {
      const result = await run(args);
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(`${AUDIT_USAGE}\n`);
    }
  });

  it('reports an intact log with exit code 0, events and streams counted', async () => {
    await store.appendToStream(
      plan,
      [1, 2, 3, 4].map((kalenderwoche) => newEvent('WasserdienstZugewiesen', { kalenderwoche })),
      'no_stream',
    );
    const elternId = randomUUID();
    await store.appendToStream(
      `eltern-${elternId}`,
      [newEvent('ElternRegistriert', { elternId, nachname: 'Fuchs', email: 'fuchs@example.org' })],
      'no_stream',
    );
    await db.pool.query('INSERT INTO credentials (eltern_id, email) VALUES ($1, $2)', [elternId, 'fuchs@example.org']);
    const result = await run(['verify']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^Hash-Kette intakt: 5 Ereignisse in 2 Streams geprüft \([\d.]+ s, \d+ Ereignisse\/s\)\. \/ Hash chain intact: 5 events in 2 streams checked\.\n/,
    );
    expect(result.stdout).toContain(
      'Tabellen neben dem Log (Zugänge, Passwort-Links, Gruppennamen, Schlüssel der Familien) stimmen mit dem Log überein.',
    );
    expect(result.stderr).toContain('audit verify |');
    expect(result.stderr).toContain('5/5 Ereignisse');
  });

  it('exits with 1 and names the changed event', async () => {
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('ALTER TABLE events DISABLE TRIGGER USER');
      await client.query(`UPDATE events SET data = '{"kalenderwoche": 9}' WHERE stream_name = $1 AND stream_revision = 3`, [plan]);
      await client.query('ALTER TABLE events ENABLE TRIGGER USER');
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    const changed = (await store.readStream(plan)).events[3]!;
    const result = await run(['verify']);
    expect(result.code).toBe(1);
    expect(result.stdout.split('\n')).toEqual([
      expect.stringMatching(
        /^Hash-Kette verändert: 5 Ereignisse in 2 Streams geprüft .*, 1 Bruchstelle\. \/ Hash chain altered: .*1 broken link\.$/,
      ),
      `Verändert: Stream ${plan}, Revision 3, Ereignis ${changed.id}: Hash stimmt nicht`,
      `Position im Log / log position: ${changed.position.commit}/${changed.position.prepare}`,
      expect.stringContaining('Tabellen neben dem Log (Zugänge, Passwort-Links, Gruppennamen, Schlüssel der Familien) stimmen'),
      '',
    ]);
  });

  it('exits with 1 and names the rows beside the log that no event backs, as a crash of an older version left them', async () => {
    const waise = randomUUID();
    const gruppe = randomUUID();
    await db.pool.query('INSERT INTO credentials (eltern_id, email) VALUES ($1, $2)', [waise, 'waise@example.org']);
    await db.pool.query('INSERT INTO gruppen_namen (name_key, gruppe_id) VALUES ($1, $2)', ['dachse', gruppe]);
    const result = await run(['verify']);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('Tabellen neben dem Log: 2 Abweichungen. / Side tables: 2 inconsistencies.');
    expect(result.stdout).toContain(`Ohne Ereignis (credentials): Zugang waise@example.org (${waise}): keine Registrierung im Log`);
    expect(result.stdout).toContain(`Ohne Ereignis (gruppen_namen): Gruppenname „dachse“ (${gruppe}): keine Gruppe im Log`);
  });

  it('tells how many events predate the chain, and names a stream whose events are all gone without an event id', () => {
    const intact = { checked: 12, streams: 3, unhashed: 5, unsealed: 2, brokenLinks: 0, broken: null };
    expect(summary(intact, 0.5, 'postgres')).toEqual([
      'Hash-Kette intakt: 12 Ereignisse in 3 Streams geprüft (0.50 s, 24 Ereignisse/s). / Hash chain intact: 12 events in 3 streams checked.',
      'Vor der Hash-Kette: 5 Ereignisse, davon 2 nicht geschützt (ihr Stream wurde seitdem nicht fortgeschrieben). / Before the hash chain: 5 events, 2 of them not protected yet.',
    ]);
    const emptied = {
      ...intact,
      unhashed: 0,
      brokenLinks: 2,
      broken: { streamName: 'eltern-1', revision: 0, eventId: '', position: '', reason: 'alle Ereignisse fehlen (gelöscht; …)' },
    };
    expect(summary(emptied, 0.5, 'postgres').slice(1)).toEqual([
      'Verändert: Stream eltern-1, Revision 0: alle Ereignisse fehlen (gelöscht; …)',
    ]);
    expect(summary(emptied, 0.5, 'postgres')[0]).toContain('2 Bruchstellen, die früheste');
  });
});
