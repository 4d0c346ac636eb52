import { useSchreiben } from '@/hooks/use-schreiben';
import { apiRequest } from '@/lib/api-client';
import { useRefreshAfterWrite } from './use-refresh-after-write';

/** DELETE /api/tausch/{id}: the offering family withdraws its open offer. */
const tauschZurueckziehen = (tauschId: string) => apiRequest<unknown>(`/api/tausch/${encodeURIComponent(tauschId)}`, { method: 'DELETE' });

export function useTauschZurueckziehen() {
  const refresh = useRefreshAfterWrite();
  return useSchreiben({ mutationFn: tauschZurueckziehen, onSettled: refresh });
}
