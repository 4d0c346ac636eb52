/** Shapes of docs/api-dienste.md that only this feature reads (schemas in domain); the shared ones are in lib/dienste-api.ts. */
export type { DienstTauschAngebot } from '@waldkita/domain/dienste/antworten';
export type { GruppeKurz } from '@waldkita/domain/gruppe/antworten';
/** One family in the 'Verteilung' of a kind: the water duty's shape. */
export type { Verteilung as DienstVerteilung } from '@waldkita/domain/wasserdienst/antworten';
