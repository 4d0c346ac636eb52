import type { AuditEintrag } from '@waldkita/domain/audit/antworten';
import {
  akteurName,
  beschreibeEreignis,
  familienName,
  type KalenderBezug,
  type Kontext,
  kategorieVon,
  verweiseVon,
} from '@waldkita/domain/audit/beschreibung';
import { zeitDeutsch } from '@waldkita/domain/audit/zeit';
import { type ElternEvent, elternStream, istAdmin, kontoAusEvents } from '@waldkita/domain/eltern/eltern';
import type { IsoWoche } from '@waldkita/domain/kalender/iso-woche';
import { KALENDER_STREAM } from '@waldkita/domain/kalender/schliesszeiten';
import { type EventStore, formatPosition, type RecordedEvent } from '@waldkita/platform/event-store/event-store';
import { READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import type pg from 'pg';
import type { AuditLog } from './audit-log.js';

const rm = READ_MODEL_SCHEMA;

const ROLLEN_NAMEN = { admin: 'Leitung', pruefer: 'Prüfer', eltern: 'Eltern' } as const;

/** 'durch die Leitung für Familie Fuchs', 'durch die Leitung', or null when nothing needs saying. */
function durchText(rolle: keyof typeof ROLLEN_NAMEN | undefined, fuer: string | null): string | null {
  if (rolle !== 'admin') return null;
  return fuer ? `durch die Leitung für ${fuer.startsWith('Familie ') ? fuer : familienName(fuer)}` : 'durch die Leitung';
}

type Konto = { nachname: string; rollen: string[] };

const ELTERN_FELDER = ['elternId', 'angebotVon', 'angenommenVon', 'vonEltern', 'anEltern'] as const;

/** How a family's own data export names any other family (AuditNamen with `sichtVon`). */
const ANDERE_FAMILIE = '(andere Familie)';

/**
 * The names and references one answer needs, gathered once per request. Names come from the read
 * models (families and groups, removed ones included); a family the projector has not reached yet
 * is folded from its own stream. Weeks of duties and calendar entries come from the log.
 */
export class AuditNamen {
  private constructor(
    private readonly store: EventStore,
    private readonly konten: Map<string, Konto>,
    private readonly gruppen: Map<string, string>,
    private readonly importIds: Set<string>,
    /** Names as this family may see them in its own data export: every other account unnamed (see `laden`). */
    private readonly sichtVon: string | null = null,
  ) {}

  private readonly wochen = new Map<string, IsoWoche>();
  private readonly termine = new Map<string, { von: string; bis: string }>();
  private readonly kalender = new Map<string, KalenderBezug>();
  private readonly geleseneStreams = new Set<string>();

  /**
   * With `sichtVon` (a family's id) the entries are worded for that family's own data export
   * (query-api/src/datenschutz): other families appear as 'Familie (andere Familie)', admins as
   * 'Leitung', so the file holds no one else's name.
   */
  static async laden(deps: { pool: pg.Pool; store: EventStore }, log: AuditLog, sichtVon: string | null = null) {
    const [eltern, gruppen, importIds, dienstarten, einsaetze, schichten] = await Promise.all([
      deps.pool.query<{ eltern_id: string; nachname: string; rollen: string[] }>(`SELECT eltern_id, nachname, rollen FROM ${rm}.eltern`),
      deps.pool.query<{ gruppe_id: string; name: string }>(`SELECT gruppe_id, name FROM ${rm}.gruppe`),
      log.importIds(),
      deps.pool.query<{ dienstart_id: string; name: string }>(`SELECT dienstart_id, name FROM ${rm}.dienstart`),
      deps.pool.query<{ einsatz_id: string; titel: string; datum: string }>(
        `SELECT einsatz_id, titel, to_char(datum, 'YYYY-MM-DD') AS datum FROM ${rm}.einsatz`,
      ),
      deps.pool.query<{ schicht_id: string; aufgabe: string; beginn: string; ende: string }>(
        `SELECT schicht_id, aufgabe, beginn, ende FROM ${rm}.einsatz_schicht`,
      ),
    ]);
    const namen = new AuditNamen(
      deps.store,
      new Map(eltern.rows.map((r) => [r.eltern_id, { nachname: r.nachname, rollen: r.rollen }])),
      new Map(gruppen.rows.map((r) => [r.gruppe_id, r.name])),
      importIds,
      sichtVon,
    );
    for (const r of dienstarten.rows) namen.dienstarten.set(r.dienstart_id, r.name);
    for (const r of einsaetze.rows) namen.einsaetze.set(r.einsatz_id, { titel: r.titel, datum: r.datum });
    for (const r of schichten.rows) namen.schichten.set(r.schicht_id, { aufgabe: r.aufgabe, beginn: r.beginn, ende: r.ende });
    return namen;
  }

  /** Names of the duty kinds other than Wasserdienst (docs/api-dienste.md), by id. */
  private readonly dienstarten = new Map<string, string>();
  /** Work days and their shifts (docs/api-einsaetze.md), by id: as they are now. */
  private readonly einsaetze = new Map<string, { titel: string; datum: string }>();
  private readonly schichten = new Map<string, { aufgabe: string; beginn: string; ende: string }>();

  familie(elternId: string) {
    const name = this.konten.get(elternId)?.nachname ?? null;
    return name !== null && this.sichtVon !== null && elternId !== this.sichtVon ? ANDERE_FAMILIE : name;
  }

  gruppe(gruppeId: string) {
    return this.gruppen.get(gruppeId) ?? null;
  }

  akteur(actorId: string | null) {
    const konto = actorId ? (this.konten.get(actorId) ?? null) : null;
    if (konto && this.sichtVon !== null && actorId !== this.sichtVon)
      return akteurName(actorId, { nachname: istAdmin(konto.rollen) ? 'Leitung' : ANDERE_FAMILIE, rollen: konto.rollen });
    return akteurName(actorId, konto);
  }

  get kontext(): Kontext {
    return {
      familie: (id) => this.familie(id),
      gruppe: (id) => this.gruppe(id),
      woche: (id) => this.wochen.get(id) ?? null,
      kalender: (id) => this.kalender.get(id) ?? null,
      dienstart: (id) => this.dienstarten.get(id) ?? null,
      termin: (id) => this.termine.get(id) ?? null,
      einsatz: (id) => this.einsaetze.get(id) ?? null,
      schicht: (id) => this.schichten.get(id) ?? null,
    };
  }

  /** Reads what the events name only by id: unknown families, duty weeks of withdrawals, calendar entries. */
  async ergaenze(events: readonly RecordedEvent[]) {
    const fehlend = new Set<string>();
    const streams = new Set<string>();
    for (const e of events) {
      const data = (e.data ?? {}) as Record<string, unknown>;
      for (const id of [e.metadata.actorId, ...ELTERN_FELDER.map((f) => data[f])])
        if (typeof id === 'string' && !this.konten.has(id)) fehlend.add(id);
      if (e.type === 'TauschZurueckgezogen' || e.type === 'DienstTauschZurueckgezogen') streams.add(e.streamName);
      if (/(Geaendert|Geloescht)$/.test(e.type) && e.streamName === KALENDER_STREAM) streams.add(KALENDER_STREAM);
    }
    await Promise.all([
      ...[...fehlend].map(async (id) => {
        const konto = kontoAusEvents((await this.store.readStream(elternStream(id))).events as unknown as ElternEvent[]);
        if (konto) this.konten.set(id, konto);
      }),
      ...[...streams].filter((s) => !this.geleseneStreams.has(s)).map((s) => this.leseBezuege(s)),
    ]);
  }

  private async leseBezuege(streamName: string) {
    this.geleseneStreams.add(streamName);
    for (const e of (await this.store.readStream(streamName)).events) {
      const d = (e.data ?? {}) as Record<string, unknown>;
      const woche =
        typeof d.jahr === 'number' && typeof d.kalenderwoche === 'number' ? { jahr: d.jahr, kalenderwoche: d.kalenderwoche } : null;
      if (e.type === 'WasserdienstZugewiesen' && typeof d.wasserdienstId === 'string' && woche) this.wochen.set(d.wasserdienstId, woche);
      if (e.type === 'DienstZugewiesen' && typeof d.dienstId === 'string' && typeof d.von === 'string' && typeof d.bis === 'string')
        this.termine.set(d.dienstId, { von: d.von, bis: d.bis });
      if (/Angelegt$/.test(e.type) && typeof d.id === 'string') {
        if (woche) this.kalender.set(d.id, { woche });
        else if (typeof d.datum === 'string') this.kalender.set(d.id, { datum: d.datum });
      }
    }
  }

  /** Surnames of the families an event names: by id, or by name when the event registers one. */
  private familienVon(e: RecordedEvent): string[] {
    const data = (e.data ?? {}) as Record<string, unknown>;
    const namen = ELTERN_FELDER.map((f) => data[f]).map((id) => (typeof id === 'string' ? this.familie(id) : null));
    if ((e.type === 'ElternRegistriert' || e.type === 'ElternAktualisiert') && typeof data.nachname === 'string') namen[0] = data.nachname;
    return [...new Set(namen.filter((n): n is string => Boolean(n)))];
  }

  eintrag(e: RecordedEvent): AuditEintrag {
    const verweise = verweiseVon(e, (id) => this.importIds.has(id));
    return {
      id: e.id,
      position: formatPosition(e.position),
      streamName: e.streamName,
      revision: e.revision,
      type: e.type,
      kategorie: kategorieVon(e.type),
      occurredAt: e.metadata.occurredAt,
      zeit: zeitDeutsch(e.metadata.occurredAt),
      akteurId: e.metadata.actorId,
      akteur: this.akteur(e.metadata.actorId),
      rolle: e.metadata.rolle ? ROLLEN_NAMEN[e.metadata.rolle] : null,
      fuer: e.metadata.fuerElternId ? this.familie(e.metadata.fuerElternId) : null,
      durch: durchText(e.metadata.rolle, e.metadata.fuerElternId ? this.familie(e.metadata.fuerElternId) : null),
      hash: e.metadata.hash ?? null,
      vorherigerHash: e.metadata.vorherigerHash ?? null,
      roh: { data: e.data, metadata: e.metadata },
      beschreibung: beschreibeEreignis(e, this.kontext),
      familien: this.familienVon(e),
      ...verweise,
    };
  }

  async eintraege(events: readonly RecordedEvent[]): Promise<AuditEintrag[]> {
    await this.ergaenze(events);
    return events.map((e) => this.eintrag(e));
  }
}
