import { z } from 'zod';

/**
 * The answer shapes of the calendar reads (docs/api-abwesenheit-schliesszeiten.md), one zod schema
 * each, shared by query-api (which writes them) and web (which reads them). The field names are
 * those of the HTTP API.
 */

/** An ISO week as the answers carry it. */
export const isoWocheSchema = z.object({ jahr: z.number(), kalenderwoche: z.number() });

/** A closing week: the kindergarten is closed all week. */
const schliesszeitSchema = z.object({
  id: z.string(),
  kalenderwoche: z.number(),
  jahr: z.number(),
  beschreibung: z.string(),
  /** Set when the week was entered as a holiday in the Admin Center ('Weihnachtsferien' …). */
  ferienart: z.string().nullable().optional(),
});
export type Schliesszeit = z.infer<typeof schliesszeitSchema>;

/** A closing day or an event: one date with a description. */
const tagEintragSchema = z.object({
  id: z.string(),
  /** 'YYYY-MM-DD' */
  datum: z.string(),
  beschreibung: z.string(),
  /** Closing days only: set when the day was entered as a holiday in the Admin Center. */
  ferienart: z.string().nullable().optional(),
});
export type TagEintrag = z.infer<typeof tagEintragSchema>;

/** 201 of POST /api/api/schliesszeiten: how many weeks were created and how many existed already. */
const schliesszeitErstelltSchema = z.object({
  count: z.number(),
  skipped: z.number(),
  ids: z.array(z.string()),
  message: z.string(),
});
export type SchliesszeitErstellt = z.infer<typeof schliesszeitErstelltSchema>;
