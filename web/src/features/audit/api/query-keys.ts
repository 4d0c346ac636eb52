import type { VerlaufFilter } from './types';

/** React Query keys of the audit trail; the log only grows, so nothing here is ever invalidated by a write of this screen. */
export const auditKeys = {
  all: ['audit'] as const,
  events: (filter: VerlaufFilter) => ['audit', 'events', filter] as const,
  gruppen: () => ['audit', 'gruppen'] as const,
  dienstplan: (gruppeId: string, asOf: string) => ['audit', 'dienstplan', gruppeId, asOf] as const,
  abwesenheiten: (asOf: string) => ['audit', 'abwesenheiten', asOf] as const,
  schliesszeiten: (asOf: string) => ['audit', 'schliesszeiten', asOf] as const,
  tausch: (tauschId: string) => ['audit', 'tausch', tauschId] as const,
  import: (importId: string) => ['audit', 'import', importId] as const,
};
