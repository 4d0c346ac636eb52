import { useSchreiben } from '@/hooks/use-schreiben';
import { apiRequest } from '@/lib/api-client';
import { TAG_PFAD } from './pfade';
import type { TagArt, TagEintrag, TagEintragInput } from './types';
import { useRefreshAfterWrite } from './use-refresh-after-write';

type CreateTagEintragInput = { art: TagArt; daten: TagEintragInput };

/** POST /api/api/schliesszeiten/schliesstage or …/events {datum, beschreibung}. */
const createTagEintrag = ({ art, daten }: CreateTagEintragInput) => apiRequest<TagEintrag>(TAG_PFAD[art], { method: 'POST', json: daten });

export function useCreateTagEintrag() {
  const refresh = useRefreshAfterWrite();
  return useSchreiben({ mutationFn: createTagEintrag, onSettled: refresh });
}
