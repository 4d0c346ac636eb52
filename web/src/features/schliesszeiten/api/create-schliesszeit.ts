import { useSchreiben } from '@/hooks/use-schreiben';
import { apiRequest } from '@/lib/api-client';
import { SCHLIESSZEITEN_PFAD } from './pfade';
import type { SchliesszeitErstellt, SchliesszeitInput } from './types';
import { useRefreshAfterWrite } from './use-refresh-after-write';

/** POST /api/api/schliesszeiten: one week, or every week of a range (weeks that exist are skipped). */
const createSchliesszeit = (input: SchliesszeitInput) =>
  apiRequest<SchliesszeitErstellt | null>(SCHLIESSZEITEN_PFAD, { method: 'POST', json: input });

export function useCreateSchliesszeit() {
  const refresh = useRefreshAfterWrite();
  return useSchreiben({ mutationFn: createSchliesszeit, onSettled: refresh });
}
