import { istVorbei } from '@waldkita/domain/abwesenheit/abwesenheit';
import type { IsoWoche } from '@waldkita/domain/kalender/iso-woche';
import type { TFunction } from 'i18next';
// Relative, not '@/': the unit tests run without Vite's alias.
import { i18n } from '../../../lib/i18n';
import { MINDESTJAHR } from './texte';

/** An integer typed into a field, or null for anything else (empty, '3.5', 'abc'). */
export const alsGanzzahl = (text: string): number | null => (/^\s*-?\d+\s*$/.test(text) ? Number(text) : null);

/**
 * docs/produkt.md §5 Absence, checked before sending (the server checks again and has the last word, e.g. for
 * week 53 in a year with 52 weeks). Returns the message in the screen's language (German word for word
 * as the server's), or null when the input may be sent.
 */
export function pruefeAbwesenheit({
  kalenderwoche,
  jahr,
  kannErstellen,
  aktuelleWoche,
  t = i18n.t.bind(i18n),
}: {
  kalenderwoche: string;
  jahr: string;
  kannErstellen: boolean;
  /** The server's current week (creation-info): weeks before it have ended and cannot be reported. */
  aktuelleWoche: IsoWoche;
  t?: TFunction;
}) {
  if (!kannErstellen) return t('abwesenheit.pruefung.fristAbgelaufen');
  const woche = alsGanzzahl(kalenderwoche);
  if (woche === null || woche < 1 || woche > 53) return t('abwesenheit.pruefung.kwBereich');
  const j = alsGanzzahl(jahr);
  if (j === null || j < MINDESTJAHR) return t('abwesenheit.pruefung.jahrMindestens', { jahr: String(MINDESTJAHR) });
  if (istVorbei({ jahr: j, kalenderwoche: woche }, aktuelleWoche))
    return t('abwesenheit.pruefung.wocheVorbei', { kw: String(woche), jahr: String(j) });
  return null;
}
