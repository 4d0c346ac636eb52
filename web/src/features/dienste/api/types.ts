/** Shapes of docs/api-dienste.md that only this feature reads; the shared ones are in lib/dienste-api.ts. */

/** An open offer of a date of a kind other than Wasserdienst that the caller's family could take. */
export type DienstTauschAngebot = {
  /** tauschId */
  id: string;
  dienstartId: string;
  dienstart: string;
  dienstId: string;
  von: string;
  bis: string;
  eltern: { id: string; nachname: string };
  nachricht: string | null;
  /** Given away: taken over without a date in return. */
  abgeben: boolean;
  /** The caller's own offer. */
  eigenes: boolean;
};

/** One family in the 'Verteilung' of a kind. */
export type DienstVerteilung = {
  elternId: string;
  nachname: string;
  /** Dates before today. */
  geleistet: number;
  /** Dates from today on. */
  geplant: number;
  /** Share of this kind (1 unless set). */
  anteil: number;
};

export type GruppeKurz = { gruppenID: string; gruppenName: string };
