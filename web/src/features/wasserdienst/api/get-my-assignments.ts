import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { wasserdienstKeys } from './query-keys';
import type { Zuweisung } from './types';

/** GET /api/wasserdienst/my-assignments: the caller's own duties, oldest week first. */
export const getMyAssignments = (signal?: AbortSignal) => apiRequest<Zuweisung[]>('/api/wasserdienst/my-assignments', { signal });

export const myAssignmentsQueryOptions = () =>
  queryOptions({
    queryKey: wasserdienstKeys.myAssignments(),
    queryFn: ({ signal }) => getMyAssignments(signal),
  });

export function useMyAssignments({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...myAssignmentsQueryOptions(), enabled });
}
