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
  /**
   * Events about one ISO week: a duty of that week (`jahr` and `kalenderwoche` in the data) or a
   * date in it (`datum`, or a span `von`–`bis` that touches the week), given as its Monday and Sunday.
   */
  woche?: { jahr: number; kalenderwoche: number; montag: string; sonntag: string };
  /**
   * Text search: the words appear in the event's type, stream or data, or the event concerns one of
   * `familien` (families whose name matched the words, found by the caller).
   */
  suche?: { text: string; familien: readonly string[] };
};

/** Streams that belong to one family alone (`eltern-{id}`, `abwesenheiten-{id}` …). */
const FAMILIEN_STREAMS = ['eltern-', 'abwesenheiten-', 'kalender-abo-', 'benachrichtigungen-'] as const;
/** Fields of an event's data that name a family by id. */
const ELTERN_DATENFELDER = ['elternId', 'angebotVon', 'angenommenVon', 'abgegebenVon', 'uebernommenVon', 'vonEltern', 'anEltern'] as const;

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
  /** The names of every stream that starts with `praefix` (each family's absences: 'abwesenheiten-'), sorted. */
  streamNamen(praefix: string): Promise<string[]>;
}

const IMPORT_PRAEFIX = 'import-';

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The in-memory reading of a filter: the same meaning as the SQL below. */
/** Whether a value holds, at any depth, `{ jahr, kalenderwoche }` of the week (an offer's week, the week given in return …). */
const nenntWoche = (wert: unknown, woche: { jahr: number; kalenderwoche: number }): boolean => {
  if (!wert || typeof wert !== 'object') return false;
  const o = wert as Record<string, unknown>;
  if (String(o.jahr) === String(woche.jahr) && String(o.kalenderwoche) === String(woche.kalenderwoche)) return true;
  return Object.values(o).some((v) => nenntWoche(v, woche));
};

const betrifftFamilie = (event: RecordedEvent, elternId: string) => {
  const data = (event.data ?? {}) as Record<string, unknown>;
  return (
    FAMILIEN_STREAMS.some((praefix) => event.streamName === `${praefix}${elternId}`) ||
    ELTERN_DATENFELDER.some((feld) => text(data[feld]) === elternId)
  );
};

function passt(event: RecordedEvent, filter: LogFilter): boolean {
  const { stream, typen, ohneTypen, gruppeId, von, bis, correlationId, elternId, woche, suche } = filter;
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
  if (elternId && !betrifftFamilie(event, elternId)) return false;
  if (woche) {
    const data = (event.data ?? {}) as Record<string, unknown>;
    const dienstwoche = nenntWoche(data, woche);
    const datum = text(data.datum);
    const start = text(data.von);
    const ende = text(data.bis) ?? start;
    const imDatum = datum !== undefined && datum >= woche.montag && datum <= woche.sonntag;
    const imZeitraum = start !== undefined && ende !== undefined && start <= woche.sonntag && ende >= woche.montag;
    if (!dienstwoche && !imDatum && !imZeitraum) return false;
  }
  if (suche) {
    const klein = suche.text.toLowerCase();
    const trifft =
      event.type.toLowerCase().includes(klein) ||
      event.streamName.toLowerCase().includes(klein) ||
      JSON.stringify(event.data ?? null)
        .toLowerCase()
        .includes(klein) ||
      suche.familien.some((id) => betrifftFamilie(event, id));
    if (!trifft) return false;
  }
  return true;
}

// ---- Postgres: SQL on the events table -----------------------------------------------------------

/** The WHERE clause of a filter, with its parameters numbered from 1. */
function sqlFilter(filter: LogFilter): { where: string; params: unknown[] } {
  const bedingungen: string[] = [];
  const params: unknown[] = [];
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const { stream, typen, ohneTypen, gruppeId, von, bis, correlationId, elternId, woche, suche } = filter;
  const familie = (e: string) =>
    `(stream_name IN (${FAMILIEN_STREAMS.map((praefix) => `'${praefix}' || ${e}`).join(', ')}) OR ${ELTERN_DATENFELDER.map((feld) => `data->>'${feld}' = ${e}`).join(' OR ')})`;
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
  if (elternId) bedingungen.push(familie(p(elternId)));
  if (woche) {
    const [j, w, mo, so] = [p(String(woche.jahr)), p(String(woche.kalenderwoche)), p(woche.montag), p(woche.sonntag)];
    const jw = p(JSON.stringify({ j: woche.jahr, w: woche.kalenderwoche }));
    // The week at the top of the data, or nested (an offer's `woche`, the `gegenWoche` given in return).
    bedingungen.push(
      `((data->>'jahr' = ${j} AND data->>'kalenderwoche' = ${w})` +
        ` OR jsonb_path_exists(data, 'strict $.** ? (@.jahr == $j && @.kalenderwoche == $w)', ${jw}::jsonb)` +
        ` OR (data->>'datum' BETWEEN ${mo} AND ${so})` +
        ` OR (data->>'von' <= ${so} AND coalesce(data->>'bis', data->>'von') >= ${mo}))`,
    );
  }
  if (suche) {
    const muster = p(`%${suche.text.replace(/[\\%_]/g, (z) => `\\${z}`)}%`);
    const teile = [`event_type ILIKE ${muster}`, `stream_name ILIKE ${muster}`, `data::text ILIKE ${muster}`];
    if (suche.familien.length > 0) {
      const ids = p(suche.familien);
      teile.push(
        `stream_name IN (SELECT praefix || id FROM unnest(${ids}::text[]) AS id, unnest(ARRAY[${FAMILIEN_STREAMS.map((x) => `'${x}'`).join(', ')}]) AS praefix)`,
        ...ELTERN_DATENFELDER.map((feld) => `data->>'${feld}' = ANY(${ids}::text[])`),
      );
    }
    bedingungen.push(`(${teile.join(' OR ')})`);
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

  async streamNamen(praefix: string) {
    const { rows } = await this.pool.query<{ stream_name: string }>(
      'SELECT DISTINCT stream_name FROM events WHERE left(stream_name, $2) = $1 ORDER BY stream_name',
      [praefix, praefix.length],
    );
    return rows.map((r) => r.stream_name);
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

  async streamNamen(praefix: string) {
    return [...new Set((await this.alle()).map((e) => e.streamName).filter((name) => name.startsWith(praefix)))].sort();
  }
}

export const auditLogFuer = (store: EventStore, pool: pg.Pool): AuditLog =>
  store.kind === 'postgres'
    ? new PostgresAuditLog(pool, store instanceof PersonendatenStore ? (events) => store.oeffne(events) : undefined)
    : new PortAuditLog(store);
