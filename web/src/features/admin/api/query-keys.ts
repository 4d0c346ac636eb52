/** React Query keys of the Admin Center; every admin write reads them again. */
export const adminKeys = {
  all: ['admin'] as const,
  eltern: () => ['admin', 'eltern'] as const,
  gruppen: () => ['admin', 'gruppen'] as const,
  statistik: () => ['admin', 'statistik'] as const,
  ferienStatus: () => ['admin', 'ferien', 'status'] as const,
  ferienUebersicht: () => ['admin', 'ferien', 'uebersicht'] as const,
  dienstarten: () => ['admin', 'dienstarten'] as const,
  /** A family's share of a kind other than Wasserdienst, read from the kind's distribution. */
  /** The hours ledger of a year (null: the current one): overview, settlement; and the entries waiting. */
  stunden: (jahr: number | null) => ['admin', 'stunden', jahr ?? 'aktuell'] as const,
  stundenAbrechnung: (jahr: number | null) => ['admin', 'stunden', jahr ?? 'aktuell', 'abrechnung'] as const,
  stundenOffen: () => ['admin', 'stunden', 'offen'] as const,
  stundenFamilie: (jahr: number | null, elternId: string) => ['admin', 'stunden', jahr ?? 'aktuell', 'familie', elternId] as const,
  anteilDerArt: (dienstartId: string, gruppeId: string | null) => ['admin', 'anteil', dienstartId, gruppeId ?? 'kita'] as const,
};
