import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { schliesszeitenKeys } from './query-keys';

/** After any write (also a refused one) the three lists are read again, the write's position sent along. */
export function useRefreshAfterWrite() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: schliesszeitenKeys.all }), [queryClient]);
}
