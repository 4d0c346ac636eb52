import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { mitteilungenKeys } from './query-keys';

/** After any write (also a refused one) the list is read again, the write's position sent along as X-Min-Position. */
export function useRefreshAfterWrite() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: mitteilungenKeys.all }), [queryClient]);
}
