import type { RotaSaldo } from './rota-planer.js';

/** One earlier season of a group: per family, the duties it did and its share then. */
export type FruehereSaison = {
  /** Which season (e.g. the id of the import that retired its plan); only groups the rows. */
  saisonId: string;
  familien: readonly { elternId: string; geleistet: number; anteil: number }[];
};

/** Balances are kept in hundredths of a duty, so they read the same wherever they are worked out. */
const aufHundertstel = (n: number) => {
  const gerundet = Math.round(n * 100) / 100;
  return gerundet === 0 ? 0 : gerundet;
};

/**
 * Each family's balance from earlier seasons: Σ over seasons of (duties done − duties due), where
 * a season's duties due are its duties done by all its families, shared in proportion to their
 * shares then (share 0: due nothing). Positive = the family did more than its share. Only the
 * families asked for are returned, in id order, rounded to hundredths; a family without earlier
 * seasons has balance 0. Pure and independent of the order of any list.
 */
export function saldoFruehererSaisons(saisons: readonly FruehereSaison[], familien: readonly string[]): RotaSaldo[] {
  const saldo = new Map<string, number>();
  // Seasons in id order and families in id order within them: the same sum whatever the input order.
  const sortiert = [...saisons].sort((a, b) => (a.saisonId < b.saisonId ? -1 : a.saisonId > b.saisonId ? 1 : 0));
  for (const saison of sortiert) {
    const zeilen = [...saison.familien].sort((a, b) => (a.elternId < b.elternId ? -1 : a.elternId > b.elternId ? 1 : 0));
    const geleistet = zeilen.reduce((n, z) => n + z.geleistet, 0);
    const anteile = zeilen.reduce((n, z) => n + Math.max(0, z.anteil), 0);
    for (const z of zeilen) {
      const soll = anteile > 0 ? (geleistet * Math.max(0, z.anteil)) / anteile : 0;
      saldo.set(z.elternId, (saldo.get(z.elternId) ?? 0) + z.geleistet - soll);
    }
  }
  return [...new Set(familien)].sort().map((elternId) => ({ elternId, saldo: aufHundertstel(saldo.get(elternId) ?? 0) }));
}
