import type { ElternKurz } from '@/lib/wasserdienst-api';

/** Shapes of docs/api-wasserdienst-tausch.md (water duty reads); those the swap exchange shares are in lib/wasserdienst-api.ts. */

export type GruppeKurz = { gruppenID: string; gruppenName: string };

/** One duty on the calendar: all-day from Monday to the next Monday (exclusive). */
export type DienstEvent = {
  id: string;
  /** The family's surname; for admins 'Gruppenname: Nachname'. */
  title: string;
  start: string;
  end: string;
  allDay: true;
  kalenderwoche: number;
  jahr: number;
  /** 'YYYY-MM-DD', the Friday of the week. */
  freitag: string;
  eltern: ElternKurz;
  gruppe: GruppeKurz;
  /** The signed-in family's own duty. */
  eigener: boolean;
};

/**
 * One family of the group in 'Verteilung', sorted by surname: the season's duties of the family
 * that holds each week after swaps and take-overs.
 */
export type Verteilung = {
  elternId: string;
  nachname: string;
  /** Duties in weeks before the current ISO week. */
  geleistet: number;
  /** Duties from the current week on. */
  geplant: number;
  /** Share of the duty, 0–5 (1 unless an admin set another). */
  anteil: number;
};
