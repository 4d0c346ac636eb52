import type { ElternKurz } from '@/lib/wasserdienst-api';

/** A week as a swap refers to it. */
export type TauschWoche = { id: string; kalenderwoche: number; jahr: number };

/** One swap offer of the group (docs/api-wasserdienst-tausch.md); withdrawn ones are not listed. */
export type Tausch = {
  id: string;
  /** The family that offers its week. */
  requestEltern: ElternKurz;
  requestWasserdienst: TauschWoche;
  /** The family that took the week, once accepted. */
  resolveEltern: ElternKurz | null;
  /** The week given in return, once accepted. */
  resolveWasserdienst: TauschWoche | null;
  bestaetigt: boolean;
  /** ISO timestamp. */
  angebotenAm: string;
  /** Given away ('Dienst abgeben'): another family takes it over without a duty in return. */
  abgeben: boolean;
};
