import { useSchreiben } from '@/hooks/use-schreiben';
import { apiRequest } from '@/lib/api-client';
import type { Abwesenheit, NeueAbwesenheit } from './types';
import { useRefreshAfterWrite } from './use-refresh-after-write';

/** POST /api/abwesenheit {kalenderwoche, jahr}. */
export const createAbwesenheit = (input: NeueAbwesenheit) =>
  apiRequest<Abwesenheit & { message?: string }>('/api/abwesenheit', { method: 'POST', json: input });

export function useCreateAbwesenheit() {
  const refresh = useRefreshAfterWrite();
  return useSchreiben({ mutationFn: createAbwesenheit, onSettled: refresh });
}
