import { useSchreiben } from '@/hooks/use-schreiben';
import { apiRequest } from '@/lib/api-client';
import { useRefreshAfterWrite } from './use-refresh-after-write';

/** `abgeben`: the duty is given away, without a duty wanted in return. */
type TauschAnbietenInput = { elternId: string; wasserdienstId: string; abgeben?: boolean };

/** POST /api/tausch: offers one of the caller's own weeks to the group, or gives it away (answers 201 with a text). */
const tauschAnbieten = (input: TauschAnbietenInput) => apiRequest<unknown>('/api/tausch', { method: 'POST', json: input });

export function useTauschAnbieten() {
  const refresh = useRefreshAfterWrite();
  return useSchreiben({ mutationFn: tauschAnbieten, onSettled: refresh });
}
