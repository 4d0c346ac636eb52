import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { auditKeys } from './query-keys';
import type { ImportGeschichte } from './types';

/** GET /api/audit/import/{importId}: one yearly import's story. */
const getImportGeschichte = (importId: string, signal?: AbortSignal) =>
  apiRequest<ImportGeschichte>(`/api/audit/import/${encodeURIComponent(importId)}`, { signal });

const importGeschichteQueryOptions = (importId: string) =>
  queryOptions({ queryKey: auditKeys.import(importId), queryFn: ({ signal }) => getImportGeschichte(importId, signal) });

export const useImportGeschichte = (importId: string, options: { enabled: boolean }) =>
  useQuery({ ...importGeschichteQueryOptions(importId), enabled: options.enabled });
