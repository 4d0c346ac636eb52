import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSchreiben } from '@/hooks/use-schreiben';
import { apiRequest } from '@/lib/api-client';
import { diensteKeys } from '@/lib/dienste-api';
import type { DienstTauschAngebot } from './types';
import { useRefreshAfterWrite } from './use-refresh-after-write';

/** GET /api/dienste/tausch: open offers of the kinds other than Wasserdienst the family could take (and its own). */
const getDienstTausch = (signal?: AbortSignal) => apiRequest<DienstTauschAngebot[]>('/api/dienste/tausch', { signal });

export function useDienstTausch({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery(queryOptions({ queryKey: diensteKeys.tausch(), queryFn: ({ signal }) => getDienstTausch(signal), enabled }));
}

/** The server's answer to a swap write: a text, or `{ message }`. */
type TauschAntwort = unknown;

type DienstAnbietenInput = { dienstId: string; abgeben: boolean };

/** POST /api/tausch {dienstId, abgeben?}: offers a date for a swap, or gives it away. */
const bieteDienstAn = ({ dienstId, abgeben }: DienstAnbietenInput) =>
  apiRequest<TauschAntwort>('/api/tausch', { method: 'POST', json: abgeben ? { dienstId, abgeben: true } : { dienstId } });

type DienstAnnehmenInput = { tauschId: string; resolveDienstId?: string };

/** PUT /api/tausch/{id}/accept {resolveDienstId?}: a swap against an own date of the same kind, or a take-over without one. */
const nimmDienstAn = ({ tauschId, resolveDienstId }: DienstAnnehmenInput) =>
  apiRequest<TauschAntwort>(`/api/tausch/${encodeURIComponent(tauschId)}/accept`, {
    method: 'PUT',
    json: resolveDienstId ? { resolveDienstId } : {},
  });

/** DELETE /api/tausch/{id}: withdraws the family's own open offer. */
const zieheDienstZurueck = (tauschId: string) =>
  apiRequest<TauschAntwort>(`/api/tausch/${encodeURIComponent(tauschId)}`, { method: 'DELETE' });

export function useBieteDienstAn() {
  const refresh = useRefreshAfterWrite();
  return useSchreiben({ mutationFn: bieteDienstAn, onSettled: refresh });
}

export function useNimmDienstAn() {
  const refresh = useRefreshAfterWrite();
  return useSchreiben({ mutationFn: nimmDienstAn, onSettled: refresh });
}

export function useZieheDienstZurueck() {
  const refresh = useRefreshAfterWrite();
  return useSchreiben({ mutationFn: zieheDienstZurueck, onSettled: refresh });
}
