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
