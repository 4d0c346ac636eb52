import type { TagArt } from './types';

/** React Query keys of the closing-times screen; every write reads all three lists again. */
export const schliesszeitenKeys = {
  all: ['schliesszeiten'] as const,
  wochen: () => ['schliesszeiten', 'wochen'] as const,
  tage: (art: TagArt) => ['schliesszeiten', art] as const,
};
