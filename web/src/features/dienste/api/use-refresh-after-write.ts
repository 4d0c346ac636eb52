import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { diensteKeys } from '@/lib/dienste-api';
import { wasserdienstKeys } from '@/lib/wasserdienst-api';

/**
 * After any swap write (also a refused one: another family may have been quicker) the offers, the
 * family's own dates and the distribution are read again. The API client sends the write's position
 * as X-Min-Position, so the answers contain the change.
 */
export function useRefreshAfterWrite() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: diensteKeys.all }),
        queryClient.invalidateQueries({ queryKey: wasserdienstKeys.all, refetchType: 'none' }),
      ]),
    [queryClient],
  );
}
