import type { IsoWoche } from '@waldkita/domain/kalender/iso-woche';

/** One line of the audit trail (docs/audit.md, GET /api/audit/events). */
export type AuditEintrag = {
  id: string;
  /** Global position 'commit/prepare'; also usable as `asOf` of the plan. */
  position: string;
  streamName: string;
  revision: number;
  type: string;
  kategorie: string;
  occurredAt: string;
  /** dd.MM.yyyy HH:mm:ss, Europe/Berlin. */
  zeit: string;
  akteurId: string | null;
  akteur: string;
  beschreibung: string;
  familien: string[];
  tauschId: string | null;
  importId: string | null;
  gruppeId: string | null;
  /** The actor's role then ('Leitung', 'Prüfer', 'Eltern'), and for whom the admin acted. */
  rolle: string | null;
  fuer: string | null;
  /** 'durch die Leitung für Familie Fuchs' (German, like the sentence). */
  durch: string | null;
  hash: string | null;
  vorherigerHash: string | null;
  /** The event as stored, for the auditor who wants to see it raw. */
  roh: { data: unknown; metadata: unknown };
};

export type AuditSeite = {
  eintraege: AuditEintrag[];
  seite: number;
  seitenGroesse: number;
  gesamt: number;
  seiten: number;
  hasMore: boolean;
};

/** The filter of the list, as it stands in the address bar. */
export type VerlaufFilter = {
  kategorie: string;
  gruppe: string;
  /** A family's id: everything that happened to it. */
  familie: string;
  /** An ISO week, '2026-W51'. */
  woche: string;
  /** Search words. */
  q: string;
  from: string;
  to: string;
  order: 'asc' | 'desc';
  page: number;
};

export type AuditGruppe = { gruppeId: string; gruppenName: string; entfernt: boolean };

export type PlanZeile = IsoWoche & {
  wasserdienstId: string;
  kw: string;
  /** YYYY-MM-DD */
  freitag: string;
  /** dd.MM.yyyy */
  datum: string;
  elternId: string;
  familie: string | null;
};

export type DienstplanStand = {
  gruppeId: string;
  gruppenName: string | null;
  asOf: { art: 'position' | 'zeitpunkt'; eingabe: string | null; text: string };
  stand: { ereignisse: number; von: number; position: string | null; occurredAt: string | null; zeit: string | null };
  eintraege: PlanZeile[];
  offeneTausche: { tauschId: string; wasserdienstId: string; elternId: string; familie: string | null }[];
};

type TauschSeite = {
  elternId: string;
  familie: string | null;
  wasserdienstId: string;
  woche: IsoWoche & { kw: string };
  freitag: string;
};

export type TauschGeschichte = {
  tauschId: string;
  gruppeId: string;
  gruppenName: string | null;
  status: 'offen' | 'angenommen' | 'zurueckgezogen';
  statusText: string;
  angebot: TauschSeite & { nachricht: string | null };
  annahme: TauschSeite | null;
  eintraege: AuditEintrag[];
};

export type ImportGeschichte = {
  importId: string;
  abgeschlossen: boolean;
  dateiname: string | null;
  frist: string | null;
  fristText: string | null;
  occurredAt: string;
  zeit: string;
  akteur: string;
  zahlen: {
    successCount: number | null;
    skippedCount: number | null;
    neueFamilien: number | null;
    bekannteFamilien: number | null;
    entfernteFamilien: number | null;
    zurueckgesetztePlaene: number | null;
    zurueckgesetzteAbwesenheiten: number | null;
  };
  neueFamilien: string[];
  bekannteFamilien: string[];
  ersetzt: {
    entfernteFamilien: string[];
    plaene: { gruppeId: string; gruppenName: string | null; dienste: number; offeneTausche: number }[];
    abwesenheitenVon: string[];
  };
  eintraege: AuditEintrag[];
};

/** GET /api/audit/integritaet (docs/audit.md, "Integrity in the app"). */
export type AnkerEintrag = {
  format: string;
  position: string;
  zeitpunkt: string;
  streams: number;
  ereignisse: number;
  wurzel: string;
  schluessel: string;
  signatur: string;
  anlass: 'nacht' | 'cli' | 'app';
  fingerabdruck: string;
  signaturGueltig: boolean;
};

export type Integritaet = {
  kette: {
    intakt: boolean;
    ereignisse: number;
    streams: number;
    bruchstellen: number;
    bruch: { streamName: string; revision: number; eventId: string; position: string; reason: string } | null;
  };
  anker: (AnkerEintrag & { passt: boolean; abweichungen: string[] }) | null;
  geprueftAm: string;
  dauerMs: number;
};
