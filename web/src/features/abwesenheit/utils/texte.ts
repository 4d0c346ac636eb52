import type { IsoWoche } from '@waldkita/domain/kalender/iso-woche';
import type { TFunction } from 'i18next';

/** docs/produkt.md §9: toasts of the absence screen last 5 s. */
export const TOAST_MS = 5000;

export const MINDESTJAHR = 2024;

/** 'KW 12/2027' ('Week 12/2027' in English). */
export const kwText = (t: TFunction, { kalenderwoche, jahr }: IsoWoche) =>
  t('abwesenheit.kw', { kw: String(kalenderwoche), jahr: String(jahr) });

/** 'Jahr 2027 (3 Abwesenheiten)'; one absence in the singular. */
export const jahrUeberschrift = (t: TFunction, jahr: number, anzahl: number) => t('abwesenheit.jahr', { jahr: String(jahr), anzahl });

/** 'noch 12 Tage', 'noch 1 Tag', 'heute ist der letzte Tag' */
export const restTageText = (t: TFunction, tage: number) =>
  tage <= 0 ? t('abwesenheit.frist.letzterTag') : t('abwesenheit.frist.rest', { tage });
