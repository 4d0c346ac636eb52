import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { SCHLIESSZEITEN_PFAD } from './pfade';
import { schliesszeitenKeys } from './query-keys';
import type { Schliesszeit } from './types';

/** GET /api/api/schliesszeiten: every closing week. */
const getSchliesszeiten = (signal?: AbortSignal) => apiRequest<Schliesszeit[]>(SCHLIESSZEITEN_PFAD, { signal });

const schliesszeitenQueryOptions = () =>
  queryOptions({
    queryKey: schliesszeitenKeys.wochen(),
    queryFn: ({ signal }) => getSchliesszeiten(signal),
  });

export function useSchliesszeiten() {
  return useQuery(schliesszeitenQueryOptions());
}
