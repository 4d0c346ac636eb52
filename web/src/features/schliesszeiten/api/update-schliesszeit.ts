import { useSchreiben } from '@/hooks/use-schreiben';
import { apiRequest } from '@/lib/api-client';
import { SCHLIESSZEITEN_PFAD } from './pfade';
import type { SchliesszeitInput } from './types';
import { useRefreshAfterWrite } from './use-refresh-after-write';

type UpdateSchliesszeitInput = { id: string; daten: SchliesszeitInput };

/** PUT /api/api/schliesszeiten/{id}: only the description changes; week and year stay. */
const updateSchliesszeit = ({ id, daten }: UpdateSchliesszeitInput) =>
  apiRequest<unknown>(`${SCHLIESSZEITEN_PFAD}/${encodeURIComponent(id)}`, { method: 'PUT', json: daten });

export function useUpdateSchliesszeit() {
  const refresh = useRefreshAfterWrite();
  return useSchreiben({ mutationFn: updateSchliesszeit, onSettled: refresh });
}
