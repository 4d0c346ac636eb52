import type { IsoWoche } from '@waldkita/domain/kalender/iso-woche';

/** One reported week of the family (docs/api-abwesenheit-schliesszeiten.md). */
export type Abwesenheit = IsoWoche & {
  abwesenheitID: string;
  id: string;
};

/** GET /api/abwesenheit/creation-info (SPEC.md §3 Deadline info). Every field may be missing. */
export type CreationInfo = {
  canCreateAbwesenheit?: boolean;
  remainingDays?: number;
  /** 'YYYY-MM-DD', the last day on which absences can be created; null when there is no deadline. */
  deadline?: string | null;
  /** The current ISO week, as the server (Europe/Berlin) sees it. */
  aktuelleWoche?: IsoWoche;
};

export type NeueAbwesenheit = IsoWoche;
