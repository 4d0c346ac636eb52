import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { adminKeys } from './query-keys';

/**
 * After an admin write the Admin Center's lists are read again. Admin writes also change what the
 * other screens show (duties, swaps, absences, closing weeks), so their cached reads are marked
 * stale too; they are fetched afresh when those screens open. The API client sends the write's
 * position along, so the answers contain the change.
 */
export function useRefreshAfterWrite() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== adminKeys.all[0], refetchType: 'none' });
    await queryClient.invalidateQueries({ queryKey: adminKeys.all });
  }, [queryClient]);
}
