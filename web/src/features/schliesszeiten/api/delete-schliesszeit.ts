import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { SCHLIESSZEITEN_PFAD } from './pfade';
import { useRefreshAfterWrite } from './use-refresh-after-write';

/** DELETE /api/api/schliesszeiten/{id}. */
export const deleteSchliesszeit = (id: string) =>
  apiRequest<unknown>(`${SCHLIESSZEITEN_PFAD}/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteSchliesszeit() {
  const refresh = useRefreshAfterWrite();
  return useMutation({ mutationFn: deleteSchliesszeit, onSettled: refresh });
}
