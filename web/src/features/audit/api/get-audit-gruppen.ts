import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { auditKeys } from './query-keys';
import type { AuditGruppe } from './types';

/** GET /api/audit/gruppen: every group, removed ones too (an auditor's own family may be in one group only). */
const getAuditGruppen = (signal?: AbortSignal) => apiRequest<AuditGruppe[]>('/api/audit/gruppen', { signal });

const auditGruppenQueryOptions = () => queryOptions({ queryKey: auditKeys.gruppen(), queryFn: ({ signal }) => getAuditGruppen(signal) });

export const useAuditGruppen = (options: { enabled: boolean }) => useQuery({ ...auditGruppenQueryOptions(), enabled: options.enabled });
