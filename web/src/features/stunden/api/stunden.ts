import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EingetragenAntwort, MeineStunden } from '@waldkita/domain/stunden/antworten';
import { useSchreiben } from '@/hooks/use-schreiben';
import { apiRequest } from '@/lib/api-client';

const stundenKeys = {
  all: ['stunden'] as const,
  meine: (jahr: number | null = null) => ['stunden', 'meine', jahr] as const,
};

/** GET /api/stunden/meine: the family's account of a kindergarten year (null: the current one). */
const meineStundenQueryOptions = (jahr: number | null = null) =>
  queryOptions({
    queryKey: stundenKeys.meine(jahr),
    queryFn: ({ signal }) => apiRequest<MeineStunden>(jahr === null ? '/api/stunden/meine' : `/api/stunden/meine?jahr=${jahr}`, { signal }),
    placeholderData: (vorher) => vorher,
  });

export const useMeineStunden = (jahr: number | null = null) => useQuery(meineStundenQueryOptions(jahr));

export type NeueStunden = { datum: string; stunden: number; beschreibung: string };

/** POST /api/stunden: own work, counted once an admin confirms it. The account is read again afterwards (also after a refusal). */
export function useTrageStundenEin() {
  const queryClient = useQueryClient();
  return useSchreiben({
    mutationFn: (neu: NeueStunden) => apiRequest<EingetragenAntwort>('/api/stunden', { method: 'POST', json: neu }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: stundenKeys.all }),
  });
}
