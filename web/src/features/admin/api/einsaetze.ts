import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminEinsatz, AnwesenheitErfasst, EinsatzAbgesagt, EinsatzGespeichert } from '@waldkita/domain/einsatz/antworten';
import type { EinsatzEingabe } from '@waldkita/domain/einsatz/einsatz';
import { useCallback } from 'react';
import { useSchreiben } from '@/hooks/use-schreiben';
import { apiRequest } from '@/lib/api-client';
import { einsaetzeQueryOptions, einsatzKeys } from '@/lib/einsatz-api';

/** GET /api/admin/einsaetze/{id}: one day with every shift's families and their attendance (schema in domain). */
export type { AdminEinsatz };

/** The days an admin sees: the coming ones and this kindergarten year's past ones (GET /api/einsaetze as admin). */
export const useAdminEinsaetze = () => useQuery(einsaetzeQueryOptions());

export const useAdminEinsatz = (id: string | null) =>
  useQuery(
    queryOptions({
      queryKey: einsatzKeys.admin(id ?? ''),
      queryFn: ({ signal }) => apiRequest<AdminEinsatz>(`/api/admin/einsaetze/${encodeURIComponent(id ?? '')}`, { signal }),
      enabled: id !== null,
    }),
  );

function useNeuLaden() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: einsatzKeys.all }), [queryClient]);
}

/** POST /api/admin/einsaetze or PUT /api/admin/einsaetze/{id} (whole settings; a shift named by `id` keeps it). */
export function useSpeichereEinsatz() {
  const neuLaden = useNeuLaden();
  return useSchreiben({
    mutationFn: ({ id, angaben }: { id: string | null; angaben: EinsatzEingabe }) =>
      apiRequest<EinsatzGespeichert>(id ? `/api/admin/einsaetze/${encodeURIComponent(id)}` : '/api/admin/einsaetze', {
        method: id ? 'PUT' : 'POST',
        json: angaben,
      }),
    onSettled: neuLaden,
  });
}

/** DELETE /api/admin/einsaetze/{id}: cancels the day ('absagen'); its history stays. */
export function useSageEinsatzAb() {
  const neuLaden = useNeuLaden();
  return useSchreiben({
    mutationFn: (id: string) => apiRequest<EinsatzAbgesagt>(`/api/admin/einsaetze/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: neuLaden,
  });
}

export type AnwesenheitInput = { einsatzId: string; schichtId: string; elternId: string; anwesend: boolean };

/** PUT /api/admin/einsaetze/{id}/anwesenheit {schichtId, elternId, anwesend}. */
export function useErfasseAnwesenheit() {
  const neuLaden = useNeuLaden();
  return useSchreiben({
    mutationFn: ({ einsatzId, ...body }: AnwesenheitInput) =>
      apiRequest<AnwesenheitErfasst>(`/api/admin/einsaetze/${encodeURIComponent(einsatzId)}/anwesenheit`, { method: 'PUT', json: body }),
    onSettled: neuLaden,
  });
}
