import { useQuery } from '@tanstack/react-query';
import { myAssignmentsQueryOptions } from '@/lib/wasserdienst-api';

/** The signed-in family's own duties (lib/wasserdienst-api.ts), for the water duty screen and the swap exchange. */
export function useMyAssignments({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...myAssignmentsQueryOptions(), enabled });
}
