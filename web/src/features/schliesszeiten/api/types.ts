/** A closing week (docs/api-abwesenheit-schliesszeiten.md): the kindergarten is closed all week. */
export type Schliesszeit = {
  id: string;
  kalenderwoche: number;
  jahr: number;
  beschreibung: string;
  /** Set when the week was entered as a holiday in the Admin Center ('Weihnachtsferien' …). */
  ferienart?: string | null;
};

/** A closing day or an event: one date with a description. */
export type TagEintrag = {
  id: string;
  /** 'YYYY-MM-DD' */
  datum: string;
  beschreibung: string;
  /** Closing days only: set when the day was entered as a holiday in the Admin Center. */
  ferienart?: string | null;
};

/** The two kinds of dated entries; their API paths and texts are in utils/arten.ts. */
export type TagArt = 'schliesstag' | 'event';

/** POST and PUT /api/api/schliesszeiten: single week or range of weeks. */
export type SchliesszeitInput = {
  kalenderwoche: number | null;
  kalenderwocheVon: number | null;
  kalenderwocheBis: number | null;
  jahr: number;
  beschreibung: string;
  isRange: boolean;
};

/** 201 of POST /api/api/schliesszeiten: how many weeks were created and which existed already. */
export type SchliesszeitErstellt = {
  count?: number;
  skipped?: unknown;
  ids?: string[];
  message?: string;
};

export type TagEintragInput = { datum: string; beschreibung: string };
