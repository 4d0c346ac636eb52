import { randomUUID } from 'node:crypto';
import { elternStream, normalisiereEmail } from '@waldkita/domain/eltern/eltern';
import { gruppeStream } from '@waldkita/domain/gruppe/gruppe';
import type pg from 'pg';
import { oeffneEvent, personVon } from '../datenschutz/personendaten.js';
import { withTransaction } from '../db/postgres.js';
import type { EventStore, Position, RecordedEvent, StreamAppend } from './event-store.js';

/**
 * The tables beside the log (DESIGN.md, "Tables beside the log") and the events that back their
 * rows:
 * - `credentials` (family id, e-mail, password hash): `ElternRegistriert` with that e-mail in the
 *   family's stream; a password hash also needs a `PasswortGesetzt` there;
 * - `passwort_links`: `PasswortLinkAusgestellt` with that link id in the family's stream;
 * - `gruppen_namen`: `GruppeAngelegt` with that name in the group's stream, and no `GruppeEntfernt`.
 * And the other way round, every registered family has credentials and every group its name.
 *
 * On the Postgres store the rows are written in the same transaction as their events
 * (`SideWrites`), so the check below finds nothing unless something went wrong outside the app.
 * On EventStoreDB a claim is committed before its append as a reservation; `releaseStaleReservations`
 * releases the rows of one whose events never came.
 */

export type SideTableRows = {
  credentials: { elternId: string; email: string; hatPasswort: boolean; angelegtAm: Date }[];
  passwortLinks: { linkId: string; elternId: string; angelegtAm: Date }[];
  gruppenNamen: { nameKey: string; gruppeId: string; angelegtAm: Date }[];
  /** Families' keys (docs/datenschutz.md); absent: not checked. */
  personenSchluessel?: { elternId: string; angelegtAm: Date }[];
};

/** A row no event backs, or an event whose row is missing; `text` is German, for operators and auditors. */
export type Inconsistency =
  | { table: 'credentials'; key: string; text: string; unbacked: true }
  | { table: 'passwort_links'; key: string; text: string; unbacked: true }
  | { table: 'gruppen_namen'; key: string; text: string; unbacked: true }
  | { table: 'personen_schluessel'; key: string; text: string; unbacked: true }
  | { table: 'credentials' | 'gruppen_namen'; key: string; text: string; unbacked: false };

type Fact = Pick<RecordedEvent, 'type' | 'streamName' | 'data'>;

/** The event types the check reads; all others say nothing about the side tables. */
const BACKING_EVENT_TYPES = [
  'ElternRegistriert',
  'PasswortGesetzt',
  'PasswortLinkAusgestellt',
  'PersonendatenGeloescht',
  'GruppeAngelegt',
  'GruppeEntfernt',
];

/**
 * Compares the side tables with the events that should back them (pure). Rows created at or
 * after `youngerThan` are left out: on EventStoreDB they may be reservations whose append is
 * still under way.
 */
export function compareSideTables(rows: SideTableRows, events: Iterable<Fact>, youngerThan?: Date): Inconsistency[] {
  const familien = new Map<string, { email: string; passwort: boolean; links: Set<string> }>();
  const gruppen = new Map<string, { nameKey: string; entfernt: boolean }>();
  const familie = (streamName: string) => {
    const f = familien.get(streamName) ?? { email: '', passwort: false, links: new Set<string>() };
    familien.set(streamName, f);
    return f;
  };
  const registriert = new Set<string>();
  for (const event of events) {
    const data = event.data as Record<string, unknown>;
    switch (event.type) {
      case 'ElternRegistriert':
        familie(event.streamName).email = normalisiereEmail(String(data.email));
        registriert.add(event.streamName);
        break;
      case 'PasswortGesetzt':
        familie(event.streamName).passwort = true;
        break;
      case 'PasswortLinkAusgestellt':
        familie(event.streamName).links.add(String(data.linkId));
        break;
      case 'PersonendatenGeloescht':
        // erased (docs/datenschutz.md): no login, no links remain
        registriert.delete(event.streamName);
        familien.delete(event.streamName);
        break;
      case 'GruppeAngelegt':
        gruppen.set(event.streamName, { nameKey: String(data.name).trim().toLowerCase(), entfernt: false });
        break;
      case 'GruppeEntfernt': {
        const gruppe = gruppen.get(event.streamName);
        if (gruppe) gruppe.entfernt = true;
        break;
      }
    }
  }
  const settled = <T extends { angelegtAm: Date }>(list: T[]) => (youngerThan ? list.filter((r) => r.angelegtAm < youngerThan) : list);
  const found: Inconsistency[] = [];

  const mitKonto = new Set<string>();
  for (const row of rows.credentials) {
    const stream = elternStream(row.elternId);
    mitKonto.add(stream);
    if (youngerThan && row.angelegtAm >= youngerThan) continue;
    const f = registriert.has(stream) ? familien.get(stream)! : null;
    const key = row.elternId;
    if (!f) found.push({ table: 'credentials', key, unbacked: true, text: `Zugang ${row.email} (${key}): keine Registrierung im Log` });
    else if (f.email !== row.email)
      found.push({ table: 'credentials', key, unbacked: true, text: `Zugang ${row.email} (${key}): registriert ist ${f.email}` });
    else if (row.hatPasswort && !f.passwort)
      found.push({ table: 'credentials', key, unbacked: true, text: `Zugang ${row.email} (${key}): Passwort ohne PasswortGesetzt` });
  }
  for (const stream of registriert)
    if (!mitKonto.has(stream))
      found.push({
        table: 'credentials',
        key: stream,
        unbacked: false,
        text: `Familie ${familien.get(stream)!.email} (${stream}): registriert, aber ohne Zugang`,
      });

  for (const row of settled(rows.passwortLinks)) {
    if (!familien.get(elternStream(row.elternId))?.links.has(row.linkId))
      found.push({
        table: 'passwort_links',
        key: row.linkId,
        unbacked: true,
        text: `Passwort-Link ${row.linkId} (Familie ${row.elternId}): nie ausgestellt`,
      });
  }

  const mitNamen = new Set<string>();
  for (const row of rows.gruppenNamen) {
    const stream = gruppeStream(row.gruppeId);
    mitNamen.add(stream);
    if (youngerThan && row.angelegtAm >= youngerThan) continue;
    const gruppe = gruppen.get(stream);
    const text = (why: string) => `Gruppenname „${row.nameKey}“ (${row.gruppeId}): ${why}`;
    if (!gruppe) found.push({ table: 'gruppen_namen', key: row.gruppeId, unbacked: true, text: text('keine Gruppe im Log') });
    else if (gruppe.entfernt) found.push({ table: 'gruppen_namen', key: row.gruppeId, unbacked: true, text: text('Gruppe entfernt') });
    else if (gruppe.nameKey !== row.nameKey)
      found.push({ table: 'gruppen_namen', key: row.gruppeId, unbacked: true, text: text(`die Gruppe heißt „${gruppe.nameKey}“`) });
  }
  // a family's key is written with its registration and destroyed with its erasure
  for (const row of settled(rows.personenSchluessel ?? []))
    if (!registriert.has(elternStream(row.elternId)))
      found.push({
        table: 'personen_schluessel',
        key: row.elternId,
        unbacked: true,
        text: `Schlüssel der Familie ${row.elternId}: keine Registrierung im Log, oder ihre Personendaten sind gelöscht`,
      });
  for (const [stream, gruppe] of gruppen)
    if (!gruppe.entfernt && !mitNamen.has(stream))
      found.push({
        table: 'gruppen_namen',
        key: stream,
        unbacked: false,
        text: `Gruppe „${gruppe.nameKey}“ (${stream}): ohne Namenseintrag`,
      });
  return found;
}

async function readRows(db: pg.ClientBase): Promise<SideTableRows> {
  const credentials = await db.query<{ eltern_id: string; email: string; hat_passwort: boolean; angelegt_am: Date }>(
    'SELECT eltern_id::text, email, password_hash IS NOT NULL AS hat_passwort, angelegt_am FROM credentials',
  );
  const links = await db.query<{ link_id: string; eltern_id: string; angelegt_am: Date }>(
    'SELECT link_id::text, eltern_id::text, angelegt_am FROM passwort_links',
  );
  const namen = await db.query<{ name_key: string; gruppe_id: string; angelegt_am: Date }>(
    'SELECT name_key, gruppe_id::text, angelegt_am FROM gruppen_namen',
  );
  const schluessel = await db.query<{ eltern_id: string; angelegt_am: Date }>('SELECT eltern_id, angelegt_am FROM personen_schluessel');
  return {
    personenSchluessel: schluessel.rows.map((r) => ({ elternId: r.eltern_id, angelegtAm: r.angelegt_am })),
    credentials: credentials.rows.map((r) => ({
      elternId: r.eltern_id,
      email: r.email,
      hatPasswort: r.hat_passwort,
      angelegtAm: r.angelegt_am,
    })),
    passwortLinks: links.rows.map((r) => ({ linkId: r.link_id, elternId: r.eltern_id, angelegtAm: r.angelegt_am })),
    gruppenNamen: namen.rows.map((r) => ({ nameKey: r.name_key, gruppeId: r.gruppe_id, angelegtAm: r.angelegt_am })),
  };
}

/**
 * Checks every row of the side tables against the log and the log against them. Postgres: rows
 * and events are read in one snapshot, so a transaction committing meanwhile is seen whole or not
 * at all. EventStoreDB: the rows first, then the whole log; rows younger than `settleMs` are left
 * out (reservations whose append may still be under way).
 */
export async function checkSideTables(store: EventStore, pool: pg.Pool, options: { now?: Date; settleMs?: number } = {}) {
  if (store.kind === 'postgres') {
    return withTransaction(pool, async (db) => {
      await db.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const rows = await readRows(db);
      const { rows: events } = await db.query<{ type: string; streamName: string; data: unknown }>(
        `SELECT event_type AS type, stream_name AS "streamName", data FROM events
         WHERE event_type = ANY($1::text[]) ORDER BY global_position`,
        [BACKING_EVENT_TYPES],
      );
      // the e-mails in the log are sealed per family: open them with the keys of the same snapshot
      const { rows: keys } = await db.query<{ eltern_id: string; schluessel: Buffer }>(
        'SELECT eltern_id, schluessel FROM personen_schluessel',
      );
      const schluessel = new Map(keys.map((k) => [k.eltern_id, k.schluessel]));
      return compareSideTables(
        rows,
        events.map((e) => oeffneEvent(e, schluessel.get(personVon(e) ?? ''))),
      );
    });
  }
  const now = options.now ?? new Date();
  const rows = await withTransaction(pool, async (db) => {
    await db.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
    return readRows(db);
  });
  const events: Fact[] = [];
  let after: Position | null = null;
  for (;;) {
    const batch = await store.readAll(after, 2000);
    if (batch.length === 0) break;
    for (const e of batch) if (BACKING_EVENT_TYPES.includes(e.type)) events.push(e);
    after = batch[batch.length - 1]!.position;
  }
  return compareSideTables(rows, events, new Date(now.getTime() - (options.settleMs ?? 60_000)));
}

/** Deletes the rows of `found` that no event backs (missing rows are only reported). */
async function deleteUnbackedRows(pool: pg.Pool, found: readonly Inconsistency[]) {
  const keys = (table: Inconsistency['table']) => found.filter((f) => f.unbacked && f.table === table).map((f) => f.key);
  await withTransaction(pool, async (db) => {
    await db.query('DELETE FROM passwort_links WHERE link_id = ANY($1::uuid[])', [keys('passwort_links')]);
    await db.query('DELETE FROM passwort_links WHERE eltern_id = ANY($1::uuid[])', [keys('credentials')]);
    await db.query('DELETE FROM credentials WHERE eltern_id = ANY($1::uuid[])', [keys('credentials')]);
    await db.query('DELETE FROM gruppen_namen WHERE gruppe_id = ANY($1::uuid[])', [keys('gruppen_namen')]);
    await db.query('DELETE FROM personen_schluessel WHERE eltern_id = ANY($1::text[])', [keys('personen_schluessel')]);
  });
  return found.filter((f) => f.unbacked).length;
}

/** Records, with a claim committed ahead of its append (EventStoreDB), which append should confirm it. */
export async function recordReservation(db: pg.ClientBase, appends: readonly StreamAppend[]) {
  await db.query('INSERT INTO side_write_reservations (id, stream_names, event_ids) VALUES ($1, $2, $3)', [
    randomUUID(),
    appends.map((a) => a.streamName),
    appends.flatMap((a) => a.events.map((e) => e.id)),
  ]);
}

/** The append confirmed the reservation: its rows are backed now. */
export async function confirmReservation(pool: pg.Pool, appends: readonly StreamAppend[]) {
  await pool.query('DELETE FROM side_write_reservations WHERE event_ids @> $1::uuid[]', [
    appends.flatMap((a) => a.events.map((e) => e.id)),
  ]);
}

/**
 * Releases what reservations older than `graceMs` left behind: when one exists (a process died
 * between its claim and its append, or the append failed), the side tables are checked against
 * the log and the rows no event backs are deleted, so an e-mail or a group name is free again.
 * Answers how many rows it deleted. Cheap when nothing is stale: one indexed query.
 */
export async function releaseStaleReservations(store: EventStore, pool: pg.Pool, options: { now?: Date; graceMs?: number } = {}) {
  const now = options.now ?? new Date();
  const graceMs = options.graceMs ?? 2 * 60_000;
  const before = new Date(now.getTime() - graceMs);
  const { rows } = await pool.query<{ id: string }>('SELECT id::text FROM side_write_reservations WHERE reserved_at < $1', [before]);
  if (rows.length === 0) return 0;
  const found = await checkSideTables(store, pool, { now, settleMs: graceMs });
  const deleted = await deleteUnbackedRows(pool, found);
  await pool.query('DELETE FROM side_write_reservations WHERE id = ANY($1::uuid[])', [rows.map((r) => r.id)]);
  return deleted;
}
