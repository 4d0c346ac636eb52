import { MELDUNG, MINDESTJAHR } from './texte';

/** An integer typed into a field, or null for anything else (empty, '3.5', 'abc'). */
export const alsGanzzahl = (text: string): number | null => (/^\s*-?\d+\s*$/.test(text) ? Number(text) : null);

/**
 * SPEC.md §5 Absence, checked before sending (the server checks again and has the last word, e.g. for
 * week 53 in a year with 52 weeks). Returns the message, or null when the input may be sent.
 */
export function pruefeAbwesenheit({ kalenderwoche, jahr, kannErstellen }: { kalenderwoche: string; jahr: string; kannErstellen: boolean }) {
  if (!kannErstellen) return MELDUNG.fristAbgelaufen;
  const woche = alsGanzzahl(kalenderwoche);
  if (woche === null || woche < 1 || woche > 53) return MELDUNG.kwBereich;
  const j = alsGanzzahl(jahr);
  if (j === null || j < MINDESTJAHR) return MELDUNG.jahrMindestens;
  return null;
}
