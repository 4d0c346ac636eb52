import type { IsoWoche } from '@waldkita/domain/kalender/iso-woche';

/** GET /api/admin/eltern (docs/api-admin.md), sorted by group, then surname. */
export type AdminEltern = {
  id: string;
  nachname: string;
  nameKind: string | null;
  email: string;
  gruppe: { gruppenID: string; gruppenName: string | null } | null;
  authorities: { authority: string }[];
  isAdmin?: boolean;
  /** The family's share of the water duty (issue 17): 0 exempt, 1 the default, up to 5. */
  anteil?: number;
  /** The reason given with the last change of the share, or null. */
  anteilGrund?: string | null;
};

/** PUT /api/admin/eltern/{id}/anteil {anteil, grund}. */
export type AnteilGesetzt = { id: string; anteil: number; message?: string };

/** GET /api/admin/gruppen. */
export type AdminGruppe = {
  id: string;
  gruppenID: string;
  gruppenName: string;
  anzahlEltern: number;
};

/** POST /api/admin/gruppen. */
export type GruppeAngelegt = { id: string; gruppenID: string; gruppenName: string; message?: string };

/** DELETE /api/admin/gruppen/{id}. */
export type GruppeGeloescht = { id: string; message?: string };

/** GET /api/admin/stats: counts of the current data. `eltern` counts every account, admins included. */
export type AdminStatistik = {
  eltern: number;
  admins: number;
  gruppen: number;
  wasserdienste: number;
  offeneTausche: number;
  angenommeneTausche: number;
  abwesenheiten: number;
  schliesswochen: number;
  ferienwochen: number;
};

/** GET /api/admin/export/{type}. */
export type ExportTyp = 'eltern' | 'wasserdienste' | 'abwesenheiten' | 'schliesszeiten';

/** POST /api/admin/eltern: the group is sent by its name. */
export type NeuerElternteil = { nachname: string; email: string; gruppe: string };

export type ElternAngelegt = {
  id: string;
  nachname: string;
  email: string;
  message?: string;
};

/** DELETE /api/admin/eltern/{id}: the family's future duties are free again. */
export type ElternGeloescht = {
  id: string;
  freigegebeneWochen?: IsoWoche[];
  message?: string;
};

/** DELETE /api/admin/eltern/{id}/personendaten: the family's personal data erased (or erased before). */
export type PersonendatenGeloescht = {
  id: string;
  message?: string;
};

export type FerienStatus = { confirmed: boolean };

export type FerienEintraege = {
  weeks: { id: string; kalenderwoche: number }[];
  days: { id: string; datum: string }[];
};

/** GET /api/admin/holiday-overview-all: year → holiday type → weeks and days. */
export type FerienUebersicht = {
  overview: Record<string, Record<string, FerienEintraege>>;
  availableYears?: number[];
};

export type NeuerFerienzeitraum = { holidayType: string; startDate: string; endDate: string };

export type FerienAngelegt = { wochen?: number; tage?: number; message?: string };

/** POST /api/admin/wasserdienst/bulk-assign. */
export type PlanungsAuftrag = { jahr: number; startKW: number; endKW: number; gruppeId?: string };

export type PlanungsErgebnis = {
  gruppen: {
    gruppeId: string;
    gruppenName: string;
    zugewiesen: number;
    nichtBesetzt: { woche: IsoWoche; grund: string }[];
    trotzAbwesenheit: (IsoWoche & { elternId: string })[];
    /** Each family's balance from earlier seasons the plan started from (+ = did more than its share), and its share. */
    saldo?: { elternId: string; saldo: number; anteil: number }[];
  }[];
  zugewiesen: number;
  message: string;
};

/** POST /api/admin/import-eltern: the answer of a success, and of a 400 for a file with errors. */
export type ImportErgebnis = {
  successCount: number;
  skippedCount: number;
  errorCount: number;
  errors: string[];
  message?: string;
  neueFamilien?: number;
  bekannteFamilien?: number;
  entfernteFamilien?: number;
};

export type ImportAuftrag = { datei: File; deadline: string };

/** POST /api/admin/dienstarten/{id}/planen {von, bis, gruppeId?}. */
export type DienstartPlanungsAuftrag = { dienstartId: string; von: string; bis: string; gruppeId?: string };

/** One plan of the answer: a group's, or the whole kindergarten's (`gruppeId` null). */
export type DienstartPlan = {
  gruppeId: string | null;
  zugewiesen: number;
  nichtBesetzt: { von: string; bis: string }[];
  trotzAbwesenheit: { von: string; bis: string; elternId: string }[];
  anteile: { elternId: string; anteil: number }[];
  saldo: { elternId: string; saldo: number }[];
};

export type DienstartPlanungsErgebnis = { dienstartId: string; von: string; bis: string; plaene: DienstartPlan[]; message: string };

/** DELETE /api/admin/dienstarten/{id}. */
export type DienstartArchiviertAntwort = { id: string; archiviert: true; message?: string };
