import type { TagArt } from '../api/types';

/** The three kinds of entries on the screen. */
export type Art = 'woche' | TagArt;

type ArtTexte = {
  singular: string;
  plural: string;
  /** 'Neue Schließzeit' … as the create dialog and its button say. */
  neu: string;
  leer: string;
  /** docs/produkt.md §5, §9: description limit. */
  maxLaenge: number;
};

export const ARTEN: Record<Art, ArtTexte> = {
  woche: {
    singular: 'Schließzeit',
    plural: 'Schließzeiten',
    neu: 'Neue Schließzeit',
    leer: 'Keine Schließzeiten vorhanden',
    maxLaenge: 500,
  },
  schliesstag: {
    singular: 'Schließtag',
    plural: 'Schließtage',
    neu: 'Neuer Schließtag',
    leer: 'Keine Schließtage vorhanden',
    maxLaenge: 800,
  },
  event: { singular: 'Event', plural: 'Events', neu: 'Neues Event', leer: 'Keine Events vorhanden', maxLaenge: 500 },
};
