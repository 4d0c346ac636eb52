/** The sections of the Admin Center, each under its own address /admin-dashboard/{pfad}, in the menu's order. */
export const BEREICHE = [
  { pfad: 'familien', name: 'Familien' },
  { pfad: 'gruppen', name: 'Gruppen & Export' },
  { pfad: 'ferien', name: 'Ferientermine' },
  { pfad: 'import', name: 'CSV Import' },
  { pfad: 'planung', name: 'Wasserdienste planen' },
  { pfad: 'dienstarten', name: 'Dienstarten' },
  { pfad: 'einsaetze', name: 'Arbeitseinsätze' },
  { pfad: 'stunden', name: 'Stunden' },
] as const;

export type Bereich = (typeof BEREICHE)[number]['pfad'];

export const ADMIN_CENTER = '/admin-dashboard';

/** The address of a section. */
export const bereichPfad = (bereich: Bereich) => `${ADMIN_CENTER}/${bereich}`;

/** The section an address names; /admin-dashboard itself opens the first. Undefined for a name no section has. */
export function bereichAus(pfad: string | undefined): Bereich | undefined {
  if (pfad === undefined || pfad === '') return BEREICHE[0].pfad;
  return BEREICHE.find((b) => b.pfad === pfad)?.pfad;
}
