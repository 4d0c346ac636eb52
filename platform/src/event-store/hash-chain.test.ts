import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-database.js';
import { newEvent } from './contract.js';
import { formatPosition, type RecordedEvent } from './event-store.js';
import { canonicalJson, chainHead, eventHash, GENESIS_HASH } from './hash-chain.js';
import { PostgresEventStore } from './postgres-event-store.js';
import { verifyEventStoreHashChain, verifyHashChain } from './verify-hash-chain.js';

type Log = { db: Awaited<ReturnType<typeof createTestDatabase>>; store: PostgresEventStore };

/** Each test changes history in its own way, so each gets a fresh database of its own. */
const opened: Log[] = [];
async function freshLog(): Promise<Log> {
  const db = await createTestDatabase('waldkita_hash');
  const log = { db, store: new PostgresEventStore(db.pool) };
  opened.push(log);
  return log;
}
afterEach(async () => {
  for (const { db, store } of opened.splice(0)) {
    await store.close();
    await db.drop();
  }
});

/**
 * What someone with superuser rights can do behind the app's back: run SQL with the append-only
 * triggers switched off for one transaction.
 */
async function tamper({ db }: Log, sql: string, params: unknown[] = []) {
  const client = await db.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL session_replication_role = replica');
    await client.query(sql, params);
    await client.query('COMMIT');
  } finally {
    client.release();
  }
}

/** A small kindergarten's log: a plan with a few duties and a swap, two families, the calendar. */
async function writeLog({ store }: Log) {
  const plan = `dienstplan-${randomUUID()}`;
  const familieA = `eltern-${randomUUID()}`;
  const familieB = `eltern-${randomUUID()}`;
  await store.appendToStream(familieA, [newEvent('ElternRegistriert', { nachname: 'Fuchs', nameKind: 'Mila' })], 'no_stream');
  await store.appendToStream(familieB, [newEvent('ElternRegistriert', { nachname: 'Dachs', nameKind: 'Jonas' })], 'no_stream');
  await store.appendToStream(
    plan,
    [1, 2, 3, 4].map((kalenderwoche) => newEvent('WasserdienstZugewiesen', { jahr: 2026, kalenderwoche, familie: 'Fuchs' })),
    'no_stream',
  );
  await store.appendToStream(plan, [newEvent('TauschAngeboten', { kalenderwoche: 3 })], 3);
  await store.appendToStream(plan, [newEvent('TauschAngenommen', { kalenderwoche: 3, von: 'Dachs' })], 4);
  await store.appendToStream('kalender', [newEvent('SchliesswocheAngelegt', { jahr: 2026, kalenderwoche: 33 })], 'no_stream');
  await store.appendToStream(familieA, [newEvent('PasswortGesetzt', { grund: 'willkommen' })], 0);
  const read = async (stream: string) => (await store.readStream(stream)).events;
  return { plan, familieA, familieB, read, total: 10 };
}

const linkOf = (event: RecordedEvent, reason: string | RegExp) => ({
  streamName: event.streamName,
  revision: event.revision,
  eventId: event.id,
  position: formatPosition(event.position),
  reason: typeof reason === 'string' ? reason : expect.stringMatching(reason),
});

describe('hash chain of the Postgres event log', () => {
  it('passes an intact log written by concurrent appends to several streams, in small pages as in large ones', async () => {
    const log = await freshLog();
    const streams = Array.from({ length: 5 }, (_, s) => `dienstplan-${s}-${randomUUID()}`);
    await Promise.all(
      streams.flatMap((stream, s) =>
        Array.from({ length: 8 }, (_, i) => log.store.appendToStream(stream, [newEvent('WasserdienstZugewiesen', { s, i })], 'any')),
      ),
    );
    for (const stream of streams) {
      const { events } = await log.store.readStream(stream);
      expect(events.map((e) => e.revision)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      expect(events[0]!.metadata.vorherigerHash).toBe(GENESIS_HASH);
      for (let i = 1; i < 8; i++) expect(events[i]!.metadata.vorherigerHash).toBe(events[i - 1]!.metadata.hash);
      // The streams table keeps the head, so the next append needs no read of the stream.
      const head = await log.db.pool.query('SELECT last_hash FROM streams WHERE stream_name = $1', [stream]);
      expect(head.rows[0].last_hash).toBe(events[7]!.metadata.hash);
    }

    const intact = { checked: 40, streams: 5, unhashed: 0, unsealed: 0, brokenLinks: 0, broken: null };
    expect(await verifyHashChain(log.db.pool)).toEqual(intact);
    const progress: { checked: number; total: number }[] = [];
    expect(await verifyHashChain(log.db.pool, { batchSize: 3, onProgress: (p) => progress.push(p) })).toEqual(intact);
    expect(progress).toHaveLength(14);
    expect(progress.at(-1)).toEqual({ checked: 40, total: 40 });
  });

  it('finds an event whose data was changed in the database and names exactly that stream, revision and event', async () => {
    const log = await freshLog();
    const { plan, read, total } = await writeLog(log);
    expect((await verifyHashChain(log.db.pool)).broken).toBeNull();

    await tamper(log, `UPDATE events SET data = jsonb_set(data, '{familie}', '"Dachs"') WHERE stream_name = $1 AND stream_revision = 2`, [
      plan,
    ]);

    const result = await verifyHashChain(log.db.pool);
    const changed = (await read(plan))[2]!;
    expect(changed.data).toEqual({ jahr: 2026, kalenderwoche: 3, familie: 'Dachs' });
    expect(result).toEqual({
      checked: total,
      streams: 4,
      unhashed: 0,
      unsealed: 0,
      brokenLinks: 1,
      broken: linkOf(changed, 'Hash stimmt nicht'),
    });
  });

  it('finds a changed actor in the metadata', async () => {
    const log = await freshLog();
    const { familieA, read } = await writeLog(log);
    await tamper(
      log,
      `UPDATE events SET metadata = jsonb_set(metadata, '{actorId}', to_jsonb($2::text)) WHERE stream_name = $1 AND stream_revision = 1`,
      [familieA, randomUUID()],
    );
    const changed = (await read(familieA))[1]!;
    expect((await verifyHashChain(log.db.pool)).broken).toEqual(linkOf(changed, 'Hash stimmt nicht'));
  });

  it('finds a deleted event as a gap in the revisions', async () => {
    const log = await freshLog();
    const { plan, read } = await writeLog(log);
    await tamper(log, 'DELETE FROM events WHERE stream_name = $1 AND stream_revision = 2', [plan]);
    const after = (await read(plan)).find((e) => e.revision === 3)!;
    const result = await verifyHashChain(log.db.pool);
    expect(result.broken).toEqual(linkOf(after, 'Revision 2 fehlt (gelöscht)'));
    expect(result.brokenLinks).toBe(1);
  });

  it('finds a deleted last event, and a stream whose events are all gone, through the streams table', async () => {
    const log = await freshLog();
    const { plan, familieB, read } = await writeLog(log);
    await tamper(log, 'DELETE FROM events WHERE stream_name = $1 AND stream_revision = 5', [plan]);
    const last = (await read(plan)).at(-1)!;
    expect(last.revision).toBe(4);
    expect((await verifyHashChain(log.db.pool)).broken).toEqual(linkOf(last, 'Revision 5 am Ende des Streams fehlt (gelöscht)'));

    await tamper(log, 'DELETE FROM events WHERE stream_name = $1', [familieB]);
    const result = await verifyHashChain(log.db.pool);
    expect(result.brokenLinks).toBe(2);
    expect(result.broken!.streamName).toBe(plan); // the one with an event left to place in time comes first

    await tamper(log, 'DELETE FROM events WHERE stream_name = $1', [plan]);
    expect((await verifyHashChain(log.db.pool)).broken).toEqual({
      streamName: expect.stringMatching(/^(dienstplan|eltern)-/),
      revision: 0,
      eventId: '',
      position: '',
      reason: expect.stringMatching(/^alle Ereignisse fehlen/),
    });
  });

  it('finds an event rewritten together with a fresh hash by the link of the event after it', async () => {
    const log = await freshLog();
    const { plan, read } = await writeLog(log);
    // A careful forger recomputes the changed event's hash ...
    const original = (await read(plan))[1]!;
    const forged = { ...original, data: { jahr: 2026, kalenderwoche: 2, familie: 'Dachs' } };
    const metadata = { ...original.metadata, hash: eventHash(original.metadata.vorherigerHash!, forged) };
    await tamper(log, 'UPDATE events SET data = $2, metadata = $3 WHERE event_id = $1', [original.id, forged.data, metadata]);
    // ... which then no longer matches what the next event links to.
    const next = (await read(plan))[2]!;
    expect((await verifyHashChain(log.db.pool)).broken).toEqual(linkOf(next, 'vorherigerHash passt nicht zum Hash von Revision 1'));
  });

  it('finds a forged last event through the head hash kept in the streams table', async () => {
    const log = await freshLog();
    const { familieA, read } = await writeLog(log);
    const original = (await read(familieA))[1]!;
    const forged = { ...original, data: { grund: 'zuruecksetzen' } };
    const metadata = { ...original.metadata, hash: eventHash(original.metadata.vorherigerHash!, forged) };
    await tamper(log, 'UPDATE events SET data = $2, metadata = $3 WHERE event_id = $1', [original.id, forged.data, metadata]);
    expect((await verifyHashChain(log.db.pool)).broken).toEqual(
      linkOf((await read(familieA))[1]!, 'Hash passt nicht zum Stream-Kopf in der Tabelle streams'),
    );
  });

  it('finds an event whose hash was removed after the chain started', async () => {
    const log = await freshLog();
    const { familieB, read } = await writeLog(log);
    await tamper(
      log,
      `UPDATE events SET metadata = metadata - 'hash' - 'vorherigerHash', data = '{"nachname":"Marder"}' WHERE stream_name = $1`,
      [familieB],
    );
    expect((await verifyHashChain(log.db.pool)).broken).toEqual(linkOf((await read(familieB))[0]!, 'Hash fehlt'));
  });

  it('names the earliest of several changed places in global order', async () => {
    const log = await freshLog();
    const early = `zz-frueh-${randomUUID()}`;
    const late = `aa-spaet-${randomUUID()}`;
    await log.store.appendToStream(early, [newEvent('A'), newEvent('B')], 'no_stream');
    await log.store.appendToStream(late, [newEvent('A'), newEvent('B')], 'no_stream');
    // Changed in the opposite order; the stream read first (by name) is the later one in time.
    await tamper(log, `UPDATE events SET data = '{"x":1}' WHERE stream_name = $1 AND stream_revision = 0`, [late]);
    await tamper(log, `UPDATE events SET data = '{"x":1}' WHERE stream_name = $1 AND stream_revision = 1`, [early]);
    const result = await verifyHashChain(log.db.pool, { batchSize: 1 });
    expect(result.brokenLinks).toBe(2);
    expect(result.broken).toEqual(linkOf((await log.store.readStream(early)).events[1]!, 'Hash stimmt nicht'));
  });

  it('keeps the log append-only for the app: updating, deleting or truncating events is refused, and the log still verifies', async () => {
    const log = await freshLog();
    const { plan, total } = await writeLog(log);
    await expect(log.db.pool.query(`UPDATE events SET metadata = metadata - 'hash' WHERE stream_name = $1`, [plan])).rejects.toThrow(
      /append-only/,
    );
    await expect(log.db.pool.query('DELETE FROM events WHERE stream_name = $1 AND stream_revision = 0', [plan])).rejects.toThrow(
      /append-only/,
    );
    await expect(log.db.pool.query('TRUNCATE events')).rejects.toThrow(/append-only/);
    await expect(log.db.pool.query('UPDATE hash_chain_start SET legacy_until_position = 1000000')).rejects.toThrow(/is fixed/);
    expect(await verifyHashChain(log.db.pool)).toMatchObject({ checked: total, brokenLinks: 0, broken: null });
  });

  it('counts events from before the chain as unprotected until the next append to their stream seals them', async () => {
    const log = await freshLog();
    // A database that already held events when migration 6 ran: rows without hashes, streams
    // without a head hash, and the chain's start at the last of them.
    const alt = `eltern-${randomUUID()}`;
    const ruhig = `eltern-${randomUUID()}`;
    const legacy = (stream: string, revision: number, data: unknown) => {
      const e = newEvent(revision === 0 ? 'ElternRegistriert' : 'RollenGeaendert', data);
      return log.db.pool.query(
        'INSERT INTO events (event_id, stream_name, stream_revision, event_type, data, metadata) VALUES ($1, $2, $3, $4, $5, $6)',
        [e.id, stream, revision, e.type, e.data, e.metadata],
      );
    };
    for (let r = 0; r < 3; r++) await legacy(alt, r, { nachname: 'Igel', r });
    for (let r = 0; r < 2; r++) await legacy(ruhig, r, { nachname: 'Maus', r });
    await log.db.pool.query('INSERT INTO streams (stream_name, revision) VALUES ($1, 2), ($2, 1)', [alt, ruhig]);
    await tamper(log, 'UPDATE hash_chain_start SET legacy_until_position = (SELECT max(global_position) FROM events)');

    expect(await verifyHashChain(log.db.pool)).toEqual({ checked: 5, streams: 2, unhashed: 5, unsealed: 5, brokenLinks: 0, broken: null });

    // The first append since then links to the chain computed over the old events: it seals them.
    const sealedBefore = chainHead((await log.store.readStream(alt)).events);
    await log.store.appendToStream(alt, [newEvent('PasswortGesetzt')], 2);
    const sealing = (await log.store.readStream(alt)).events[3]!;
    expect(sealing.metadata.vorherigerHash).toBe(sealedBefore);
    expect(sealing.metadata.vorherigerHash).not.toBe(GENESIS_HASH);
    expect(await verifyHashChain(log.db.pool)).toEqual({ checked: 6, streams: 2, unhashed: 5, unsealed: 2, brokenLinks: 0, broken: null });

    // A later change to a sealed old event breaks the seal.
    await tamper(log, `UPDATE events SET data = '{"nachname":"Wiesel","r":1}' WHERE stream_name = $1 AND stream_revision = 1`, [alt]);
    expect((await verifyHashChain(log.db.pool)).broken).toEqual(
      linkOf(sealing, 'vorherigerHash passt nicht zu den Ereignissen vor der Hash-Kette (Revision 0–2 verändert)'),
    );
  });

  it('verifies through the event store port as well (the way used for EventStoreDB)', async () => {
    const log = await freshLog();
    const { plan, read, total } = await writeLog(log);
    // readAll shows an event once no older transaction on the server still runs: wait for all.
    await expect.poll(async () => (await verifyEventStoreHashChain(log.store)).checked, { timeout: 10_000 }).toBe(total);
    expect(await verifyEventStoreHashChain(log.store, { batchSize: 4 })).toEqual({
      checked: total,
      streams: 4,
      unhashed: 0,
      unsealed: 0,
      brokenLinks: 0,
      broken: null,
    });
    await tamper(log, `UPDATE events SET data = '{}' WHERE stream_name = $1 AND stream_revision = 4`, [plan]);
    expect((await verifyEventStoreHashChain(log.store)).broken).toEqual(linkOf((await read(plan))[4]!, 'Hash stimmt nicht'));
  });
});

/** Reference: sort keys in a deep copy, then let JSON.stringify write it. */
const sortedCopy = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(sortedCopy);
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort())
    Object.defineProperty(copy, key, { value: sortedCopy((value as Record<string, unknown>)[key]), enumerable: true });
  return copy;
};

/** JSON values Postgres jsonb accepts (no NUL character in strings). */
const withoutNul = (value: unknown): unknown => {
  if (typeof value === 'string') return value.replaceAll('\0', '');
  if (Array.isArray(value)) return value.map(withoutNul);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, member]) => [key.replaceAll('\0', ''), withoutNul(member)]));
};
const jsonbValue = fc.jsonValue({ stringUnit: 'grapheme' }).map(withoutNul);

describe('canonical JSON of the hash', () => {
  it('is JSON.stringify of the value with its keys sorted, and the same after a JSON round trip', () => {
    fc.assert(
      fc.property(jsonbValue, (value) => {
        expect(canonicalJson(value)).toBe(JSON.stringify(sortedCopy(value)));
        expect(canonicalJson(JSON.parse(JSON.stringify(value)))).toBe(canonicalJson(value));
      }),
      { numRuns: 500 },
    );
    expect(canonicalJson({ b: [1, undefined, () => 1], a: { d: new Date(0), c: undefined }, é: -0, z: Number.NaN })).toBe(
      '{"a":{"d":"1970-01-01T00:00:00.000Z"},"b":[1,null,null],"z":null,"é":0}',
    );
  });

  it('recomputes after the data went through Postgres jsonb, whatever the data', async () => {
    const log = await freshLog();
    const stream = `eigenschaften-${randomUUID()}`;
    let revision = -1;
    await fc.assert(
      fc.asyncProperty(jsonbValue, jsonbValue, async (data, extra) => {
        const event = newEvent('Beliebig', data);
        const metadata = { ...event.metadata, extra };
        await log.store.appendToStream(stream, [{ ...event, metadata }], revision < 0 ? 'no_stream' : revision);
        revision++;
        const stored = (await log.store.readStream(stream)).events.at(-1)!;
        expect(eventHash(stored.metadata.vorherigerHash!, stored)).toBe(stored.metadata.hash);
      }),
      { numRuns: 60 },
    );
    expect(await verifyHashChain(log.db.pool)).toMatchObject({ checked: 60, brokenLinks: 0, broken: null });
  });
});
