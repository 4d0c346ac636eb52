import type { AdminEltern } from '../api/types';
import { MELDUNG } from './texte';

export type ElternGruppe = { name: string; eltern: AdminEltern[] };

const vergleich = new Intl.Collator('de', { sensitivity: 'base' });

/** Parents by group name (A–Z, 'Ohne Gruppe' last), within a group by surname. */
export function nachGruppe(eltern: readonly AdminEltern[]): ElternGruppe[] {
  const gruppen = new Map<string, AdminEltern[]>();
  for (const e of eltern) {
    const name = e.gruppe?.gruppenName?.trim() || MELDUNG.ohneGruppe;
    const liste = gruppen.get(name) ?? [];
    liste.push(e);
    gruppen.set(name, liste);
  }
  return [...gruppen.entries()]
    .map(([name, liste]) => ({ name, eltern: liste.sort((a, b) => vergleich.compare(a.nachname, b.nachname)) }))
    .sort((a, b) => {
      if (a.name === MELDUNG.ohneGruppe) return 1;
      if (b.name === MELDUNG.ohneGruppe) return -1;
      return vergleich.compare(a.name, b.name);
    });
}
