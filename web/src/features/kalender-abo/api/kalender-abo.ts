import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSchreiben } from '@/hooks/use-schreiben';
import { apiRequest } from '@/lib/api-client';

/** GET /api/kalender/abo: whether the family has a feed (its address is shown only once, by POST). */
export type KalenderAboStatus = { aktiv: boolean; erneuertAm: string | null };

/** POST /api/kalender/abo: the new feed address, as https and as webcal. */
export type KalenderAboAdresse = { url: string; webcal: string; message: string };

export const kalenderAboKeys = { all: ['kalender-abo'] as const };

export const kalenderAboQueryOptions = () =>
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
    mutationFn: () => apiRequest<{ message: string }>('/api/kalender/abo', { method: 'DELETE' }),
    onSettled: refresh,
  });
}
