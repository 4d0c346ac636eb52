import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { diensteKeys } from '@/lib/dienste-api';
import type { DienstVerteilung, GruppeKurz } from './types';

/**
 * GET /api/dienste/verteilung?dienstart={id}: the dates per family of the caller's group (or the
 * whole kindergarten, for a kind of `bereich: 'kita'`); admins name the group with `gruppe`.
 */
const getDienstVerteilung = (dienstartId: string, gruppeId: string | null, signal?: AbortSignal) => {
  const query = new URLSearchParams({ dienstart: dienstartId });
  if (gruppeId) query.set('gruppe', gruppeId);
  return apiRequest<DienstVerteilung[]>(`/api/dienste/verteilung?${query}`, { signal });
};

export function useDienstVerteilung({
  dienstartId,
  gruppeId,
  enabled,
}: {
  dienstartId: string | null;
  gruppeId: string | null;
  enabled: boolean;
}) {
  return useQuery(
    queryOptions({
      queryKey: diensteKeys.verteilung(dienstartId ?? '', gruppeId),
      queryFn: ({ signal }) => getDienstVerteilung(dienstartId ?? '', gruppeId, signal),
      enabled: enabled && dienstartId !== null,
    }),
  );
}

/** GET /api/gruppen: a parent's own group, every group for an admin. */
export function useGruppenKurz({ enabled }: { enabled: boolean }) {
  return useQuery(
    queryOptions({
      queryKey: [...diensteKeys.all, 'gruppen'] as const,
      queryFn: ({ signal }) => apiRequest<GruppeKurz[]>('/api/gruppen', { signal }),
      enabled,
    }),
  );
}
