import { PersonendatenStore } from '@waldkita/platform/datenschutz/personendaten-store';
import type { EventStore, RecordedEvent } from '@waldkita/platform/event-store/event-store';
import { COLUMNS, type EventRow, toRecorded } from '@waldkita/platform/event-store/postgres-event-store';
import type pg from 'pg';

/**
 * How the audit trail reads the event log itself (never a read model). One stream and one group's
 * plan are read through the event store port, whichever adapter runs. Filtering and paging the
 * whole log has two implementations:
 *
 * - Postgres (the embedded store): SQL on the `events` table, in global order
 *   (transaction id, sequence number), filtered and counted by the database.
 * - Any other adapter (EventStoreDB): the port's `readAll` from the start, filtered in memory.
 *   Correct, but every list reads the whole log — fine for a kindergarten's few ten thousand
 *   events, and the place to add a server-side filter ($all with a filter) if it ever grows.
 */

export type LogFilter = {
  /** Exact stream name, or a prefix such as 'dienstplan-'. */
  stream?: { exakt: string } | { praefix: string };
  /** Only these event types. */
  typen?: readonly string[];
  /** None of these event types (the 'Verwaltung' category: everything the others do not hold). */
  ohneTypen?: readonly string[];
  /** Events of one group: its plan, its group record, and events that name it. */
  gruppeId?: string;
  /** occurredAt ≥ von. */
  von?: Date;
  /** occurredAt < bis. */
  bis?: Date;
  /** Events that one command (or one import) appended. */
  correlationId?: string;
  /** Events that concern one family: its own streams, or events that name it in their data (ELTERN_DATENFELDER). */
  elternId?: string;
};

/** Streams that belong to one family alone (`eltern-{id}`, `abwesenheiten-{id}` …). */
export const FAMILIEN_STREAMS = ['eltern-', 'abwesenheiten-', 'kalender-abo-', 'benachrichtigungen-'] as const;
/** Fields of an event's data that name a family by id. */
export const ELTERN_DATENFELDER = [
  'elternId',
  'angebotVon',
  'angenommenVon',
  'abgegebenVon',
  'uebernommenVon',
  'vonEltern',
  'anEltern',
] as const;

export type Reihenfolge = 'asc' | 'desc';

export interface AuditLog {
  /** One page of the filtered log in global order, and how many events match in all. */
  liste(
    filter: LogFilter,
    seite: { offset: number; limit: number; reihenfolge: Reihenfolge },
  ): Promise<{ events: RecordedEvent[]; gesamt: number }>;
  /** The stream that holds the swap, found by its offer. */
  tauschStream(tauschId: string): Promise<string | null>;
  /** Ids of the imports that finished (streams `import-{id}`). */
  importIds(): Promise<Set<string>>;
}

export const IMPORT_PRAEFIX = 'import-';

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The in-memory reading of a filter: the same meaning as the SQL below. */
export function passt(event: RecordedEvent, filter: LogFilter): boolean {
  const { stream, typen, ohneTypen, gruppeId, von, bis, correlationId, elternId } = filter;
  if (stream && ('exakt' in stream ? event.streamName !== stream.exakt : !event.streamName.startsWith(stream.praefix))) return false;
  if (typen && !typen.includes(event.type)) return false;
  if (ohneTypen?.includes(event.type)) return false;
  if (gruppeId) {
    const data = (event.data ?? {}) as Record<string, unknown>;
    const imStream = event.streamName === `dienstplan-${gruppeId}` || event.streamName === `gruppe-${gruppeId}`;
    // a plan of another duty kind names its group as bereichId (docs/api-dienste.md)
    if (!imStream && text(data.gruppeId) !== gruppeId && text(data.bereichId) !== gruppeId) return false;
  }
  const zeit = new Date(event.metadata.occurredAt).getTime();
  if (von && !(zeit >= von.getTime())) return false;
  if (bis && !(zeit < bis.getTime())) return false;
  if (correlationId && event.metadata.correlationId !== correlationId) return false;
  if (elternId) {
    const data = (event.data ?? {}) as Record<string, unknown>;
    const eigenerStream = FAMILIEN_STREAMS.some((praefix) => event.streamName === `${praefix}${elternId}`);
    if (!eigenerStream && !ELTERN_DATENFELDER.some((feld) => text(data[feld]) === elternId)) return false;
  }
  return true;
}

// ---- Postgres: SQL on the events table -----------------------------------------------------------

/** The WHERE clause of a filter, with its parameters numbered from 1. */
export function sqlFilter(filter: LogFilter): { where: string; params: unknown[] } {
  const bedingungen: string[] = [];
  const params: unknown[] = [];
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const { stream, typen, ohneTypen, gruppeId, von, bis, correlationId, elternId } = filter;
  if (stream) {
    if ('exakt' in stream) bedingungen.push(`stream_name = ${p(stream.exakt)}`);
    else bedingungen.push(`left(stream_name, ${p(stream.praefix.length)}) = ${p(stream.praefix)}`);
  }
  if (typen) bedingungen.push(`event_type = ANY(${p(typen)}::text[])`);
  if (ohneTypen && ohneTypen.length > 0) bedingungen.push(`event_type <> ALL(${p(ohneTypen)}::text[])`);
  if (gruppeId) {
    const g = p(gruppeId);
    bedingungen.push(
      `(stream_name = 'dienstplan-' || ${g} OR stream_name = 'gruppe-' || ${g} OR data->>'gruppeId' = ${g} OR data->>'bereichId' = ${g})`,
    );
  }
  if (von) bedingungen.push(`(metadata->>'occurredAt')::timestamptz >= ${p(von.toISOString())}::timestamptz`);
  if (bis) bedingungen.push(`(metadata->>'occurredAt')::timestamptz < ${p(bis.toISOString())}::timestamptz`);
  if (correlationId) bedingungen.push(`metadata->>'correlationId' = ${p(correlationId)}`);
  if (elternId) {
    const e = p(elternId);
    const streams = FAMILIEN_STREAMS.map((praefix) => `'${praefix}' || ${e}`).join(', ');
    const felder = ELTERN_DATENFELDER.map((feld) => `data->>'${feld}' = ${e}`).join(' OR ');
    bedingungen.push(`(stream_name IN (${streams}) OR ${felder})`);
  }
  return { where: bedingungen.length > 0 ? `WHERE ${bedingungen.join(' AND ')}` : '', params };
}

export class PostgresAuditLog implements AuditLog {
  /** `oeffne`: opens the sealed personal fields of the rows read (PersonendatenStore); rows bypass the store. */
  constructor(
    private readonly pool: pg.Pool,
    private readonly oeffne: (events: RecordedEvent[]) => Promise<RecordedEvent[]> = async (events) => events,
  ) {}

  async liste(filter: LogFilter, seite: { offset: number; limit: number; reihenfolge: Reihenfolge }) {
    const { where, params } = sqlFilter(filter);
    const richtung = seite.reihenfolge === 'desc' ? 'DESC' : 'ASC';
    const n = params.length;
    // Qualified: the output column `transaction_id` is its text form, which would sort '10' before '9'.
    const [{ rows }, gezaehlt] = await Promise.all([
      this.pool.query<EventRow>(
        `SELECT ${COLUMNS} FROM events ${where}
         ORDER BY events.transaction_id ${richtung}, events.global_position ${richtung} LIMIT $${n + 1} OFFSET $${n + 2}`,
        [...params, seite.limit, seite.offset],
      ),
      this.pool.query<{ n: string }>(`SELECT count(*) AS n FROM events ${where}`, params),
    ]);
    return { events: await this.oeffne(rows.map(toRecorded)), gesamt: Number(gezaehlt.rows[0]!.n) };
  }

  async tauschStream(tauschId: string) {
    const { rows } = await this.pool.query<{ stream_name: string }>(
      `SELECT stream_name FROM events WHERE event_type = 'TauschAngeboten' AND data->>'tauschId' = $1 LIMIT 1`,
      [tauschId],
    );
    return rows[0]?.stream_name ?? null;
  }

  async importIds() {
    const { rows } = await this.pool.query<{ id: string }>(
      `SELECT DISTINCT substr(stream_name, ${IMPORT_PRAEFIX.length + 1}) AS id FROM events WHERE left(stream_name, ${IMPORT_PRAEFIX.length}) = $1`,
      [IMPORT_PRAEFIX],
    );
    return new Set(rows.map((r) => r.id));
  }
}

// ---- any adapter: the port's readAll, filtered in memory ------------------------------------------

export class PortAuditLog implements AuditLog {
  constructor(private readonly store: EventStore) {}

  private async alle(): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    for (;;) {
      const batch = await this.store.readAll(events.at(-1)?.position ?? null, 2000);
      if (batch.length === 0) return events;
      events.push(...batch);
    }
  }

  async liste(filter: LogFilter, seite: { offset: number; limit: number; reihenfolge: Reihenfolge }) {
    const passend = (await this.alle()).filter((e) => passt(e, filter));
    if (seite.reihenfolge === 'desc') passend.reverse();
    return { events: passend.slice(seite.offset, seite.offset + seite.limit), gesamt: passend.length };
  }

  async tauschStream(tauschId: string) {
    const angebot = (await this.alle()).find(
      (e) => e.type === 'TauschAngeboten' && (e.data as { tauschId?: unknown } | null)?.tauschId === tauschId,
    );
    return angebot?.streamName ?? null;
  }

  async importIds() {
    return new Set(
      (await this.alle()).filter((e) => e.streamName.startsWith(IMPORT_PRAEFIX)).map((e) => e.streamName.slice(IMPORT_PRAEFIX.length)),
    );
  }
}

export const auditLogFuer = (store: EventStore, pool: pg.Pool): AuditLog =>
  store.kind === 'postgres'
    ? new PostgresAuditLog(pool, store instanceof PersonendatenStore ? (events) => store.oeffne(events) : undefined)
    : new PortAuditLog(store);
