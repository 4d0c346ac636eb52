import type { IsoWoche } from '@waldkita/domain/kalender/iso-woche';

/** The answers (docs/api-abwesenheit-schliesszeiten.md): one schema each in domain, shared with query-api. */
export type { Abwesenheit, AbwesenheitGeloescht, AbwesenheitGemeldet, CreationInfo } from '@waldkita/domain/abwesenheit/antworten';

export type NeueAbwesenheit = IsoWoche;
