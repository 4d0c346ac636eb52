import { z } from 'zod';

/**
 * The answer shapes of the duty reads (docs/api-dienste.md), one zod schema each, shared by
 * query-api and web; HTTP field names. A kind's 'Verteilung' has the water duty's shape
 * (`verteilungSchema` in wasserdienst/antworten.ts); a kind itself is `Dienstart` (dienstart.ts).
 */

/** One date of the signed-in family, of any kind, Wasserdienst included (GET /api/dienste/meine). */
const meinDienstSchema = z.object({
  /** wasserdienstId or dienstId */
  id: z.string(),
  dienstartId: z.string(),
  /** The kind's name. */
  dienstart: z.string(),
  /** 'yyyy-MM-dd' */
  von: z.string(),
  bis: z.string(),
  /** null for a kind of the whole kindergarten. */
  gruppeId: z.string().nullable(),
  /** The date has passed. */
  erledigt: z.boolean(),
  /** An open offer exists for it. */
  angeboten: z.boolean(),
  /** Within the next 12 ISO weeks and not past. */
  tauschbar: z.boolean(),
});
export type MeinDienst = z.infer<typeof meinDienstSchema>;

/** An open offer of a date of a kind other than Wasserdienst that the caller's family could take (GET /api/dienste/tausch). */
const dienstTauschAngebotSchema = z.object({
  /** tauschId */
  id: z.string(),
  dienstartId: z.string(),
  dienstart: z.string(),
  dienstId: z.string(),
  von: z.string(),
  bis: z.string(),
  eltern: z.object({ id: z.string(), nachname: z.string() }),
  nachricht: z.string().nullable(),
  /** Given away: taken over without a date in return. */
  abgeben: z.boolean(),
  /** The caller's own offer. */
  eigenes: z.boolean(),
});
export type DienstTauschAngebot = z.infer<typeof dienstTauschAngebotSchema>;
