/** The swap offers of the group (docs/api-wasserdienst-tausch.md): their schema is in domain, shared with query-api. */
export type { Tausch } from '@waldkita/domain/wasserdienst/antworten';
