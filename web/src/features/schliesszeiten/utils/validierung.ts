import { ARTEN } from './arten';
import { JAHR_MAX, JAHR_MIN, PRUEFUNG } from './texte';

/** An integer typed into a field, or null for anything else (empty, '3.5', 'abc'). */
export const alsGanzzahl = (text: string): number | null => (/^\s*-?\d+\s*$/.test(text) ? Number(text) : null);

const inWochenBereich = (woche: number | null) => woche !== null && woche >= 1 && woche <= 53;

export type SchliesszeitFormular = {
  bereich: boolean;
  jahr: string;
  kalenderwoche: string;
  von: string;
  bis: string;
  beschreibung: string;
};

/**
 * docs/produkt.md §5 Closing week, in the order the rules are listed; null when the input may be sent. The
 * server checks again (e.g. week 53 in a year with 52 weeks) and has the last word.
 */
export function pruefeNeueSchliesszeit(formular: SchliesszeitFormular): string | null {
  const jahr = alsGanzzahl(formular.jahr);
  if (jahr === null || !formular.beschreibung.trim()) return PRUEFUNG.felderFehlen;
  if (jahr < JAHR_MIN || jahr > JAHR_MAX) return PRUEFUNG.jahrBereich;
  if (formular.bereich) {
    if (!formular.von.trim() || !formular.bis.trim()) return PRUEFUNG.bereichWochenFehlen;
    const von = alsGanzzahl(formular.von);
    const bis = alsGanzzahl(formular.bis);
    if (!inWochenBereich(von) || !inWochenBereich(bis)) return PRUEFUNG.bereichWochen;
    if ((von ?? 0) > (bis ?? 0)) return PRUEFUNG.startNachEnde;
  } else {
    if (!formular.kalenderwoche.trim()) return PRUEFUNG.wocheFehlt;
    if (!inWochenBereich(alsGanzzahl(formular.kalenderwoche))) return PRUEFUNG.woche;
  }
  return pruefeLaenge(formular.beschreibung, ARTEN.woche.maxLaenge);
}

/** docs/produkt.md §5 Closing day, event: date and description required, description limited. */
export function pruefeNeuenTagEintrag({ datum, beschreibung, maxLaenge }: { datum: string; beschreibung: string; maxLaenge: number }) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(datum) || !beschreibung.trim()) return PRUEFUNG.felderFehlen;
  return pruefeLaenge(beschreibung, maxLaenge);
}

/** docs/produkt.md §5 Closing day, event (edits): only the description, which must not be empty. */
export function pruefeBearbeitung(beschreibung: string, maxLaenge: number): string | null {
  if (!beschreibung.trim()) return PRUEFUNG.beschreibungLeer;
  return pruefeLaenge(beschreibung, maxLaenge);
}

const pruefeLaenge = (beschreibung: string, maxLaenge: number) =>
  beschreibung.trim().length > maxLaenge ? PRUEFUNG.beschreibungZuLang(maxLaenge) : null;
