import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tauschKeys } from './query-keys';
import type { Tausch } from './types';

/** GET /api/tausch/gruppe/{gruppeId}: open and accepted swaps of the group, newest first. */
const getTauschAngebote = (gruppeId: string, signal?: AbortSignal) =>
  apiRequest<Tausch[]>(`/api/tausch/gruppe/${encodeURIComponent(gruppeId)}`, { signal });

const tauschAngeboteQueryOptions = (gruppeId: string) =>
  queryOptions({
    queryKey: tauschKeys.gruppe(gruppeId),
    queryFn: ({ signal }) => getTauschAngebote(gruppeId, signal),
  });

export function useTauschAngebote({ gruppeId, enabled = true }: { gruppeId: string | null; enabled?: boolean }) {
  return useQuery({ ...tauschAngeboteQueryOptions(gruppeId ?? ''), enabled: enabled && Boolean(gruppeId) });
}
