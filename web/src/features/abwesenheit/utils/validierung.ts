import { istVorbei, WOCHE_VORBEI } from '@waldkita/domain/abwesenheit/abwesenheit';
import type { IsoWoche } from '@waldkita/domain/kalender/iso-woche';
import { MELDUNG, MINDESTJAHR } from './texte';

/** An integer typed into a field, or null for anything else (empty, '3.5', 'abc'). */
export const alsGanzzahl = (text: string): number | null => (/^\s*-?\d+\s*$/.test(text) ? Number(text) : null);

/**
 * SPEC.md §5 Absence, checked before sending (the server checks again and has the last word, e.g. for
 * week 53 in a year with 52 weeks). Returns the message, or null when the input may be sent.
 */
export function pruefeAbwesenheit({
  kalenderwoche,
  jahr,
  kannErstellen,
  aktuelleWoche,
}: {
  kalenderwoche: string;
  jahr: string;
  kannErstellen: boolean;
  /** The server's current week (creation-info): weeks before it have ended and cannot be reported. */
  aktuelleWoche: IsoWoche;
}) {
  if (!kannErstellen) return MELDUNG.fristAbgelaufen;
  const woche = alsGanzzahl(kalenderwoche);
  if (woche === null || woche < 1 || woche > 53) return MELDUNG.kwBereich;
  const j = alsGanzzahl(jahr);
  if (j === null || j < MINDESTJAHR) return MELDUNG.jahrMindestens;
  if (istVorbei({ jahr: j, kalenderwoche: woche }, aktuelleWoche)) return WOCHE_VORBEI({ jahr: j, kalenderwoche: woche });
  return null;
}
