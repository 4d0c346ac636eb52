import { useSchreiben } from '@/hooks/use-schreiben';
import { apiRequest } from '@/lib/api-client';
import { useRefreshAfterWrite } from './use-refresh-after-write';

/** Without `resolveWasserdienstId` a duty given away is taken over. */
type TauschAnnehmenInput = { tauschId: string; resolveElternId: string; resolveWasserdienstId?: string };

/**
 * PUT /api/tausch/{id}/accept: takes the offered week and gives one of the caller's own in return,
 * or takes over a week given away (answers `{ id, bestaetigt, message }`).
 */
const tauschAnnehmen = ({ tauschId, ...body }: TauschAnnehmenInput) =>
  apiRequest<unknown>(`/api/tausch/${encodeURIComponent(tauschId)}/accept`, { method: 'PUT', json: body });

export function useTauschAnnehmen() {
  const refresh = useRefreshAfterWrite();
  return useSchreiben({ mutationFn: tauschAnnehmen, onSettled: refresh });
}
