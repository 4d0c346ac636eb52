import { useSchreiben } from '@/hooks/use-schreiben';
import { apiRequest } from '@/lib/api-client';
import { useRefreshAfterWrite } from './use-refresh-after-write';

/** DELETE /api/admin/mitteilungen/{id} (admins only). */
export const deleteMitteilung = (id: string) =>
  apiRequest<unknown>(`/api/admin/mitteilungen/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteMitteilung() {
  const refresh = useRefreshAfterWrite();
  return useSchreiben({ mutationFn: deleteMitteilung, onSettled: refresh });
}
