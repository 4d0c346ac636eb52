import { useSchreiben } from '@/hooks/use-schreiben';
import { apiRequest } from '@/lib/api-client';
import { useRefreshAfterWrite } from './use-refresh-after-write';

/** DELETE /api/abwesenheit/{abwesenheitID}. */
export const deleteAbwesenheit = (abwesenheitId: string) =>
  apiRequest<unknown>(`/api/abwesenheit/${encodeURIComponent(abwesenheitId)}`, { method: 'DELETE' });

export function useDeleteAbwesenheit() {
  const refresh = useRefreshAfterWrite();
  return useSchreiben({ mutationFn: deleteAbwesenheit, onSettled: refresh });
}
