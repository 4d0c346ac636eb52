import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { mitteilungenKeys } from './query-keys';
import type { Mitteilung } from './types';

/** GET /api/mitteilungen: the announcements that are not deleted, newest first. */
const getMitteilungen = (signal?: AbortSignal) => apiRequest<Mitteilung[]>('/api/mitteilungen', { signal });

const mitteilungenQueryOptions = () =>
  queryOptions({
    queryKey: mitteilungenKeys.all,
    queryFn: ({ signal }) => getMitteilungen(signal),
  });

export function useMitteilungen() {
  return useQuery(mitteilungenQueryOptions());
}
