import { wochentagMitDatum } from '@waldkita/domain/i18n/datum';
import type { Sprache } from '@waldkita/domain/i18n/sprachen';
import { freitagDerWoche, type IsoWoche } from '@waldkita/domain/kalender/iso-woche';
import type { TFunction } from 'i18next';

/** docs/produkt.md §8 Tausch-Börse: toasts, 3 s. */
export const TOAST_MS = 3000;

/** The text of a successful write's answer (plain text or `{ message }`), else `fallback`. */
export const antwortText = (antwort: unknown, fallback: string): string => {
  if (typeof antwort === 'string' && antwort.trim() && !antwort.trim().startsWith('<')) return antwort.trim();
  if (antwort && typeof antwort === 'object' && 'message' in antwort && typeof antwort.message === 'string' && antwort.message.trim())
    return antwort.message.trim();
  return fallback;
};

/** 'KW 14 / 2026' as the swap cards show a week ('Week 14 / 2026' in English). */
export const kwSlashJahr = (t: TFunction, { kalenderwoche, jahr }: IsoWoche) =>
  t('tausch.kwSlashJahr', { kw: String(kalenderwoche), jahr: String(jahr) });

/** 'Freitag, 03.04.2026': the day a duty is shown with; empty for a week that does not exist. */
export const freitagText = (woche: IsoWoche, sprache: Sprache): string => {
  try {
    return wochentagMitDatum(freitagDerWoche(woche), sprache);
  } catch {
    return '';
  }
};
