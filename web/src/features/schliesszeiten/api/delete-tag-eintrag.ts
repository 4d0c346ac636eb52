import { useSchreiben } from '@/hooks/use-schreiben';
import { apiRequest } from '@/lib/api-client';
import { TAG_PFAD } from './pfade';
import type { TagArt } from './types';
import { useRefreshAfterWrite } from './use-refresh-after-write';

type DeleteTagEintragInput = { art: TagArt; id: string };

/** DELETE …/schliesstage/{id} or …/events/{id}. */
const deleteTagEintrag = ({ art, id }: DeleteTagEintragInput) =>
  apiRequest<unknown>(`${TAG_PFAD[art]}/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteTagEintrag() {
  const refresh = useRefreshAfterWrite();
  return useSchreiben({ mutationFn: deleteTagEintrag, onSettled: refresh });
}
