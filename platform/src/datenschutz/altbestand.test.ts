import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrations.js';
import { withTransaction } from '../db/postgres.js';
import type { NewEvent } from '../event-store/event-store.js';
import { PostgresEventStore } from '../event-store/postgres-event-store.js';
import { verifyHashChain } from '../event-store/verify-hash-chain.js';
import { createTestDatabase } from '../testing/test-database.js';
import { alteKettePasst, MIGRATION_STREAM, type VersiegeltDaten, versiegleAltbestand } from './altbestand.js';
import { PersonendatenStore } from './personendaten-store.js';
import { SchluesselTresor, vernichteSchluessel } from './schluessel-tresor.js';

const fuchs = randomUUID();
const bauer = randomUUID();
const gruppe = randomUUID();
const event = (type: string, data: unknown): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: { actorId: null, correlationId: randomUUID(), causationId: null, occurredAt: '2025-09-01T08:00:00.000Z' },
});
const registriert = (elternId: string, nachname: string, nameKind: string) =>
  event('ElternRegistriert', {
    elternId,
    nachname,
    nameKind,
    email: `${nachname.toLowerCase()}@example.org`,
    gruppeId: gruppe,
    rollen: ['ROLE_ELTERN'],
  });

describe('migration 12: a log written before sealing is sealed in place, the chain computed anew and its old heads recorded', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  const vorher = new Map<string, unknown[]>();

  beforeAll(async () => {
    db = await createTestDatabase('waldkita_altbestand');
    // written as the previous version wrote: plain text, chained
    const alt = new PostgresEventStore(db.pool);
    await alt.appendToStream(`eltern-${fuchs}`, [registriert(fuchs, 'Fuchs', 'Mila')], 'no_stream');
    await alt.appendToStream(`eltern-${bauer}`, [registriert(bauer, 'Bauer', 'Jonas')], 'no_stream');
    await alt.appendToStream(
      `eltern-${fuchs}`,
      [event('AnteilGesetzt', { elternId: fuchs, anteil: 2, grund: 'Zwillinge Mila und Ida' })],
      0,
    );
    await alt.appendToStream(
      `dienstplan-${gruppe}`,
      [
        event('WasserdienstZugewiesen', { gruppeId: gruppe, wasserdienstId: randomUUID(), elternId: fuchs, jahr: 2025, kalenderwoche: 40 }),
        event('TauschAngeboten', {
          gruppeId: gruppe,
          tauschId: randomUUID(),
          wasserdienstId: randomUUID(),
          elternId: fuchs,
          jahr: 2025,
          kalenderwoche: 40,
          nachricht: 'Bitte melden unter 0171 5550199',
        }),
      ],
      'no_stream',
    );
    for (const name of [`eltern-${fuchs}`, `eltern-${bauer}`, `dienstplan-${gruppe}`])
      vorher.set(
        name,
        (await alt.readStream(name)).events.map((e) => e.data),
      );
    // the database as an older version left it: migration 12 not yet applied
    await db.pool.query('DELETE FROM schema_migrations WHERE id = 12');
    expect(await migrate(db.pool)).toBe(1);
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  });

  const migration = async () => {
    const { events } = await new PostgresEventStore(db.pool).readStream(MIGRATION_STREAM);
    expect(events.map((e) => e.type)).toEqual(['PersonendatenVersiegelt']);
    return events[0]!.data as VersiegeltDaten;
  };

  it('no plain name, e-mail, reason or message is left in the log, and every chain verifies', async () => {
    const { rows } = await db.pool.query<{ data: string }>('SELECT data::text FROM events');
    expect(rows.map((r) => r.data).join('\n')).not.toMatch(/Fuchs|Bauer|Mila|Jonas|example\.org|Zwillinge|0171 5550199/);
    const result = await verifyHashChain(db.pool);
    expect(result.brokenLinks, JSON.stringify(result.broken)).toBe(0);
    expect(result.checked).toBe(6);
  });

  it('read through the store, every event is what it was', async () => {
    const store = new PersonendatenStore(new PostgresEventStore(db.pool), new SchluesselTresor(db.pool));
    for (const [name, daten] of vorher) expect((await store.readStream(name)).events.map((e) => e.data)).toEqual(daten);
  });

  it('the log records each stream’s old head: with the keys, the old chain is recomputed and ends there', async () => {
    const daten = await migration();
    expect(daten.ereignisse).toBe(4);
    expect(daten.streams.map((s) => [s.streamName, s.versiegelt])).toEqual(
      [
        [`dienstplan-${gruppe}`, [1]],
        [`eltern-${bauer}`, [0]],
        [`eltern-${fuchs}`, [0, 1]],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    const store = new PersonendatenStore(new PostgresEventStore(db.pool), new SchluesselTresor(db.pool));
    for (const eintrag of daten.streams) {
      expect(eintrag.alterKopf).not.toBe(eintrag.neuerKopf);
      expect(alteKettePasst(eintrag, (await store.readStream(eintrag.streamName)).events)).toBe(true);
    }
  });

  it('running it again seals nothing and appends nothing', async () => {
    expect(await withTransaction(db.pool, (c) => versiegleAltbestand(c, db.pool))).toBeNull();
    await migration();
  });

  it("after a family's erasure, its old chain can no longer be recomputed — the others' still can, and the new chain verifies", async () => {
    await withTransaction(db.pool, (c) => vernichteSchluessel(c, fuchs));
    const store = new PersonendatenStore(new PostgresEventStore(db.pool), new SchluesselTresor(db.pool));
    const daten = await migration();
    const passt = async (name: string) =>
      alteKettePasst(daten.streams.find((s) => s.streamName === name)!, (await store.readStream(name)).events);
    expect(await passt(`eltern-${fuchs}`)).toBe(false);
    expect(await passt(`dienstplan-${gruppe}`)).toBe(false);
    expect(await passt(`eltern-${bauer}`)).toBe(true);
    expect((await verifyHashChain(db.pool)).brokenLinks).toBe(0);
  });
});
