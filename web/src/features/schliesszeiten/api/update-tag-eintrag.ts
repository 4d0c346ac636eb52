import { useSchreiben } from '@/hooks/use-schreiben';
import { apiRequest } from '@/lib/api-client';
import { TAG_PFAD } from './pfade';
import type { TagArt, TagEintragInput } from './types';
import { useRefreshAfterWrite } from './use-refresh-after-write';

type UpdateTagEintragInput = { art: TagArt; id: string; daten: TagEintragInput };

/** PUT …/schliesstage/{id} or …/events/{id}: only the description changes; the date stays. */
const updateTagEintrag = ({ art, id, daten }: UpdateTagEintragInput) =>
  apiRequest<unknown>(`${TAG_PFAD[art]}/${encodeURIComponent(id)}`, { method: 'PUT', json: daten });

export function useUpdateTagEintrag() {
  const refresh = useRefreshAfterWrite();
  return useSchreiben({ mutationFn: updateTagEintrag, onSettled: refresh });
}
