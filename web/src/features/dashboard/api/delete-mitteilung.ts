import type { MitteilungGeloescht } from '@waldkita/domain/mitteilung/antworten';
import { useSchreiben } from '@/hooks/use-schreiben';
import { apiRequest } from '@/lib/api-client';
import { useRefreshAfterWrite } from './use-refresh-after-write';

/** DELETE /api/admin/mitteilungen/{id} (admins only). */
const deleteMitteilung = (id: string) =>
  apiRequest<MitteilungGeloescht>(`/api/admin/mitteilungen/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteMitteilung() {
  const refresh = useRefreshAfterWrite();
  return useSchreiben({ mutationFn: deleteMitteilung, onSettled: refresh });
}
