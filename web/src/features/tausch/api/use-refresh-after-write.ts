import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { wasserdienstKeys } from '@/lib/wasserdienst-api';
import { tauschKeys } from './query-keys';

/**
 * After any swap write (also a refused one: someone else may have been quicker) the swap list, the
 * family's own weeks and the calendar are read again. The API client sends the write's position as
 * X-Min-Position, so the answers already contain the change.
 */
export function useRefreshAfterWrite() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: tauschKeys.all }),
        queryClient.invalidateQueries({ queryKey: wasserdienstKeys.all }),
      ]),
    [queryClient],
  );
}
