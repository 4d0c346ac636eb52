import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { abwesenheitKeys } from './query-keys';
import type { CreationInfo } from './types';

/** GET /api/abwesenheit/creation-info: may absences still be created, and until when. */
export const getCreationInfo = (signal?: AbortSignal) => apiRequest<CreationInfo>('/api/abwesenheit/creation-info', { signal });

export const creationInfoQueryOptions = () =>
  queryOptions({
    queryKey: abwesenheitKeys.creationInfo(),
    queryFn: ({ signal }) => getCreationInfo(signal),
  });

/** A failure is not reported (SPEC.md §8: loading the deadline info fails silently). */
export function useCreationInfo() {
  return useQuery(creationInfoQueryOptions());
}
