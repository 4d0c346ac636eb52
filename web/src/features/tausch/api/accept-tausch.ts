import { useSchreiben } from '@/hooks/use-schreiben';
import { apiRequest } from '@/lib/api-client';
import { useRefreshAfterWrite } from './use-refresh-after-write';

/** Without `resolveWasserdienstId` a duty given away is taken over. */
export type AcceptTauschInput = { tauschId: string; resolveElternId: string; resolveWasserdienstId?: string };

/**
 * PUT /api/tausch/{id}/accept: takes the offered week and gives one of the caller's own in return,
 * or takes over a week given away (answers `{ id, bestaetigt, message }`).
 */
export const acceptTausch = ({ tauschId, ...body }: AcceptTauschInput) =>
  apiRequest<unknown>(`/api/tausch/${encodeURIComponent(tauschId)}/accept`, { method: 'PUT', json: body });

export function useAcceptTausch() {
  const refresh = useRefreshAfterWrite();
  return useSchreiben({ mutationFn: acceptTausch, onSettled: refresh });
}
