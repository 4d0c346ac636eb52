import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { diensteKeys } from '@/lib/dienste-api';
import type { Schliesstag, Schliesswoche } from './types';

/** SPEC.md §7: the closing-times calls carry the doubled prefix /api/api. */
const PFAD = '/api/api/schliesszeiten';

/** The closed weeks and days, for the calendar's 'Ferien' and 'Schließtag' (GET …/schliesszeiten and …/schliesstage). */
export const getGeschlossen = async (signal?: AbortSignal) => {
  const [wochen, tage] = await Promise.all([
    apiRequest<Schliesswoche[]>(PFAD, { signal }),
    apiRequest<Schliesstag[]>(`${PFAD}/schliesstage`, { signal }),
  ]);
  return { wochen, tage };
};

export function useGeschlossen({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: diensteKeys.schliesszeiten(), queryFn: ({ signal }) => getGeschlossen(signal), enabled, staleTime: 60_000 });
}
