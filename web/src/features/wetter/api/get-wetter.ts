import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';

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

/**
 * The answer when the weather service has not answered and there is no recent forecast: a normal
 * answer (200) of the card's 'not available' state, not an error. (Older servers answer 503.)
 */
export type WetterNichtVerfuegbar = { verfuegbar: false; message?: string };

export const wetterKeys = { all: ['wetter'] as const };

const istNichtVerfuegbar = (antwort: unknown): antwort is WetterNichtVerfuegbar =>
  typeof antwort === 'object' && antwort !== null && 'verfuegbar' in antwort && antwort.verfuegbar === false;

/**
 * The browser asks only our server (CSP connect-src 'self'); the server asks Open-Meteo. Resolves
 * with the forecast, or null when there is none to show (`{ verfuegbar: false }`, or a 503).
 */
export const getWetter = async (signal?: AbortSignal): Promise<Wetter | null> => {
  try {
    const antwort = await apiRequest<Wetter | WetterNichtVerfuegbar>('/api/wetter', { signal });
    return istNichtVerfuegbar(antwort) ? null : antwort;
  } catch (error) {
    if (error instanceof ApiError && error.status === 503) return null;
    throw error;
  }
};

export const wetterQueryOptions = () =>
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
