import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { wasserdienstKeys } from '@/lib/wasserdienst-api';
import type { DienstEvent } from './types';

/**
 * GET /api/wasserdienst/events: the duties of the caller's group; for admins every group, or only
 * `gruppeId` when given.
 */
const getDienstEvents = (gruppeId: string | null, signal?: AbortSignal) =>
  apiRequest<DienstEvent[]>(gruppeId ? `/api/wasserdienst/events?gruppe=${encodeURIComponent(gruppeId)}` : '/api/wasserdienst/events', {
    signal,
  });

const dienstEventsQueryOptions = (gruppeId: string | null = null) =>
  queryOptions({
    queryKey: wasserdienstKeys.events(gruppeId),
    queryFn: ({ signal }) => getDienstEvents(gruppeId, signal),
  });

export function useDienstEvents({ gruppeId = null, enabled = true }: { gruppeId?: string | null; enabled?: boolean } = {}) {
  return useQuery({ ...dienstEventsQueryOptions(gruppeId), enabled });
}
