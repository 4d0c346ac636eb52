import { useSchreiben } from '@/hooks/use-schreiben';
import { apiRequest } from '@/lib/api-client';
import { useRefreshAfterWrite } from './use-refresh-after-write';

/** DELETE /api/tausch/{id}: the offering family withdraws its open offer. */
export const withdrawTausch = (tauschId: string) =>
  apiRequest<unknown>(`/api/tausch/${encodeURIComponent(tauschId)}`, { method: 'DELETE' });

export function useWithdrawTausch() {
  const refresh = useRefreshAfterWrite();
  return useSchreiben({ mutationFn: withdrawTausch, onSettled: refresh });
}
