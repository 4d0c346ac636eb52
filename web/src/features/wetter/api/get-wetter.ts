import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** One forecast day of GET /api/wetter (docs/api-dashboard.md). */
export type WetterTag = {
  /** 'YYYY-MM-DD' in Europe/Berlin */
  datum: string;
  max: number;
  min: number;
  /** Precipitation of the day in mm. */
  niederschlag: number;
};

/** GET /api/wetter: Open-Meteo's forecast for Kempten, fetched and kept by our server. */
export type Wetter = {
  aktuell: { temperatur: number };
  /** Today and tomorrow. */
  tage: WetterTag[];
  quelle: string;
  /** When the server fetched the data (ISO date-time). */
  abgerufenAm: string;
  /** True when the weather service did not answer lately and this is the last good answer. */
  veraltet: boolean;
};

export const wetterKeys = { all: ['wetter'] as const };

/** The browser asks only our server (CSP connect-src 'self'); the server asks Open-Meteo. */
export const getWetter = (signal?: AbortSignal) => apiRequest<Wetter>('/api/wetter', { signal });

export const wetterQueryOptions = () =>
  queryOptions({
    queryKey: wetterKeys.all,
    queryFn: ({ signal }) => getWetter(signal),
    // The server keeps an answer for 15 minutes; asking more often brings nothing new.
    staleTime: 5 * 60_000,
    refetchInterval: 15 * 60_000,
    // A 503 says the service is unavailable right now: say so at once instead of retrying for seconds.
    retry: false,
  });

export function useWetter() {
  return useQuery(wetterQueryOptions());
}
