import { useSchreiben } from '@/hooks/use-schreiben';
import { apiRequest } from '@/lib/api-client';
import type { AbwesenheitGemeldet, NeueAbwesenheit } from './types';
import { useRefreshAfterWrite } from './use-refresh-after-write';

/** POST /api/abwesenheit {kalenderwoche, jahr}. */
const createAbwesenheit = (input: NeueAbwesenheit) => apiRequest<AbwesenheitGemeldet>('/api/abwesenheit', { method: 'POST', json: input });

export function useCreateAbwesenheit() {
  const refresh = useRefreshAfterWrite();
  return useSchreiben({ mutationFn: createAbwesenheit, onSettled: refresh });
}
