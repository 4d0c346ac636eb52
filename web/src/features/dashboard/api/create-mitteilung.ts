import { useSchreiben } from '@/hooks/use-schreiben';
import { apiRequest } from '@/lib/api-client';
import { useRefreshAfterWrite } from './use-refresh-after-write';

/** POST /api/admin/mitteilungen {text} (admins only). */
export const createMitteilung = (text: string) =>
  apiRequest<{ id: string; text: string; message: string }>('/api/admin/mitteilungen', { method: 'POST', json: { text } });

export function useCreateMitteilung() {
  const refresh = useRefreshAfterWrite();
  return useSchreiben({ mutationFn: createMitteilung, onSettled: refresh });
}
