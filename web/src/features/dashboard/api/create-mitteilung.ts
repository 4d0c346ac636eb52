import type { MitteilungVeroeffentlicht } from '@waldkita/domain/mitteilung/antworten';
import { useSchreiben } from '@/hooks/use-schreiben';
import { apiRequest } from '@/lib/api-client';
import { useRefreshAfterWrite } from './use-refresh-after-write';

/** POST /api/admin/mitteilungen {text} (admins only). */
const createMitteilung = (text: string) =>
  apiRequest<MitteilungVeroeffentlicht>('/api/admin/mitteilungen', { method: 'POST', json: { text } });

export function useCreateMitteilung() {
  const refresh = useRefreshAfterWrite();
  return useSchreiben({ mutationFn: createMitteilung, onSettled: refresh });
}
