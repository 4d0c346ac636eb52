import type { Schliesszeit, TagEintrag } from '../api/types';

export type Jahresgruppe<T> = { jahr: number; eintraege: T[] };

function gruppieren<T>(eintraege: readonly T[], jahrVon: (eintrag: T) => number, vergleiche: (a: T, b: T) => number): Jahresgruppe<T>[] {
  const gruppen = new Map<number, T[]>();
  for (const eintrag of eintraege) {
    const jahr = jahrVon(eintrag);
    const liste = gruppen.get(jahr) ?? [];
    liste.push(eintrag);
    gruppen.set(jahr, liste);
  }
  return [...gruppen.entries()].sort(([a], [b]) => b - a).map(([jahr, liste]) => ({ jahr, eintraege: liste.sort(vergleiche) }));
}

/** Closing weeks by year, newest year first; weeks ascending (docs/produkt.md §2). */
export const wochenNachJahr = (wochen: readonly Schliesszeit[]) =>
  gruppieren(
    wochen,
    (woche) => woche.jahr,
    (a, b) => a.kalenderwoche - b.kalenderwoche,
  );

/** Closing days or events by year, newest year first; dates ascending (docs/produkt.md §2). */
export const tageNachJahr = (tage: readonly TagEintrag[]) =>
  gruppieren(
    tage,
    (tag) => Number(tag.datum.slice(0, 4)),
    (a, b) => a.datum.localeCompare(b.datum),
  );
