import { abwesenheitenStream } from '@waldkita/domain/abwesenheit/abwesenheit';
import type {
  AbwesenheitenStand,
  AuditGruppe,
  AuditSeite,
  DienstplanStand,
  ImportGeschichte,
  SchliesszeitenStand,
  TauschGeschichte,
} from '@waldkita/domain/audit/antworten';
import { istKategorie, KATEGORIEN, kw, TYPEN_DER_KATEGORIE } from '@waldkita/domain/audit/beschreibung';
import { dienstplanStand, ereignisseBis, type Grenze, tauschGeschichte } from '@waldkita/domain/audit/dienstplan-stand';
import { KEIN_ZUGRIFF_VERLAUF } from '@waldkita/domain/audit/pruefer';
import { abwesenheitenStand, kalenderStand, planWochen } from '@waldkita/domain/audit/stand-zum-zeitpunkt';
import { leseZeitpunkt, zeitDeutsch } from '@waldkita/domain/audit/zeit';
import { familieMitNummer, PSEUDONYME_STREAM } from '@waldkita/domain/eltern/pseudonyme';
import { GRUPPE_NICHT_GEFUNDEN } from '@waldkita/domain/gruppe/gruppe';
import {
  datumDeutsch,
  freitagDerWoche,
  type IsoWoche,
  istGueltigeWoche,
  montagDerWoche,
  sonntagDerWoche,
} from '@waldkita/domain/kalender/iso-woche';
import { KALENDER_STREAM } from '@waldkita/domain/kalender/schliesszeiten';
import { FILTER_ZU_LANG, MAX_FILTERTEXT } from '@waldkita/domain/shared/eingabe';
import { dienstplanStream } from '@waldkita/domain/wasserdienst/dienstplan';
import { type EventStore, formatPosition, parsePosition, type RecordedEvent } from '@waldkita/platform/event-store/event-store';
import { HttpError } from '@waldkita/platform/http/errors';
import { parseOr400 } from '@waldkita/platform/http/validation';
import { READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { angemeldet, istUuid, leser } from '../auth/leser.js';
import type { QueryDeps } from '../deps.js';
import { AuditNamen } from './audit-eintraege.js';
import { leseFormat, sendeExport } from './audit-export.js';
import { type AuditLog, auditLogFuer, type LogFilter } from './audit-log.js';
import { protokolliere } from './zugriffe.js';

const SEITENGROESSE = 50;
const ZUGRIFF_TYP = 'VerlaufEingesehen';
const ZUGRIFF_PRAEFIX = 'audit-zugriffe';
const streamName = (stream: NonNullable<LogFilter['stream']>) => ('exakt' in stream ? stream.exakt : stream.praefix);
/** The most entries one export of the filtered list writes; a narrower filter gets the rest. */
export const MAX_EXPORT = 20_000;

const ZEIT_UNGUELTIG = 'Bitte geben Sie Zeitpunkte als Datum (JJJJ-MM-TT) oder Datum mit Uhrzeit (JJJJ-MM-TTTHH:MM) an.';
const AS_OF_UNGUELTIG = 'Bitte geben Sie den Zeitpunkt als Datum mit Uhrzeit (JJJJ-MM-TTTHH:MM) oder als Position (commit/prepare) an.';
const SEITE_UNGUELTIG = 'Die Seite muss eine ganze Zahl ab 1 sein.';
const KATEGORIE_UNGUELTIG = `Unbekannte Kategorie. Möglich sind: ${KATEGORIEN.join(', ')}.`;
const VERLAUF_NICHT_GEFUNDEN = 'Diesen Verlauf gibt es nicht.';
const TAUSCH_NICHT_GEFUNDEN = 'Diesen Tausch gibt es nicht.';
const IMPORT_NICHT_GEFUNDEN = 'Diesen Import gibt es nicht.';
const ZU_VIELE_FUER_EXPORT = `Zu viele Einträge für einen Export (höchstens ${MAX_EXPORT.toLocaleString('de-DE')}). Bitte schränken Sie den Filter ein.`;

const STATUS_TEXT = { offen: 'Offen', angenommen: 'Angenommen', zurueckgezogen: 'Zurückgezogen' } as const;

/** One value or the same parameter repeated (`type=A&type=B`), also comma-separated (`type=A,B`). */
const filterwert = z.string().max(MAX_FILTERTEXT, FILTER_ZU_LANG);
const liste = z
  .union([filterwert, z.array(filterwert)])
  .optional()
  .transform((v) =>
    v === undefined
      ? undefined
      : (Array.isArray(v) ? v : [v])
          .flatMap((x) => x.split(','))
          .map((x) => x.trim())
          .filter(Boolean),
  );

const filterSchema = z.object({
  stream: filterwert.trim().optional(),
  type: liste,
  kategorie: filterwert.trim().optional(),
  gruppe: filterwert.trim().optional(),
  from: filterwert.optional(),
  to: filterwert.optional(),
  page: filterwert.optional(),
  order: z.enum(['asc', 'desc'], { error: 'Die Reihenfolge ist asc oder desc.' }).optional(),
  format: filterwert.optional(),
  familie: filterwert.trim().optional(),
  woche: filterwert.trim().optional(),
  q: filterwert.trim().optional(),
});
type FilterQuery = z.infer<typeof filterSchema>;

const FILTER_NAMEN = Object.keys(filterSchema.shape);
const unbekannterFilter = (name: string) => `Unbekannter Filter „${name}“. Möglich sind: ${FILTER_NAMEN.join(', ')}.`;
const FAMILIE_UNGUELTIG = 'Bitte geben Sie die Familie als ihre Kennung (UUID) an.';
const WOCHE_UNGUELTIG = 'Bitte geben Sie die Woche als ISO-Woche an, z. B. 2026-W53.';
const SUCHE_ZU_KURZ = 'Bitte suchen Sie nach mindestens 2 Zeichen.';

/** The filter's query, refusing a parameter it does not know (a typo would silently show everything). */
function leseFilter(query: unknown): FilterQuery {
  const namen = query && typeof query === 'object' ? Object.keys(query) : [];
  const fremd = namen.find((name) => !FILTER_NAMEN.includes(name));
  if (fremd !== undefined) throw new HttpError(400, unbekannterFilter(fremd.slice(0, 40)));
  return parseOr400(filterSchema, query);
}

/** '2026-W53' or '2026-W5' as that ISO week with its Monday and Sunday; 400 when there is no such week. */
function leseWoche(text: string): NonNullable<LogFilter['woche']> {
  const treffer = /^(\d{4})-?W(\d{1,2})$/i.exec(text);
  const woche = treffer ? { jahr: Number(treffer[1]), kalenderwoche: Number(treffer[2]) } : null;
  if (!woche || !istGueltigeWoche(woche)) throw new HttpError(400, WOCHE_UNGUELTIG);
  return { ...woche, montag: montagDerWoche(woche), sonntag: sonntagDerWoche(woche) };
}

/** from/to: 'from' is the start of the span it names, 'to' includes its whole span (a day, a minute, a second). */
const zeitpunkt = (text: string | undefined, rand: 'von' | 'bis') => {
  if (text === undefined || text.trim() === '') return undefined;
  const gelesen = leseZeitpunkt(text);
  if (!gelesen) throw new HttpError(400, ZEIT_UNGUELTIG);
  return gelesen[rand];
};

/** The filter of a case report: one family or one ISO week (bericht-routes.ts). */
export const logFilterFuerBericht = (store: EventStore, q: { familie?: string; woche?: string }) => logFilter(store, q as FilterQuery);

/** No family has this id: the filter of a pseudonym no erased family bears finds nothing. */
const NIEMAND = '00000000-0000-0000-0000-000000000000';

/**
 * The family a filter names: by its id, or an erased family by its pseudonym ('Gelöschte Familie 2'),
 * looked up in the register of pseudonyms (domain/eltern/pseudonyme.ts).
 */
async function familieAus(store: EventStore, text: string): Promise<string> {
  if (istUuid(text)) return text.toLowerCase();
  const nummer = /^Gelöschte Familie ([1-9]\d{0,8})$/i.exec(text.replace(/\s+/g, ' '))?.[1];
  if (nummer === undefined) throw new HttpError(400, FAMILIE_UNGUELTIG);
  return familieMitNummer((await store.readStream(PSEUDONYME_STREAM)).events, Number(nummer)) ?? NIEMAND;
}

/** The query's filter in the log's terms. 'stream' ending in '-' or '*' is a prefix. */
async function logFilter(store: EventStore, q: FilterQuery): Promise<LogFilter> {
  const filter: LogFilter = {};
  if (q.stream) {
    filter.stream = /[-*]$/.test(q.stream) ? { praefix: q.stream.replace(/\*$/, '') } : { exakt: q.stream };
  }
  if (q.type && q.type.length > 0) filter.typen = q.type;
  if (q.kategorie) {
    const kategorie = KATEGORIEN.find((k) => k.toLowerCase() === q.kategorie!.toLowerCase());
    if (!kategorie || !istKategorie(kategorie)) throw new HttpError(400, KATEGORIE_UNGUELTIG);
    if (kategorie === 'Verwaltung') filter.ohneTypen = Object.values(TYPEN_DER_KATEGORIE).flat();
    else
      filter.typen = filter.typen ? filter.typen.filter((t) => TYPEN_DER_KATEGORIE[kategorie].includes(t)) : TYPEN_DER_KATEGORIE[kategorie];
  }
  if (q.gruppe) filter.gruppeId = q.gruppe;
  const von = zeitpunkt(q.from, 'von');
  const bis = zeitpunkt(q.to, 'bis');
  if (von) filter.von = von;
  if (bis) filter.bis = bis;
  if (q.familie) filter.elternId = await familieAus(store, q.familie);
  if (q.woche) filter.woche = leseWoche(q.woche);
  if (q.q !== undefined && q.q !== '') {
    if (q.q.length < 2) throw new HttpError(400, SUCHE_ZU_KURZ);
    filter.suche = { text: q.q, familien: [] };
  }
  return filter;
}

const seiteAus = (text: string | undefined) => {
  if (text === undefined || text === '') return 1;
  if (!/^\d{1,6}$/.test(text) || Number(text) < 1) throw new HttpError(400, SEITE_UNGUELTIG);
  return Number(text);
};

/**
 * Where the as-of plan stops: 'commit/prepare' is a log position (inclusive); anything else a
 * moment in Berlin, including its whole minute or second ('10:02' includes what happened at 10:02:40).
 */
function grenzeAus(asOf: string | undefined, jetzt: Date): { grenze: Grenze; art: 'position' | 'zeitpunkt'; text: string } {
  if (asOf === undefined || asOf.trim() === '') return { grenze: { zeitpunkt: jetzt }, art: 'zeitpunkt', text: zeitDeutsch(jetzt) };
  const position = parsePosition(asOf);
  if (position) return { grenze: { position }, art: 'position', text: formatPosition(position) };
  const gelesen = leseZeitpunkt(asOf);
  if (!gelesen) throw new HttpError(400, AS_OF_UNGUELTIG);
  const letzter = new Date(gelesen.bis.getTime() - 1);
  return { grenze: { zeitpunkt: letzter }, art: 'zeitpunkt', text: zeitDeutsch(letzter) };
}

const woche = (w: IsoWoche) => ({ jahr: w.jahr, kalenderwoche: w.kalenderwoche, kw: kw(w) });

/** The parameters of the as-of views (plan, absences, calendar): only the moment. */
const AS_OF_PARAMETER = ['asOf'] as const;
const unbekannterParameter = (name: string, moeglich: readonly string[]) =>
  `Unbekannter Parameter „${name}“. Möglich sind: ${moeglich.join(', ')}.`;

/**
 * The `asOf` of an as-of view, refusing any other parameter (a typo such as `asof` would silently
 * show the state of now) and a moment given twice.
 */
function asOfAus(query: unknown): string | undefined {
  const werte = (query && typeof query === 'object' ? query : {}) as Record<string, unknown>;
  const fremd = Object.keys(werte).find((name) => !(AS_OF_PARAMETER as readonly string[]).includes(name));
  if (fremd !== undefined) throw new HttpError(400, unbekannterParameter(fremd.slice(0, 40), AS_OF_PARAMETER));
  const asOf = werte.asOf;
  if (asOf === undefined) return undefined;
  if (typeof asOf !== 'string' || asOf.length > MAX_FILTERTEXT) throw new HttpError(400, AS_OF_UNGUELTIG);
  return asOf;
}

/** How far a fold went: the events taken of all there were, and the last one taken (in global order). */
function standAus(bis: readonly RecordedEvent[], von: number) {
  const letztes = bis.reduce<RecordedEvent | undefined>(
    (spaetestes, e) =>
      !spaetestes ||
      e.position.commit > spaetestes.position.commit ||
      (e.position.commit === spaetestes.position.commit && e.position.prepare > spaetestes.position.prepare)
        ? e
        : spaetestes,
    undefined,
  );
  return letztes
    ? {
        ereignisse: bis.length,
        von,
        position: formatPosition(letztes.position),
        occurredAt: letztes.metadata.occurredAt,
        zeit: zeitDeutsch(letztes.metadata.occurredAt),
      }
    : { ereignisse: 0, von, position: null, occurredAt: null, zeit: null };
}

/** A week with its Friday, as the as-of views name it. */
const wocheMitFreitag = (w: IsoWoche) => {
  const freitag = freitagDerWoche(w);
  return { ...woche(w), freitag, datum: datumDeutsch(freitag) };
};

/**
 * The audit trail (docs/audit.md): the event log itself — who changed what, when, in which order —
 * in German sentences, with the water-duty plan as it stood at any moment. Auditors (ROLE_AUDITOR)
 * and admins only, judged by the account's current record in the read model, never by the token.
 */
export function auditRoutes(app: FastifyInstance, deps: QueryDeps) {
  const log: AuditLog = auditLogFuer(deps.store, deps.pool);
  const options = angemeldet(deps);

  const nurPruefer = async (request: FastifyRequest) => {
    const wer = await leser(deps, request);
    if (!wer.admin && !wer.pruefer) throw new HttpError(403, KEIN_ZUGRIFF_VERLAUF);
    return wer;
  };
  const namen = () => AuditNamen.laden(deps, log);

  /** The filter, with the families whose name the search words match (names live in the read model, sealed in the log). */
  const filterMitFamilien = async (q: FilterQuery) => {
    const filter = await logFilter(deps.store, q);
    if (filter.suche) {
      const muster = `%${filter.suche.text.replace(/[\\%_]/g, (z) => `\\${z}`)}%`;
      const { rows } = await deps.pool.query<{ eltern_id: string }>(
        `SELECT eltern_id FROM ${READ_MODEL_SCHEMA}.eltern WHERE nachname ILIKE $1 OR email ILIKE $1 LIMIT 100`,
        [muster],
      );
      filter.suche = { ...filter.suche, familien: rows.map((r) => r.eltern_id) };
    }
    return filter;
  };

  const gefiltert = async (q: FilterQuery, offset: number, limit: number) => {
    const filter = await filterMitFamilien(q);
    // The access log (VerlaufEingesehen) shows only when asked for by type or stream: else every look would fill the list.
    const zugriffeGefragt = filter.typen?.includes(ZUGRIFF_TYP) || (filter.stream && streamName(filter.stream).startsWith(ZUGRIFF_PRAEFIX));
    if (!zugriffeGefragt) filter.ohneTypen = [...(filter.ohneTypen ?? []), ZUGRIFF_TYP];
    return log.liste(filter, { offset, limit, reihenfolge: q.order ?? 'asc' });
  };

  /** Every group the log knows, removed ones too: the auditor's choice for filters and the as-of plan. */
  app.get('/api/audit/gruppen', options, async (request) => {
    await nurPruefer(request);
    const { rows } = await deps.pool.query<AuditGruppe>(
      `SELECT gruppe_id AS "gruppeId", name AS "gruppenName", entfernt FROM ${READ_MODEL_SCHEMA}.gruppe ORDER BY entfernt, name`,
    );
    return rows;
  });

  app.get('/api/audit/events', options, async (request) => {
    const wer = await nurPruefer(request);
    await protokolliere(deps, request, wer, 'ansicht');
    const q = leseFilter(request.query);
    const seite = seiteAus(q.page);
    const { events, gesamt } = await gefiltert(q, (seite - 1) * SEITENGROESSE, SEITENGROESSE);
    return {
      eintraege: await (await namen()).eintraege(events),
      seite,
      seitenGroesse: SEITENGROESSE,
      gesamt,
      seiten: Math.max(1, Math.ceil(gesamt / SEITENGROESSE)),
      hasMore: seite * SEITENGROESSE < gesamt,
    } satisfies AuditSeite;
  });

  app.get('/api/audit/events/export', options, async (request, reply) => {
    const wer = await nurPruefer(request);
    await protokolliere(deps, request, wer, 'export');
    const q = leseFilter(request.query);
    const format = leseFormat(q.format);
    const { events, gesamt } = await gefiltert(q, 0, MAX_EXPORT);
    if (gesamt > MAX_EXPORT) throw new HttpError(400, ZU_VIELE_FUER_EXPORT);
    const { format: _, page: __, ...filter } = q;
    return sendeExport(reply, format, 'verlauf', await (await namen()).eintraege(events), { filter }, deps.now());
  });

  const streamEintraege = async (name: string) => {
    const { events } = await deps.store.readStream(name);
    if (events.length === 0) throw new HttpError(404, VERLAUF_NICHT_GEFUNDEN);
    return (await namen()).eintraege(events);
  };

  app.get<{ Params: { name: string } }>('/api/audit/streams/:name', options, async (request) => {
    const wer = await nurPruefer(request);
    await protokolliere(deps, request, wer, 'ansicht');
    const eintraege = await streamEintraege(request.params.name);
    return { streamName: request.params.name, anzahl: eintraege.length, eintraege };
  });

  app.get<{ Params: { name: string } }>('/api/audit/streams/:name/export', options, async (request, reply) => {
    const wer = await nurPruefer(request);
    await protokolliere(deps, request, wer, 'export');
    const format = leseFormat(leseFilter(request.query).format);
    const { name } = request.params;
    return sendeExport(reply, format, `verlauf-${name}`, await streamEintraege(name), { streamName: name }, deps.now());
  });

  app.get<{ Params: { tauschId: string } }>('/api/audit/tausch/:tauschId', options, async (request) => {
    const wer = await nurPruefer(request);
    await protokolliere(deps, request, wer, 'ansicht');
    const { tauschId } = request.params;
    const stream = istUuid(tauschId) ? await log.tauschStream(tauschId) : null;
    if (!stream) throw new HttpError(404, TAUSCH_NICHT_GEFUNDEN);
    const { events } = await deps.store.readStream(stream);
    const geschichte = tauschGeschichte(events, tauschId);
    if (!geschichte) throw new HttpError(404, TAUSCH_NICHT_GEFUNDEN);
    const buch = await namen();
    const eigene = events.filter((e) => (e.data as { tauschId?: unknown } | null)?.tauschId === tauschId);
    const eintraege = await buch.eintraege(eigene);
    const seite = (s: { elternId: string; woche: IsoWoche; wasserdienstId: string }) => ({
      elternId: s.elternId,
      familie: buch.familie(s.elternId),
      wasserdienstId: s.wasserdienstId,
      woche: woche(s.woche),
      freitag: datumDeutsch(freitagDerWoche(s.woche)),
    });
    return {
      tauschId,
      gruppeId: geschichte.gruppeId,
      gruppenName: buch.gruppe(geschichte.gruppeId),
      streamName: stream,
      status: geschichte.status,
      statusText: STATUS_TEXT[geschichte.status],
      angebot: { ...seite(geschichte.angebot), nachricht: geschichte.angebot.nachricht },
      annahme: geschichte.annahme ? seite(geschichte.annahme) : null,
      eintraege,
    } satisfies TauschGeschichte;
  });

  app.get<{ Params: { importId: string } }>('/api/audit/import/:importId', options, async (request) => {
    const wer = await nurPruefer(request);
    await protokolliere(deps, request, wer, 'ansicht');
    const { importId } = request.params;
    if (!istUuid(importId)) throw new HttpError(404, IMPORT_NICHT_GEFUNDEN);
    const { events } = await log.liste({ correlationId: importId }, { offset: 0, limit: MAX_EXPORT, reihenfolge: 'asc' });
    if (events.length === 0) throw new HttpError(404, IMPORT_NICHT_GEFUNDEN);
    const buch = await namen();
    const eintraege = await buch.eintraege(events);
    const abschluss = events.find((e) => e.type === 'ImportAbgeschlossen');
    const daten = (abschluss?.data ?? {}) as Record<string, unknown>;
    const erstes = abschluss ?? events[0]!;
    const familien = (type: string) =>
      events.filter((e) => e.type === type).map((e) => buch.familie((e.data as { elternId: string }).elternId) ?? '(unbekannt)');
    const plaene = await Promise.all(
      events
        .filter((e) => e.type === 'DienstplanZurueckgesetzt')
        .map(async (e) => {
          const { gruppeId } = e.data as { gruppeId: string };
          const davor = (await deps.store.readStream(e.streamName)).events.filter((x) => x.revision < e.revision);
          const stand = dienstplanStand(davor);
          return {
            gruppeId,
            gruppenName: buch.gruppe(gruppeId),
            dienste: stand.eintraege.length,
            offeneTausche: stand.offeneTausche.length,
          };
        }),
    );
    const zahl = (key: string) => (typeof daten[key] === 'number' ? (daten[key] as number) : null);
    return {
      importId,
      abgeschlossen: Boolean(abschluss),
      dateiname: typeof daten.dateiname === 'string' ? daten.dateiname : null,
      /** The uploaded file: SHA-256, size in bytes and the encoding it was read in (null for imports before they were kept). */
      datei: daten.datei && typeof daten.datei === 'object' ? (daten.datei as { sha256: string; bytes: number; kodierung: string }) : null,
      frist: typeof daten.frist === 'string' ? daten.frist : null,
      fristText: typeof daten.frist === 'string' ? datumDeutsch(daten.frist) : null,
      occurredAt: erstes.metadata.occurredAt,
      zeit: zeitDeutsch(erstes.metadata.occurredAt),
      akteur: buch.akteur(erstes.metadata.actorId),
      zahlen: {
        successCount: zahl('successCount'),
        skippedCount: zahl('skippedCount'),
        neueFamilien: zahl('neueFamilien'),
        bekannteFamilien: zahl('bekannteFamilien'),
        entfernteFamilien: zahl('entfernteFamilien'),
        zurueckgesetztePlaene: zahl('zurueckgesetztePlaene'),
        zurueckgesetzteAbwesenheiten: zahl('zurueckgesetzteAbwesenheiten'),
      },
      neueFamilien: familien('ElternRegistriert'),
      bekannteFamilien: familien('ElternAktualisiert'),
      ersetzt: {
        entfernteFamilien: familien('ElternEntfernt'),
        plaene,
        abwesenheitenVon: familien('AbwesenheitenZurueckgesetzt'),
      },
      eintraege,
    } satisfies ImportGeschichte;
  });

  /** The calendar stream up to the limit: closing weeks (holidays among them), closing days, events. */
  const kalenderBis = async (grenze: Grenze) => {
    const { events } = await deps.store.readStream(KALENDER_STREAM);
    const bis = ereignisseBis(events, grenze);
    return { events, bis, stand: kalenderStand(bis) };
  };

  app.get<{ Params: { gruppeId: string } }>('/api/audit/dienstplan/:gruppeId', options, async (request) => {
    const wer = await nurPruefer(request);
    await protokolliere(deps, request, wer, 'ansicht');
    const { gruppeId } = request.params;
    if (!istUuid(gruppeId)) throw new HttpError(404, GRUPPE_NICHT_GEFUNDEN);
    const asOf = asOfAus(request.query);
    const { grenze, art, text } = grenzeAus(asOf, deps.now());
    const buch = await namen();
    const { events } = await deps.store.readStream(dienstplanStream(gruppeId));
    if (events.length === 0 && buch.gruppe(gruppeId) === null) throw new HttpError(404, GRUPPE_NICHT_GEFUNDEN);
    const bis = ereignisseBis(events, grenze);
    await buch.ergaenze(bis);
    const stand = dienstplanStand(bis);
    const kalender = await kalenderBis(grenze);
    const eintrag = (e: (typeof stand.eintraege)[number]) => ({
      wasserdienstId: e.wasserdienstId,
      ...woche(e),
      freitag: e.freitag,
      datum: datumDeutsch(e.freitag),
      elternId: e.elternId,
      familie: buch.familie(e.elternId),
    });
    return {
      gruppeId,
      gruppenName: buch.gruppe(gruppeId),
      asOf: { art, eingabe: asOf ?? null, text },
      stand: standAus(bis, events.length),
      eintraege: stand.eintraege.map(eintrag),
      // Every week from the first to the last planned one: the family's, 'frei', or 'ferien' as the calendar stood then.
      wochen: planWochen(stand, kalender.stand).map((w) =>
        w.art === 'belegt'
          ? { art: w.art, ...eintrag(w.eintrag), beschreibung: null, ferienart: null }
          : {
              art: w.art,
              wasserdienstId: null,
              ...wocheMitFreitag(w),
              elternId: null,
              familie: null,
              beschreibung: w.art === 'ferien' ? w.beschreibung : null,
              ferienart: w.art === 'ferien' ? w.ferienart : null,
            },
      ),
      kalenderStand: standAus(kalender.bis, kalender.events.length),
      offeneTausche: stand.offeneTausche.map((t) => ({ ...t, familie: buch.familie(t.elternId) })),
      uebersprungen: stand.uebersprungen + kalender.stand.uebersprungen,
    } satisfies DienstplanStand;
  });

  /** Which families had reported which absence weeks as of the moment, and which weeks an import had reset. */
  app.get('/api/audit/abwesenheiten', options, async (request) => {
    const wer = await nurPruefer(request);
    await protokolliere(deps, request, wer, 'ansicht');
    const asOf = asOfAus(request.query);
    const { grenze, art, text } = grenzeAus(asOf, deps.now());
    const praefix = abwesenheitenStream('');
    const gelesen = await deps.store.readStreams(await log.streamNamen(praefix));
    const buch = await namen();
    const alle: RecordedEvent[] = [];
    const genommen: RecordedEvent[] = [];
    const familien = [];
    let uebersprungen = 0;
    for (const [name, { events }] of gelesen) {
      alle.push(...events);
      const bis = ereignisseBis(events, grenze);
      genommen.push(...bis);
      if (bis.length === 0) continue;
      await buch.ergaenze(bis);
      const stand = abwesenheitenStand(bis);
      uebersprungen += stand.uebersprungen;
      if (stand.gemeldet.length === 0 && stand.zurueckgesetzt.length === 0) continue;
      const elternId = name.slice(praefix.length);
      familien.push({
        elternId,
        familie: buch.familie(elternId),
        gemeldet: stand.gemeldet.map((a) => ({ abwesenheitId: a.abwesenheitId, ...wocheMitFreitag(a) })),
        zurueckgesetzt: stand.zurueckgesetzt.map((a) => ({
          abwesenheitId: a.abwesenheitId,
          ...wocheMitFreitag(a),
          importId: a.importId,
          occurredAt: a.occurredAt,
          zeit: a.occurredAt ? zeitDeutsch(a.occurredAt) : null,
        })),
      });
    }
    familien.sort((a, b) => (a.familie ?? '').localeCompare(b.familie ?? '', 'de') || a.elternId.localeCompare(b.elternId));
    return {
      asOf: { art, eingabe: asOf ?? null, text },
      stand: standAus(genommen, alle.length),
      familien,
      anzahl: {
        familien: familien.length,
        gemeldet: familien.reduce((n, f) => n + f.gemeldet.length, 0),
        zurueckgesetzt: familien.reduce((n, f) => n + f.zurueckgesetzt.length, 0),
      },
      uebersprungen,
    } satisfies AbwesenheitenStand;
  });

  /** The closing weeks (holidays among them), closing days and events as they stood at the moment. */
  app.get('/api/audit/schliesszeiten', options, async (request) => {
    const wer = await nurPruefer(request);
    await protokolliere(deps, request, wer, 'ansicht');
    const asOf = asOfAus(request.query);
    const { grenze, art, text } = grenzeAus(asOf, deps.now());
    const { events, bis, stand } = await kalenderBis(grenze);
    const tag = (t: { id: string; datum: string; beschreibung: string }) => ({
      id: t.id,
      datum: t.datum,
      datumText: datumDeutsch(t.datum),
      beschreibung: t.beschreibung,
    });
    return {
      asOf: { art, eingabe: asOf ?? null, text },
      stand: standAus(bis, events.length),
      schliesswochen: stand.schliesswochen.map((w) => ({
        id: w.id,
        ...wocheMitFreitag(w),
        montag: montagDerWoche(w),
        montagText: datumDeutsch(montagDerWoche(w)),
        beschreibung: w.beschreibung,
        ferienart: w.ferienart,
      })),
      schliesstage: stand.schliesstage.map((t) => ({ ...tag(t), ferienart: t.ferienart })),
      events: stand.events.map(tag),
      ferienBestaetigt: stand.ferienBestaetigt,
      uebersprungen: stand.uebersprungen,
    } satisfies SchliesszeitenStand;
  });
}
