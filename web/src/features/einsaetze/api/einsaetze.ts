import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnmeldungAntwort } from '@waldkita/domain/einsatz/antworten';
import { useCallback } from 'react';
import { useSchreiben } from '@/hooks/use-schreiben';
import { apiRequest } from '@/lib/api-client';
import { einsaetzeQueryOptions, einsatzKeys } from '@/lib/einsatz-api';

export const useEinsaetze = () => useQuery(einsaetzeQueryOptions());

export type AnmeldungInput = { einsatzId: string; schichtId: string; warteliste?: boolean };

const pfad = ({ einsatzId, schichtId }: AnmeldungInput) =>
  `/api/einsaetze/${encodeURIComponent(einsatzId)}/schichten/${encodeURIComponent(schichtId)}/anmeldung`;

/** After any sign-up write (also a refused one: another family may have been quicker) the days are read again. */
function useNeuLaden() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: einsatzKeys.all }), [queryClient]);
}

/** POST …/anmeldung {warteliste?}: 'Eintragen', or 'Auf die Warteliste' when the shift is full. */
export function useTrageEin() {
  const neuLaden = useNeuLaden();
  return useSchreiben({
    mutationFn: (input: AnmeldungInput) =>
      apiRequest<AnmeldungAntwort>(pfad(input), { method: 'POST', json: input.warteliste ? { warteliste: true } : {} }),
    onSettled: neuLaden,
  });
}

/** DELETE …/anmeldung: 'Austragen' (or leaving the waiting list). */
export function useTrageAus() {
  const neuLaden = useNeuLaden();
  return useSchreiben({
    mutationFn: (input: AnmeldungInput) => apiRequest<AnmeldungAntwort>(pfad(input), { method: 'DELETE' }),
    onSettled: neuLaden,
  });
}
