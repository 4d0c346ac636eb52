/** React Query keys of the dashboard's announcements; every write reads the list again. */
export const mitteilungenKeys = {
  all: ['mitteilungen'] as const,
};
