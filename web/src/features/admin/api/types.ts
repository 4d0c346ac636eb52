/** The answers of the Admin Center (docs/api-admin.md): one schema each in domain, shared with query-api and command-api. */
export type {
  AdminEltern,
  AdminGruppe,
  AdminStatistik,
  AnteilGesetzt,
  DienstartArchiviert,
  DienstartPlanungsErgebnis,
  ElternAngelegt,
  ElternGeloescht,
  FerienAngelegt,
  FerienartGeloescht,
  FerienBestaetigt,
  FerienEintraege,
  FerienStatus,
  FerienUebersicht,
  Geloescht,
  GruppeAngelegt,
  ImportErgebnis,
  PlanungsErgebnis,
  RollenGesetzt,
} from '@waldkita/domain/admin/antworten';

/** GET /api/admin/export/{type}. */
export type ExportTyp = 'eltern' | 'wasserdienste' | 'abwesenheiten' | 'schliesszeiten';

/** POST /api/admin/eltern: the group is sent by its name. */
export type NeuerElternteil = { nachname: string; email: string; gruppe: string };

export type NeuerFerienzeitraum = { holidayType: string; startDate: string; endDate: string };

/** POST /api/admin/wasserdienst/bulk-assign. */
export type PlanungsAuftrag = { jahr: number; startKW: number; endKW: number; gruppeId?: string };

export type ImportAuftrag = { datei: File; deadline: string };

/** POST /api/admin/dienstarten/{id}/planen {von, bis, gruppeId?}. */
export type DienstartPlanungsAuftrag = { dienstartId: string; von: string; bis: string; gruppeId?: string };
