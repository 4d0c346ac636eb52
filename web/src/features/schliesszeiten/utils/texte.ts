/** docs/produkt.md §9: toasts of the closing-times screen last 5 s. */
export const TOAST_MS = 5000;

/** docs/produkt.md §5 closing week, day and event; the server answers with the same texts. */
export const PRUEFUNG = {
  felderFehlen: 'Bitte füllen Sie alle Felder aus',
  jahrBereich: 'Jahr muss zwischen 2020 und 2030 liegen',
  bereichWochenFehlen: 'Bitte geben Sie Start- und Endwoche an',
  bereichWochen: 'Kalenderwochen müssen zwischen 1 und 53 liegen',
  startNachEnde: 'Startwoche muss kleiner oder gleich Endwoche sein',
  wocheFehlt: 'Bitte geben Sie eine Kalenderwoche an',
  woche: 'Kalenderwoche muss zwischen 1 und 53 liegen',
  beschreibungLeer: 'Beschreibung darf nicht leer sein',
  beschreibungZuLang: (max: number) => `Die Beschreibung darf höchstens ${max} Zeichen lang sein.`,
  datumFest: 'Das Datum kann nicht geändert werden',
  wocheFest: 'Kalenderwoche und Jahr können nicht geändert werden',
} as const;

export const JAHR_MIN = 2020;
export const JAHR_MAX = 2030;
