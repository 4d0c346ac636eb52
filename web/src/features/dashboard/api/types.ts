/** An announcement as GET /api/mitteilungen lists it: its schema is in domain, shared with query-api. */
export type { Mitteilung } from '@waldkita/domain/mitteilung/antworten';
