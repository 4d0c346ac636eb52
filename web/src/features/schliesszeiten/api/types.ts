/** The answers (docs/api-abwesenheit-schliesszeiten.md): one schema each in domain, shared with query-api and command-api. */
export type { Schliesszeit, SchliesszeitErstellt, TagEintrag } from '@waldkita/domain/kalender/antworten';

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

export type TagEintragInput = { datum: string; beschreibung: string };
