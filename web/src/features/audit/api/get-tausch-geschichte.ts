import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { auditKeys } from './query-keys';
import type { TauschGeschichte } from './types';

/** GET /api/audit/tausch/{tauschId}: one swap's story. */
const getTauschGeschichte = (tauschId: string, signal?: AbortSignal) =>
  apiRequest<TauschGeschichte>(`/api/audit/tausch/${encodeURIComponent(tauschId)}`, { signal });

const tauschGeschichteQueryOptions = (tauschId: string) =>
  queryOptions({ queryKey: auditKeys.tausch(tauschId), queryFn: ({ signal }) => getTauschGeschichte(tauschId, signal) });

export const useTauschGeschichte = (tauschId: string, options: { enabled: boolean }) =>
  useQuery({ ...tauschGeschichteQueryOptions(tauschId), enabled: options.enabled });
