import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { abwesenheitKeys } from './query-keys';
import type { CreationInfo } from './types';

/** GET /api/abwesenheit/creation-info: may absences still be created, and until when. */
const getCreationInfo = (signal?: AbortSignal) => apiRequest<CreationInfo>('/api/abwesenheit/creation-info', { signal });

const creationInfoQueryOptions = () =>
  queryOptions({
    queryKey: abwesenheitKeys.creationInfo(),
    queryFn: ({ signal }) => getCreationInfo(signal),
  });

/** A failure is not reported (docs/produkt.md §8: loading the deadline info fails silently). */
export function useCreationInfo() {
  return useQuery(creationInfoQueryOptions());
}
