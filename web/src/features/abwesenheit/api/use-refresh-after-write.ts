import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { abwesenheitKeys } from './query-keys';

/**
 * After a create or delete (also a refused one) the list and the deadline info are read again
 * (docs/produkt.md §4). The API client sends the write's position along, so the answers contain the change.
 */
export function useRefreshAfterWrite() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: abwesenheitKeys.all }), [queryClient]);
}
