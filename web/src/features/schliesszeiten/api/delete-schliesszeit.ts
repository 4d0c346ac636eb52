import { useSchreiben } from '@/hooks/use-schreiben';
import { apiRequest } from '@/lib/api-client';
import { SCHLIESSZEITEN_PFAD } from './pfade';
import { useRefreshAfterWrite } from './use-refresh-after-write';

/** DELETE /api/api/schliesszeiten/{id}. */
const deleteSchliesszeit = (id: string) => apiRequest<unknown>(`${SCHLIESSZEITEN_PFAD}/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteSchliesszeit() {
  const refresh = useRefreshAfterWrite();
  return useSchreiben({ mutationFn: deleteSchliesszeit, onSettled: refresh });
}
