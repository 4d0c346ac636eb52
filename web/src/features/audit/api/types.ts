/** The answers of the audit trail (docs/audit.md): one schema each in domain, shared with query-api. */
export type {
  AbwesenheitenStand,
  AnkerEintrag,
  AuditEintrag,
  AuditGruppe,
  AuditSeite,
  DienstplanStand,
  ImportGeschichte,
  Integritaet,
  SchliesszeitenStand,
  Stand,
  TauschGeschichte,
} from '@waldkita/domain/audit/antworten';

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
