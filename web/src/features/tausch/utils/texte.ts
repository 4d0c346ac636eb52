import { datumDeutsch, freitagDerWoche, type IsoWoche } from '@waldkita/domain/kalender/iso-woche';

/** SPEC.md §8 swap exchange: toasts, 3 s. */
export const TOAST_MS = 3000;

export const MELDUNG = {
  erstellt: 'Tausch-Anfrage erfolgreich erstellt!',
  angenommen: 'Tausch-Anfrage erfolgreich angenommen!',
  zurueckgezogen: 'Tausch-Anfrage erfolgreich zurückgezogen',
  ladeFehler: 'Fehler beim Laden der Daten',
  erstellFehler: 'Fehler beim Erstellen der Tausch-Anfrage',
  annahmeFehler: 'Fehler beim Annehmen der Tausch-Anfrage',
  rueckzugFehler: 'Fehler beim Zurückziehen der Tausch-Anfrage',
} as const;

export const ZURUECKZIEHEN_FRAGE = 'Möchten Sie Ihre Tausch-Anfrage wirklich zurückziehen?';

/** 'KW 14 / 2026' as the swap cards show a week. */
export const kwSlashJahr = ({ kalenderwoche, jahr }: IsoWoche) => `KW ${kalenderwoche} / ${jahr}`;

/** 'Freitag, 03.04.2026': the day a duty is shown with; empty for a week that does not exist. */
export const freitagText = (woche: IsoWoche): string => {
  try {
    return `Freitag, ${datumDeutsch(freitagDerWoche(woche))}`;
  } catch {
    return '';
  }
};
