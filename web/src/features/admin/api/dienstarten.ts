import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DienstartAngaben } from '@waldkita/domain/dienste/dienstart';
import type { Verteilung } from '@waldkita/domain/wasserdienst/antworten';
import { useSchreiben } from '@/hooks/use-schreiben';
import { apiRequest } from '@/lib/api-client';
import type { Dienstart } from '@/lib/dienste-api';
import { adminKeys } from './query-keys';
import type { DienstartArchiviert, DienstartPlanungsAuftrag, DienstartPlanungsErgebnis } from './types';
import { useRefreshAfterWrite } from './use-refresh-after-write';

/** GET /api/admin/dienstarten: every kind, archived ones included. */
const getAdminDienstarten = (signal?: AbortSignal) => apiRequest<Dienstart[]>('/api/admin/dienstarten', { signal });

export const useAdminDienstarten = () =>
  useQuery(queryOptions({ queryKey: adminKeys.dienstarten(), queryFn: ({ signal }) => getAdminDienstarten(signal) }));

/** POST /api/admin/dienstarten. */
const legeDienstartAn = (angaben: DienstartAngaben) => apiRequest<Dienstart>('/api/admin/dienstarten', { method: 'POST', json: angaben });

/** PUT /api/admin/dienstarten/{id}. */
const aendereDienstart = ({ id, angaben }: { id: string; angaben: DienstartAngaben }) =>
  apiRequest<Dienstart>(`/api/admin/dienstarten/${encodeURIComponent(id)}`, { method: 'PUT', json: angaben });

/** DELETE /api/admin/dienstarten/{id}: archived, never deleted; its history stays. */
const archiviereDienstart = (id: string) =>
  apiRequest<DienstartArchiviert>(`/api/admin/dienstarten/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** POST /api/admin/dienstarten/{id}/planen {von, bis, gruppeId?}: without a group, every group (or the whole Kita). */
const planeDienstart = ({ dienstartId, ...auftrag }: DienstartPlanungsAuftrag) =>
  apiRequest<DienstartPlanungsErgebnis>(`/api/admin/dienstarten/${encodeURIComponent(dienstartId)}/planen`, {
    method: 'POST',
    json: auftrag,
  });

/**
 * A family's current share of a kind other than Wasserdienst: its row of the kind's distribution
 * (GET /api/dienste/verteilung?dienstart=&gruppe=), for the share dialog's 'Bisher'.
 */
export function useAnteilDerArt({
  dienstartId,
  gruppeId,
  elternId,
}: {
  dienstartId: string | null;
  gruppeId: string | null;
  elternId: string;
}) {
  return useQuery(
    queryOptions({
      queryKey: adminKeys.anteilDerArt(dienstartId ?? '', gruppeId),
      queryFn: ({ signal }) => {
        const query = new URLSearchParams({ dienstart: dienstartId ?? '' });
        if (gruppeId) query.set('gruppe', gruppeId);
        return apiRequest<Verteilung[]>(`/api/dienste/verteilung?${query}`, { signal });
      },
      enabled: dienstartId !== null,
      select: (zeilen) => zeilen.find((z) => z.elternId === elternId)?.anteil ?? null,
    }),
  );
}

export function useLegeDienstartAn() {
  const refresh = useRefreshAfterWrite();
  return useSchreiben({ mutationFn: legeDienstartAn, onSettled: refresh });
}

export function useAendereDienstart() {
  const refresh = useRefreshAfterWrite();
  return useSchreiben({ mutationFn: aendereDienstart, onSettled: refresh });
}

export function useArchiviereDienstart() {
  const refresh = useRefreshAfterWrite();
  return useSchreiben({ mutationFn: archiviereDienstart, onSettled: refresh });
}

export function usePlaneDienstart() {
  const refresh = useRefreshAfterWrite();
  return useSchreiben({ mutationFn: planeDienstart, onSettled: refresh });
}
