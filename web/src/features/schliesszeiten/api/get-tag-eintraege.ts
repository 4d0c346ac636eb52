import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { TAG_PFAD } from './pfade';
import { schliesszeitenKeys } from './query-keys';
import type { TagArt, TagEintrag } from './types';

/** GET /api/api/schliesszeiten/schliesstage or …/events: every closing day or every event. */
const getTagEintraege = (art: TagArt, signal?: AbortSignal) => apiRequest<TagEintrag[]>(TAG_PFAD[art], { signal });

const tagEintraegeQueryOptions = (art: TagArt) =>
  queryOptions({
    queryKey: schliesszeitenKeys.tage(art),
    queryFn: ({ signal }) => getTagEintraege(art, signal),
  });

export function useTagEintraege(art: TagArt) {
  return useQuery(tagEintraegeQueryOptions(art));
}
