import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { wasserdienstKeys } from '@/lib/wasserdienst-api';
import type { GruppeKurz, Verteilung } from './types';

/**
 * GET /api/wasserdienst/verteilung: the season's duties per family of the caller's group; admins
 * name the group with `gruppeId`.
 */
const getVerteilung = (gruppeId: string | null, signal?: AbortSignal) =>
  apiRequest<Verteilung[]>(
    gruppeId ? `/api/wasserdienst/verteilung?gruppe=${encodeURIComponent(gruppeId)}` : '/api/wasserdienst/verteilung',
    { signal },
  );

export function useVerteilung({ gruppeId = null, enabled = true }: { gruppeId?: string | null; enabled?: boolean } = {}) {
  return useQuery(
    queryOptions({
      queryKey: wasserdienstKeys.verteilung(gruppeId),
      queryFn: ({ signal }) => getVerteilung(gruppeId, signal),
      enabled,
    }),
  );
}

/** GET /api/gruppen: a parent's own group, every group for an admin, sorted by name. */
const getGruppen = (signal?: AbortSignal) => apiRequest<GruppeKurz[]>('/api/gruppen', { signal });

export function useGruppen({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery(queryOptions({ queryKey: wasserdienstKeys.gruppen(), queryFn: ({ signal }) => getGruppen(signal), enabled }));
}
