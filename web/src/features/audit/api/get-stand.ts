import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { auditKeys } from './query-keys';
import type { AbwesenheitenStand, SchliesszeitenStand } from './types';

const mitAsOf = (pfad: string, asOf: string) => (asOf ? `${pfad}?${new URLSearchParams({ asOf })}` : pfad);

/** GET /api/audit/abwesenheiten?asOf=: every family's absences folded from the log up to a moment or a position. */
const abwesenheitenStandQueryOptions = (asOf: string) =>
  queryOptions({
    queryKey: auditKeys.abwesenheiten(asOf),
    queryFn: ({ signal }) => apiRequest<AbwesenheitenStand>(mitAsOf('/api/audit/abwesenheiten', asOf), { signal }),
  });

/** GET /api/audit/schliesszeiten?asOf=: the calendar (closing weeks, holidays, closing days, events) as it stood. */
const schliesszeitenStandQueryOptions = (asOf: string) =>
  queryOptions({
    queryKey: auditKeys.schliesszeiten(asOf),
    queryFn: ({ signal }) => apiRequest<SchliesszeitenStand>(mitAsOf('/api/audit/schliesszeiten', asOf), { signal }),
  });

export const useAbwesenheitenStand = (asOf: string) => useQuery(abwesenheitenStandQueryOptions(asOf));
export const useSchliesszeitenStand = (asOf: string) => useQuery(schliesszeitenStandQueryOptions(asOf));
