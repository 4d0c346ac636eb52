import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { EventMetadata, RecordedEvent } from '../event-store/event-store.js';
import { eventHash, GENESIS_HASH } from '../event-store/hash-chain.js';
import { PostgresEventStore } from '../event-store/postgres-event-store.js';
import { hatKlartext, neuerSchluessel, PERSONENDATEN_FELDER, personVon, versiegleEvent } from './personendaten.js';
import { schreibeSchluessel } from './schluessel-tresor.js';

/** The stream that records the one-time sealing of the log written before sealing existed. */
export const MIGRATION_STREAM = 'datenschutz-migration';

/** One stream the sealing rewrote: its head before and after, and the revisions whose personal fields it sealed. */
export type NeuVerkettet = { streamName: string; alterKopf: string; neuerKopf: string; versiegelt: number[] };

/** `PersonendatenVersiegelt`: what the migration did, in the log itself (docs/decisions.md). */
export type VersiegeltDaten = { migrationId: string; ereignisse: number; streams: NeuVerkettet[] };

type Zeile = { event_id: string; event_type: string; data: unknown; metadata: EventMetadata; stream_name: string; stream_revision: string };

/** The chain of one stream's events in revision order: the head, and each event's hash (stored, or computed for events from before the chain). */
function kette(streamName: string, events: readonly Pick<Zeile, 'event_id' | 'event_type' | 'data' | 'metadata' | 'stream_revision'>[]) {
  let kopf = GENESIS_HASH;
  for (const e of events) {
    const gespeichert = (e.metadata as { hash?: unknown }).hash;
    kopf =
      typeof gespeichert === 'string'
        ? gespeichert
        : eventHash(kopf, {
            streamName,
            revision: Number(e.stream_revision),
            id: e.event_id,
            type: e.event_type,
            data: e.data,
            metadata: e.metadata,
          });
  }
  return kopf;
}

/**
 * Seals the personal fields that events written before sealing existed still hold in plain text
 * (migration 12, docs/decisions.md "Personal data sealed in the log"). Inside the caller's
 * transaction, with the log locked: every family gets its key, the fields are sealed in place, and
 * the hash chain of each stream concerned is computed anew from its first sealed event; one
 * `PersonendatenVersiegelt` event in MIGRATION_STREAM records each stream's old and new head and
 * the revisions sealed. Rewriting events is otherwise refused by the log's trigger; this is the
 * only place that lifts it, for this one transaction. Nothing to seal: nothing happens.
 */
export async function versiegleAltbestand(db: pg.ClientBase, pool: pg.Pool, jetzt = new Date()): Promise<VersiegeltDaten | null> {
  await db.query('LOCK TABLE events, streams IN EXCLUSIVE MODE');
  const typen = Object.keys(PERSONENDATEN_FELDER);
  const { rows: kandidaten } = await db.query<{ stream_name: string; event_type: string; data: unknown }>(
    'SELECT DISTINCT stream_name, event_type, data FROM events WHERE event_type = ANY($1::text[])',
    [typen],
  );
  const streams = [
    ...new Set(kandidaten.filter((k) => hatKlartext({ type: k.event_type, data: k.data })).map((k) => k.stream_name)),
  ].sort();
  if (streams.length === 0) return null;

  const personen = new Set(
    kandidaten.flatMap((k) =>
      hatKlartext({ type: k.event_type, data: k.data }) ? [personVon({ type: k.event_type, data: k.data })!] : [],
    ),
  );
  const { rows: vorhanden } = await db.query<{ eltern_id: string; schluessel: Buffer }>(
    'SELECT eltern_id, schluessel FROM personen_schluessel WHERE eltern_id = ANY($1::text[])',
    [[...personen]],
  );
  const schluessel = new Map(vorhanden.map((r) => [r.eltern_id, r.schluessel]));
  const neue = new Map([...personen].filter((p) => !schluessel.has(p)).map((p) => [p, neuerSchluessel()] as const));
  await schreibeSchluessel(db, neue);
  for (const [p, k] of neue) schluessel.set(p, k);

  await db.query('ALTER TABLE events DISABLE TRIGGER events_no_update');
  const neuVerkettet: NeuVerkettet[] = [];
  let ereignisse = 0;
  for (const streamName of streams) {
    const { rows } = await db.query<Zeile>(
      'SELECT event_id, event_type, data, metadata, stream_name, stream_revision FROM events WHERE stream_name = $1 ORDER BY stream_revision',
      [streamName],
    );
    const alterKopf = kette(streamName, rows);
    let kopf = GENESIS_HASH;
    let geaendert = false;
    const versiegelt: number[] = [];
    for (const row of rows) {
      const revision = Number(row.stream_revision);
      const event = { type: row.event_type, data: row.data };
      let data = row.data;
      if (hatKlartext(event)) {
        data = versiegleEvent(event, schluessel.get(personVon(event)!)!).data;
        versiegelt.push(revision);
        geaendert = true;
      }
      const { hash: gespeichert, vorherigerHash: _, ...rest } = row.metadata as EventMetadata & { hash?: string };
      const neu = eventHash(kopf, { streamName, revision, id: row.event_id, type: row.event_type, data, metadata: rest });
      if (typeof gespeichert === 'string') {
        // a hashed event: store its new place in the chain
        if (geaendert) {
          await db.query('UPDATE events SET data = $2, metadata = $3 WHERE event_id = $1', [
            row.event_id,
            JSON.stringify(data),
            JSON.stringify({ ...rest, hash: neu, vorherigerHash: kopf }),
          ]);
        }
      } else if (data !== row.data) {
        // an event from before the chain: its hash is computed when read, only its data changes
        await db.query('UPDATE events SET data = $2 WHERE event_id = $1', [row.event_id, JSON.stringify(data)]);
      }
      kopf = neu;
    }
    await db.query('UPDATE streams SET last_hash = $2 WHERE stream_name = $1 AND last_hash IS NOT NULL', [streamName, kopf]);
    ereignisse += versiegelt.length;
    neuVerkettet.push({ streamName, alterKopf, neuerKopf: kopf, versiegelt });
  }
  await db.query('ALTER TABLE events ENABLE TRIGGER events_no_update');

  const daten: VersiegeltDaten = { migrationId: randomUUID(), ereignisse, streams: neuVerkettet };
  const metadata: EventMetadata = { actorId: null, correlationId: daten.migrationId, causationId: null, occurredAt: jetzt.toISOString() };
  await new PostgresEventStore(pool).appendInTransaction(
    db,
    MIGRATION_STREAM,
    [{ id: randomUUID(), type: 'PersonendatenVersiegelt', data: daten, metadata }],
    'any',
  );
  return daten;
}

/**
 * What an auditor can still prove across the sealing: with the families' keys, the sealed fields
 * opened give back the events as they were, and their chain ends in the recorded old head. `events`
 * are the stream as read through the PersonendatenStore (opened). False once a family of the
 * stream is erased: its fields cannot be opened any more (docs/decisions.md).
 */
export function alteKettePasst(
  eintrag: NeuVerkettet,
  events: readonly Pick<RecordedEvent, 'id' | 'type' | 'data' | 'metadata' | 'revision'>[],
): boolean {
  // the old chain over the events as they were; the events appended after the migration follow
  // the new head, so the old one must be met on the way
  let kopf = GENESIS_HASH;
  for (const e of events) {
    const { hash: _, vorherigerHash: __, ...metadata } = e.metadata as EventMetadata & { hash?: string };
    kopf = eventHash(kopf, { streamName: eintrag.streamName, revision: e.revision, id: e.id, type: e.type, data: e.data, metadata });
    if (kopf === eintrag.alterKopf) return true;
  }
  return false;
}
