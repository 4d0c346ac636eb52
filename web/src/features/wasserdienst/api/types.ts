/**
 * Shapes of docs/api-wasserdienst-tausch.md (water duty reads): one schema each in domain, shared with
 * query-api; those the swap exchange shares are re-exported by lib/wasserdienst-api.ts.
 */
export type { GruppeKurz } from '@waldkita/domain/gruppe/antworten';
export type { DienstEvent, Verteilung } from '@waldkita/domain/wasserdienst/antworten';
