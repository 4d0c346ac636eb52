import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSchreiben } from '@/hooks/use-schreiben';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './query-keys';
import type { AdminStatistik, Geloescht, GruppeAngelegt } from './types';
import { useRefreshAfterWrite } from './use-refresh-after-write';

/** POST /api/admin/gruppen {gruppenName}: 201, or 409 when a group of that name exists. */
const createGruppe = (gruppenName: string) => apiRequest<GruppeAngelegt>('/api/admin/gruppen', { method: 'POST', json: { gruppenName } });

/** DELETE /api/admin/gruppen/{id}: 409 while families are in the group. */
const deleteGruppe = (id: string) => apiRequest<Geloescht>(`/api/admin/gruppen/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** GET /api/admin/stats: the counts of the current data. */
const getAdminStatistik = (signal?: AbortSignal) => apiRequest<AdminStatistik>('/api/admin/stats', { signal });

const adminStatistikQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.statistik(), queryFn: ({ signal }) => getAdminStatistik(signal) });

export const useAdminStatistik = (options: { enabled: boolean }) => useQuery({ ...adminStatistikQueryOptions(), enabled: options.enabled });

export function useCreateGruppe() {
  const refresh = useRefreshAfterWrite();
  return useSchreiben({ mutationFn: createGruppe, onSettled: refresh });
}

export function useDeleteGruppe() {
  const refresh = useRefreshAfterWrite();
  return useSchreiben({ mutationFn: (gruppe: { id: string }) => deleteGruppe(gruppe.id), onSettled: refresh });
}
