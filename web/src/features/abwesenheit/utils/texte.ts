import type { IsoWoche } from '@waldkita/domain/kalender/iso-woche';

/** SPEC.md §9: toasts of the absence screen last 5 s. */
export const TOAST_MS = 5000;

/** SPEC.md §5, §8: the texts of the absence screen, word for word. */
export const MELDUNG = {
  erstellt: 'Abwesenheit erfolgreich erstellt',
  geloescht: 'Abwesenheit erfolgreich gelöscht',
  ladeFehler: 'Fehler beim Laden der Abwesenheiten',
  erstellFehler: 'Fehler beim Erstellen',
  loeschFehler: 'Fehler beim Löschen',
  kwBereich: 'Kalenderwoche muss zwischen 1 und 53 liegen',
  jahrMindestens: 'Jahr muss mindestens 2024 sein',
  fristAbgelaufen: 'Sie können keine Abwesenheiten mehr erstellen. Die konfigurierte Frist ist abgelaufen.',
  fristTooltip: 'Die Frist für das Erstellen von Abwesenheiten ist abgelaufen',
} as const;

export const MINDESTJAHR = 2024;

/** 'KW 12/2027' */
export const kwText = ({ kalenderwoche, jahr }: IsoWoche) => `KW ${kalenderwoche}/${jahr}`;

export const loeschenFrage = (woche: IsoWoche) => `Möchten Sie die Abwesenheit für ${kwText(woche)} wirklich löschen?`;

/** 'Jahr 2027 (3 Abwesenheiten)'; one absence in the singular. */
export const jahrUeberschrift = (jahr: number, anzahl: number) =>
  `Jahr ${jahr} (${anzahl} ${anzahl === 1 ? 'Abwesenheit' : 'Abwesenheiten'})`;

/** 'noch 12 Tage', 'noch 1 Tag', 'heute ist der letzte Tag' */
export const restTageText = (tage: number) => {
  if (tage <= 0) return 'heute ist der letzte Tag';
  return `noch ${tage} ${tage === 1 ? 'Tag' : 'Tage'}`;
};
