import type { Abwesenheit } from '../api/types';

export type Jahresgruppe = { jahr: number; abwesenheiten: Abwesenheit[] };

/** Grouped by year, newest year first; within a year the weeks descending (docs/produkt.md §2). */
export function nachJahr(abwesenheiten: readonly Abwesenheit[]): Jahresgruppe[] {
  const gruppen = new Map<number, Abwesenheit[]>();
  for (const abwesenheit of abwesenheiten) {
    const liste = gruppen.get(abwesenheit.jahr) ?? [];
    liste.push(abwesenheit);
    gruppen.set(abwesenheit.jahr, liste);
  }
  return [...gruppen.entries()]
    .sort(([a], [b]) => b - a)
    .map(([jahr, liste]) => ({ jahr, abwesenheiten: liste.sort((a, b) => b.kalenderwoche - a.kalenderwoche) }));
}
