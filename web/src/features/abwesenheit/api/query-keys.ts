/** React Query keys of the absence screen; after every write both are read again. */
export const abwesenheitKeys = {
  all: ['abwesenheit'] as const,
  list: () => ['abwesenheit', 'list'] as const,
  creationInfo: () => ['abwesenheit', 'creation-info'] as const,
};
