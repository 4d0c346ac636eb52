import { useSchreiben } from '@/hooks/use-schreiben';
import { apiRequest } from '@/lib/api-client';
import type { AbwesenheitGeloescht } from './types';
import { useRefreshAfterWrite } from './use-refresh-after-write';

/** DELETE /api/abwesenheit/{abwesenheitID}. */
const deleteAbwesenheit = (abwesenheitId: string) =>
  apiRequest<AbwesenheitGeloescht>(`/api/abwesenheit/${encodeURIComponent(abwesenheitId)}`, { method: 'DELETE' });

export function useDeleteAbwesenheit() {
  const refresh = useRefreshAfterWrite();
  return useSchreiben({ mutationFn: deleteAbwesenheit, onSettled: refresh });
}
