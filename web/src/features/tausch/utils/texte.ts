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
  abgegeben: 'Dienst abgegeben. Die Familien Ihrer Gruppe können ihn jetzt übernehmen.',
  uebernommen: 'Dienst übernommen!',
  abgabeFehler: 'Fehler beim Abgeben des Dienstes',
  uebernahmeFehler: 'Fehler beim Übernehmen des Dienstes',
} as const;

/** The text of a successful write's answer (plain text or `{ message }`), else `fallback`. */
export const antwortText = (antwort: unknown, fallback: string): string => {
  if (typeof antwort === 'string' && antwort.trim() && !antwort.trim().startsWith('<')) return antwort.trim();
  if (antwort && typeof antwort === 'object' && 'message' in antwort && typeof antwort.message === 'string' && antwort.message.trim())
    return antwort.message.trim();
  return fallback;
};

/** The question of the dialog 'Anfrage zurückziehen?', naming the week. */
export const zurueckziehenFrage = (woche: IsoWoche) => `Möchten Sie Ihre Tausch-Anfrage für ${kwSlashJahr(woche)} wirklich zurückziehen?`;

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
