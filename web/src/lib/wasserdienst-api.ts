import { queryOptions } from '@tanstack/react-query';
import type { Zuweisung } from '@waldkita/domain/wasserdienst/antworten';
import { ApiError, apiRequest } from '@/lib/api-client';

/**
 * The water duty reads that more than one feature uses (docs/api-wasserdienst-tausch.md): the water
 * duty screen (features/wasserdienst) and the swap exchange (features/tausch) both list the family's
 * own duties, name families the same way, refresh the same queries and tell a family without a group.
 */

/** A family as other families of the group see it, and one of the signed-in family's own duties: schemas in domain, shared with query-api. */
export type { Zuweisung } from '@waldkita/domain/wasserdienst/antworten';

/**
 * React Query keys of the water duty reads. The swap exchange invalidates `wasserdienstKeys.all`
 * after every write, so the table, the calendar and the swap dialogs show the new owner of a week.
 */
export const wasserdienstKeys = {
  all: ['wasserdienst'] as const,
  myAssignments: () => ['wasserdienst', 'my-assignments'] as const,
  /** `gruppeId` null: the caller's own group (parents) or every group (admins). */
  events: (gruppeId: string | null) => ['wasserdienst', 'events', gruppeId ?? 'alle'] as const,
  /** `gruppeId` null: the caller's own group. */
  verteilung: (gruppeId: string | null) => ['wasserdienst', 'verteilung', gruppeId ?? 'eigene'] as const,
  /** The groups the caller may look at: their own (parents), every group (admins). */
  gruppen: () => ['wasserdienst', 'gruppen'] as const,
};

/** GET /api/wasserdienst/my-assignments: the caller's own duties, oldest week first. */
const getMyAssignments = (signal?: AbortSignal) => apiRequest<Zuweisung[]>('/api/wasserdienst/my-assignments', { signal });

export const myAssignmentsQueryOptions = () =>
  queryOptions({
    queryKey: wasserdienstKeys.myAssignments(),
    queryFn: ({ signal }) => getMyAssignments(signal),
  });

/**
 * The server's answer for a family without a group: 404 'Keine Gruppe gefunden' (the server gives it
 * in the family's language, so the status decides; these reads have no other 404).
 */
export const istKeineGruppe = (error: unknown): boolean => error instanceof ApiError && error.status === 404;
