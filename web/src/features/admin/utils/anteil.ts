import {
  ANTEIL_GRUND_FEHLT,
  ANTEIL_GRUND_ZU_LANG,
  ANTEIL_UNGUELTIG,
  MAX_ANTEIL,
  MAX_ANTEIL_GRUND,
  MIN_ANTEIL,
  STANDARD_ANTEIL,
} from '@waldkita/domain/eltern/eltern';
import { zahl as zahlIn } from '@waldkita/domain/i18n/datum';
import { istSprache, type Sprache } from '@waldkita/domain/i18n/sprachen';
import { zeichenzahl } from '@waldkita/domain/shared/eingabe';
import type { TFunction } from 'i18next';
import { i18n } from '../../../lib/i18n';

export { MAX_ANTEIL, MAX_ANTEIL_GRUND, MIN_ANTEIL, STANDARD_ANTEIL };

/** The screens' current translation, for callers that pass none (texts in the language shown). */
const aktuell: TFunction = i18n.t.bind(i18n) as TFunction;
const aktuelleSprache = (): Sprache => (istSprache(i18n.language) ? i18n.language : 'de');

/** A family's share as the Admin Center shows it: 'Anteil 0 – befreit', 'Anteil 2'. */
export const anteilText = (anteil: number, t: TFunction = aktuell) =>
  anteil === 0 ? t('admin.anteil.befreit') : t('admin.anteil.text', { anteil });

/** 'Der Anteil von Familie Wagner ist jetzt 2.', when the server's answer carries no message. */
export const anteilGesetzt = (nachname: string, anteil: number, dienstart?: string, t: TFunction = aktuell) => {
  if (dienstart)
    return anteil === 0
      ? t('admin.anteil.gesetzt.dienstBefreit', { nachname, dienstart })
      : t('admin.anteil.gesetzt.dienst', { nachname, dienstart, anteil });
  return anteil === 0
    ? t('admin.anteil.gesetzt.wasserdienstBefreit', { nachname })
    : t('admin.anteil.gesetzt.wasserdienst', { nachname, anteil });
};

export type AnteilFehler = { feld: 'anteil' | 'grund'; text: string };

/**
 * 'Anteil am Wasserdienst' (PUT /api/admin/eltern/{id}/anteil), checked with the server's messages:
 * a whole number from 0 to 5 and a reason of at most 300 characters (counted as a user counts
 * them). The share the family already has is refused here, as the server would record nothing.
 */
export function pruefeAnteil(
  input: {
    anteil: string;
    grund: string;
    bisher: number | null;
  },
  t: TFunction = aktuell,
): AnteilFehler | { anteil: number; grund: string } {
  const text = input.anteil.trim();
  const anteil = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(anteil) || anteil < MIN_ANTEIL || anteil > MAX_ANTEIL) return { feld: 'anteil', text: ANTEIL_UNGUELTIG };
  if (anteil === input.bisher) return { feld: 'anteil', text: t('admin.anteil.bereits', { anteil }) };
  const grund = input.grund.trim();
  if (!grund) return { feld: 'grund', text: ANTEIL_GRUND_FEHLT };
  if (zeichenzahl(grund) > MAX_ANTEIL_GRUND) return { feld: 'grund', text: ANTEIL_GRUND_ZU_LANG };
  return { anteil, grund };
}

const zahl = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 });

/**
 * A balance from earlier seasons as it reads: '+1' (one duty more than the family's share),
 * '−0,67' (with a real minus sign), '0'.
 */
export function saldoText(saldo: number, sprache: Sprache = aktuelleSprache()): string {
  const gerundet = Math.round(saldo * 100) / 100;
  if (gerundet === 0) return '0';
  const betrag = sprache === 'de' ? zahl.format(Math.abs(gerundet)) : zahlIn(Math.abs(gerundet), sprache, { maximumFractionDigits: 2 });
  return `${gerundet > 0 ? '+' : '−'}${betrag}`;
}
