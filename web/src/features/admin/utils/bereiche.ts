/**
 * The sections of the Admin Center, each under its own address /admin-dashboard/{pfad}, in the
 * menu's order; `name` is the catalogue key of the menu's text.
 */
export const BEREICHE = [
  { pfad: 'familien', name: 'admin.bereich.familien' },
  { pfad: 'gruppen', name: 'admin.bereich.gruppen' },
  { pfad: 'ferien', name: 'admin.bereich.ferien' },
  { pfad: 'import', name: 'admin.bereich.import' },
  { pfad: 'planung', name: 'admin.bereich.planung' },
  { pfad: 'dienstarten', name: 'admin.bereich.dienstarten' },
  { pfad: 'einsaetze', name: 'admin.bereich.einsaetze' },
  { pfad: 'stunden', name: 'admin.bereich.stunden' },
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
