import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSchreiben } from '@/hooks/use-schreiben';
import { ApiError, apiRequest, NETZWERKFEHLER } from '@/lib/api-client';
import { speichereDatei } from '@/lib/datei-speichern';
import { getStoredToken } from '@/lib/session-storage';
import type { AnkerEintrag, Integritaet } from './types';

/** GET /api/audit/integritaet: the chain and the latest anchor, checked now (a walk over the whole log). */
const getIntegritaet = (signal?: AbortSignal) => apiRequest<Integritaet>('/api/audit/integritaet', { signal });

/** GET /api/audit/anker: the latest anchors, newest first. */
const ankerQueryOptions = () =>
  queryOptions({
    queryKey: ['audit', 'anker'] as const,
    queryFn: ({ signal }) => apiRequest<AnkerEintrag[]>('/api/audit/anker', { signal }),
  });

export const useAnker = () => useQuery(ankerQueryOptions());

/** Runs the check only when asked (`pruefen`), then keeps the result until asked again. */
export const useIntegritaet = (pruefen: number) =>
  useQuery({
    queryKey: ['audit', 'integritaet', pruefen] as const,
    queryFn: ({ signal }) => getIntegritaet(signal),
    enabled: pruefen > 0,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/** POST /api/audit/anker: sign an anchor now; the list of anchors is read again afterwards. */
export const useAnkerSignieren = () => {
  const queryClient = useQueryClient();
  return useSchreiben<AnkerEintrag, Error, void>({
    mutationFn: () => apiRequest<AnkerEintrag>('/api/audit/anker', { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['audit', 'anker'] }),
  });
};

const dateinameAus = (header: string | null, fallback: string) => /filename="([^"]+)"/.exec(header ?? '')?.[1] ?? fallback;

/**
 * Downloads a file of the audit API (an anchor, a case report, an export of the history) with the
 * session's token and saves it; answers its name. `kopf`: the request's headers besides the token,
 * by default the page's language.
 */
export async function ladeHerunter(
  pfad: string,
  fallback: string,
  kopf: Record<string, string> = { 'Accept-Language': document.documentElement.lang || 'de' },
): Promise<string> {
  const token = getStoredToken();
  let response: Response;
  try {
    response = await fetch(pfad, { headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...kopf } });
  } catch {
    throw new ApiError(0, NETZWERKFEHLER);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(response.status, body?.message ?? `Fehler ${response.status}`, body);
  }
  const name = dateinameAus(response.headers.get('Content-Disposition'), fallback);
  speichereDatei(await response.blob(), name);
  return name;
}
