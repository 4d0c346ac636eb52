import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { abwesenheitKeys } from './query-keys';
import type { Abwesenheit } from './types';

/** GET /api/abwesenheit: the family's own absences. */
const getAbwesenheiten = (signal?: AbortSignal) => apiRequest<Abwesenheit[]>('/api/abwesenheit', { signal });

const abwesenheitenQueryOptions = () =>
  queryOptions({
    queryKey: abwesenheitKeys.list(),
    queryFn: ({ signal }) => getAbwesenheiten(signal),
  });

export function useAbwesenheiten() {
  return useQuery(abwesenheitenQueryOptions());
}
