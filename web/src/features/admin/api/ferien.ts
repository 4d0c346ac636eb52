import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSchreiben } from '@/hooks/use-schreiben';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from './query-keys';
import type {
  FerienAngelegt,
  FerienartGeloescht,
  FerienBestaetigt,
  FerienStatus,
  FerienUebersicht,
  Geloescht,
  NeuerFerienzeitraum,
} from './types';
import { useRefreshAfterWrite } from './use-refresh-after-write';

/** GET /api/admin/holiday-confirmation-status. */
const getFerienStatus = (signal?: AbortSignal) => apiRequest<FerienStatus>('/api/admin/holiday-confirmation-status', { signal });

/** GET /api/admin/holiday-overview-all. */
const getFerienUebersicht = (signal?: AbortSignal) => apiRequest<FerienUebersicht>('/api/admin/holiday-overview-all', { signal });

const ferienStatusQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.ferienStatus(), queryFn: ({ signal }) => getFerienStatus(signal) });

const ferienUebersichtQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.ferienUebersicht(), queryFn: ({ signal }) => getFerienUebersicht(signal) });

export const useFerienStatus = (options: { enabled: boolean }) => useQuery({ ...ferienStatusQueryOptions(), enabled: options.enabled });

export const useFerienUebersicht = (options: { enabled: boolean }) =>
  useQuery({ ...ferienUebersichtQueryOptions(), enabled: options.enabled });

/** POST /api/admin/holidays-by-date-range {holidayType, startDate, endDate} (YYYY-MM-DD). */
const createFerienzeitraum = (input: NeuerFerienzeitraum) =>
  apiRequest<FerienAngelegt>('/api/admin/holidays-by-date-range', { method: 'POST', json: input });

/** POST /api/admin/confirm-holidays. */
const confirmFerien = () => apiRequest<FerienBestaetigt>('/api/admin/confirm-holidays', { method: 'POST' });

export type FerienLoeschung = { art: 'woche'; id: string } | { art: 'tag'; id: string } | { art: 'typ'; holidayType: string; jahr: number };

/** DELETE holiday-week/{id}, holiday-day/{id} or holiday-type?holidayType=&year=. */
const deleteFerien = (loeschung: FerienLoeschung): Promise<Geloescht | FerienartGeloescht> => {
  switch (loeschung.art) {
    case 'woche':
      return apiRequest<Geloescht>(`/api/admin/holiday-week/${encodeURIComponent(loeschung.id)}`, { method: 'DELETE' });
    case 'tag':
      return apiRequest<Geloescht>(`/api/admin/holiday-day/${encodeURIComponent(loeschung.id)}`, { method: 'DELETE' });
    case 'typ': {
      const query = new URLSearchParams({ holidayType: loeschung.holidayType, year: String(loeschung.jahr) });
      return apiRequest<FerienartGeloescht>(`/api/admin/holiday-type?${query}`, { method: 'DELETE' });
    }
  }
};

export function useCreateFerienzeitraum() {
  const refresh = useRefreshAfterWrite();
  return useSchreiben({ mutationFn: createFerienzeitraum, onSettled: refresh });
}

export function useConfirmFerien() {
  const refresh = useRefreshAfterWrite();
  return useSchreiben({ mutationFn: confirmFerien, onSettled: refresh });
}

export function useDeleteFerien() {
  const refresh = useRefreshAfterWrite();
  return useSchreiben({ mutationFn: deleteFerien, onSettled: refresh });
}
