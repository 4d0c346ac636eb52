import type { AdminEltern } from '../api/types';
import { deutsch, type Uebersetze } from './texte';

/** Lower case without accents, 'ß' as 'ss': 'Müller' is found by 'muller', 'Mueller' only by itself. */
const normal = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('de')
    .replaceAll('ß', 'ss');

/** The words of a search; empty when there is nothing to search for. */
export const suchWoerter = (suche: string) => normal(suche).split(/\s+/).filter(Boolean);

/** Whether a family matches every word of the search in its surname, its children's names or its e-mail address. */
export function passtZurSuche(eltern: AdminEltern, woerter: readonly string[]): boolean {
  if (woerter.length === 0) return true;
  const text = normal([eltern.nachname, eltern.nameKind ?? '', eltern.email].join(' '));
  return woerter.every((wort) => text.includes(wort));
}

/** '3 von 25 Familien gefunden', 'Keine Familie gefunden für „Xyz“.' (the search as typed). */
export function suchErgebnisText(gefunden: number, gesamt: number, suche: string, t: Uebersetze = deutsch): string {
  if (gefunden === 0) return t('admin.eltern.sucheKeine', { suche: suche.trim() });
  return t('admin.eltern.sucheGefunden', { gefunden, gesamt });
}
