import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { KalenderAboAdresse, KalenderAboBeendet, KalenderAboStatus } from '@waldkita/domain/kalender-abo/antworten';
import { useCallback } from 'react';
import { useSchreiben } from '@/hooks/use-schreiben';
import { apiRequest } from '@/lib/api-client';

/** The feed's status (GET) and its new address (POST, shown only once): schemas in domain, shared with the server. */
export type { KalenderAboAdresse };

const kalenderAboKeys = { all: ['kalender-abo'] as const };

const kalenderAboQueryOptions = () =>
  queryOptions({
    queryKey: kalenderAboKeys.all,
    queryFn: ({ signal }) => apiRequest<KalenderAboStatus>('/api/kalender/abo', { signal }),
  });

export function useKalenderAbo() {
  return useQuery(kalenderAboQueryOptions());
}

/** After any write (also a refused one) the status is read again, the write's position sent along as X-Min-Position. */
function useRefreshAfterWrite() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: kalenderAboKeys.all }), [queryClient]);
}

/** Creates the feed, or replaces its address (the old one stops working). */
export function useErneuereKalenderAbo() {
  const refresh = useRefreshAfterWrite();
  return useSchreiben({
    mutationFn: () => apiRequest<KalenderAboAdresse>('/api/kalender/abo', { method: 'POST' }),
    onSettled: refresh,
  });
}

/** Switches the feed off. */
export function useBeendeKalenderAbo() {
  const refresh = useRefreshAfterWrite();
  return useSchreiben({
    mutationFn: () => apiRequest<KalenderAboBeendet>('/api/kalender/abo', { method: 'DELETE' }),
    onSettled: refresh,
  });
}
