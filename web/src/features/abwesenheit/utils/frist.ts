import { aktuelleWoche, type IsoWoche, istGueltigeWoche } from '@waldkita/domain/kalender/iso-woche';
import type { CreationInfo } from '../api/types';

/** docs/produkt.md §9: defaults of the form when the current week is not known. */
const FALLBACK_WOCHE: IsoWoche = { kalenderwoche: 1, jahr: 2025 };

export type Frist = {
  kannErstellen: boolean;
  restTage: number;
  /** 'YYYY-MM-DD' or null (no deadline: creating is open). */
  deadline: string | null;
  /** The current ISO week: the server's, else the browser's (Europe/Berlin), else week 1 of 2025. */
  aktuelleWoche: IsoWoche;
};

const gueltig = (woche: IsoWoche | undefined): woche is IsoWoche =>
  Boolean(woche) && typeof woche?.jahr === 'number' && typeof woche.kalenderwoche === 'number' && istGueltigeWoche(woche);

const lokaleWoche = (): IsoWoche | undefined => {
  try {
    return aktuelleWoche(new Date());
  } catch {
    return undefined;
  }
};

/** The deadline info with the docs/produkt.md §3 defaults (every field taken as possibly missing): may create if absent, 0 remaining days if absent. */
export function fristAus(info: Partial<CreationInfo> | undefined): Frist {
  const serverWoche = info?.aktuelleWoche;
  const lokal = lokaleWoche();
  return {
    kannErstellen: info?.canCreateAbwesenheit ?? true,
    restTage: typeof info?.remainingDays === 'number' ? info.remainingDays : 0,
    deadline: typeof info?.deadline === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(info.deadline) ? info.deadline : null,
    aktuelleWoche: gueltig(serverWoche) ? serverWoche : gueltig(lokal) ? lokal : FALLBACK_WOCHE,
  };
}

/** The selectable years: the current one and the next two (docs/produkt.md §9). */
export const waehlbareJahre = (aktuellesJahr: number) => [aktuellesJahr, aktuellesJahr + 1, aktuellesJahr + 2];
