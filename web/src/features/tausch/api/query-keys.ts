/** React Query keys of the swap exchange. */
export const tauschKeys = {
  all: ['tausch'] as const,
  gruppe: (gruppeId: string) => ['tausch', 'gruppe', gruppeId] as const,
};
