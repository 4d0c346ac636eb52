import { useSchreiben } from '@/hooks/use-schreiben';
import { apiRequest } from '@/lib/api-client';
import { useRefreshAfterWrite } from './use-refresh-after-write';

/** `abgeben`: the duty is given away, without a duty wanted in return. */
export type CreateTauschInput = { elternId: string; wasserdienstId: string; abgeben?: boolean };

/** POST /api/tausch: offers one of the caller's own weeks to the group, or gives it away (answers 201 with a text). */
export const createTausch = (input: CreateTauschInput) => apiRequest<unknown>('/api/tausch', { method: 'POST', json: input });

export function useCreateTausch() {
  const refresh = useRefreshAfterWrite();
  return useSchreiben({ mutationFn: createTausch, onSettled: refresh });
}
