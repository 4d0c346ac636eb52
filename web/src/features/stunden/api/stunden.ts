import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MeineStunden } from '@waldkita/domain/stunden/stundenjahr';
import { useSchreiben } from '@/hooks/use-schreiben';
import { apiRequest } from '@/lib/api-client';

export const stundenKeys = {
  all: ['stunden'] as const,
  meine: () => ['stunden', 'meine'] as const,
};

/** GET /api/stunden/meine: the family's account of the current kindergarten year. */
export const meineStundenQueryOptions = () =>
  queryOptions({
    queryKey: stundenKeys.meine(),
    queryFn: ({ signal }) => apiRequest<MeineStunden>('/api/stunden/meine', { signal }),
  });

export const useMeineStunden = () => useQuery(meineStundenQueryOptions());

export type NeueStunden = { datum: string; stunden: number; beschreibung: string };
export type EingetragenAntwort = { id: string; message: string };

/** POST /api/stunden: own work, counted once an admin confirms it. The account is read again afterwards (also after a refusal). */
export function useTrageStundenEin() {
  const queryClient = useQueryClient();
  return useSchreiben({
    mutationFn: (neu: NeueStunden) => apiRequest<EingetragenAntwort>('/api/stunden', { method: 'POST', json: neu }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: stundenKeys.all }),
  });
}
