/** React Query keys of the Admin Center; every admin write reads them again. */
export const adminKeys = {
  all: ['admin'] as const,
  eltern: () => ['admin', 'eltern'] as const,
  gruppen: () => ['admin', 'gruppen'] as const,
  statistik: () => ['admin', 'statistik'] as const,
  ferienStatus: () => ['admin', 'ferien', 'status'] as const,
  ferienUebersicht: () => ['admin', 'ferien', 'uebersicht'] as const,
};
