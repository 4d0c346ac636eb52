import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Wetter, WetterNichtVerfuegbar } from '@waldkita/domain/wetter/antworten';
import { ApiError, apiRequest } from '@/lib/api-client';

/**
 * GET /api/wetter (docs/api-dashboard.md): the forecast, or `{ verfuegbar: false }` when there is
 * none to show: a normal answer (200), not an error. (Older servers answer 503.) Schemas in domain.
 */
export type { Wetter } from '@waldkita/domain/wetter/antworten';

const wetterKeys = { all: ['wetter'] as const };

const istNichtVerfuegbar = (antwort: unknown): antwort is WetterNichtVerfuegbar =>
  typeof antwort === 'object' && antwort !== null && 'verfuegbar' in antwort && antwort.verfuegbar === false;

/**
 * The browser asks only our server (CSP connect-src 'self'); the server asks Open-Meteo. Resolves
 * with the forecast, or null when there is none to show (`{ verfuegbar: false }`, or a 503).
 */
const getWetter = async (signal?: AbortSignal): Promise<Wetter | null> => {
  try {
    const antwort = await apiRequest<Wetter | WetterNichtVerfuegbar>('/api/wetter', { signal });
    return istNichtVerfuegbar(antwort) ? null : antwort;
  } catch (error) {
    if (error instanceof ApiError && error.status === 503) return null;
    throw error;
  }
};

const wetterQueryOptions = () =>
  queryOptions({
    queryKey: wetterKeys.all,
    queryFn: ({ signal }) => getWetter(signal),
    // The server keeps an answer for 15 minutes; asking more often brings nothing new.
    staleTime: 5 * 60_000,
    refetchInterval: 15 * 60_000,
    // 'Not available' is an answer (null); an error (network, 500) is said at once instead of retried for seconds.
    retry: false,
  });

export function useWetter() {
  return useQuery(wetterQueryOptions());
}
