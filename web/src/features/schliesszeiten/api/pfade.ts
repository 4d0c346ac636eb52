import type { TagArt } from './types';

/** docs/produkt.md §7: the closing-times calls carry the doubled prefix /api/api. */
export const SCHLIESSZEITEN_PFAD = '/api/api/schliesszeiten';

export const TAG_PFAD: Record<TagArt, string> = {
  schliesstag: `${SCHLIESSZEITEN_PFAD}/schliesstage`,
  event: `${SCHLIESSZEITEN_PFAD}/events`,
};
