import {
  ANTEIL_GRUND_FEHLT,
  ANTEIL_GRUND_ZU_LANG,
  ANTEIL_UNGUELTIG,
  MAX_ANTEIL,
  MAX_ANTEIL_GRUND,
  MIN_ANTEIL,
  STANDARD_ANTEIL,
} from '@waldkita/domain/eltern/eltern';
import { zeichenzahl } from '@waldkita/domain/shared/eingabe';

export { MAX_ANTEIL, MAX_ANTEIL_GRUND, MIN_ANTEIL, STANDARD_ANTEIL };

/** A family's share as the Admin Center shows it: 'Anteil 0 – befreit', 'Anteil 2'. */
export const anteilText = (anteil: number) => (anteil === 0 ? 'Anteil 0 – befreit' : `Anteil ${anteil}`);

/** 'Der Anteil von Familie Wagner ist jetzt 2.', when the server's answer carries no message. */
export const anteilGesetzt = (nachname: string, anteil: number, dienstart?: string) => {
  if (dienstart)
    return anteil === 0
      ? `Familie ${nachname} ist vom Dienst „${dienstart}“ befreit.`
      : `Der Anteil von Familie ${nachname} am Dienst „${dienstart}“ ist jetzt ${anteil}.`;
  return anteil === 0 ? `Familie ${nachname} ist vom Wasserdienst befreit.` : `Der Anteil von Familie ${nachname} ist jetzt ${anteil}.`;
};

export type AnteilFehler = { feld: 'anteil' | 'grund'; text: string };

/**
 * 'Anteil am Wasserdienst' (PUT /api/admin/eltern/{id}/anteil), checked with the server's messages:
 * a whole number from 0 to 5 and a reason of at most 300 characters (counted as a user counts
 * them). The share the family already has is refused here, as the server would record nothing.
 */
export function pruefeAnteil(input: {
  anteil: string;
  grund: string;
  bisher: number | null;
}): AnteilFehler | { anteil: number; grund: string } {
  const text = input.anteil.trim();
  const anteil = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(anteil) || anteil < MIN_ANTEIL || anteil > MAX_ANTEIL) return { feld: 'anteil', text: ANTEIL_UNGUELTIG };
  if (anteil === input.bisher)
    return { feld: 'anteil', text: `Die Familie hat bereits den Anteil ${anteil}. Bitte wählen Sie einen anderen Anteil.` };
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
export function saldoText(saldo: number): string {
  const gerundet = Math.round(saldo * 100) / 100;
  if (gerundet === 0) return '0';
  return `${gerundet > 0 ? '+' : '−'}${zahl.format(Math.abs(gerundet))}`;
}
