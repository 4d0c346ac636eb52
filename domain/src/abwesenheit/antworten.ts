import { z } from 'zod';
import { isoWocheSchema } from '../kalender/antworten.js';

/** The answer shapes of the absence reads (docs/api-abwesenheit-schliesszeiten.md), HTTP field names. */

/** One reported week of the family (GET /api/abwesenheit). */
const abwesenheitSchema = isoWocheSchema.extend({ abwesenheitID: z.string(), id: z.string() });
export type Abwesenheit = z.infer<typeof abwesenheitSchema>;

/** 201 of POST /api/abwesenheit: the reported week. */
const abwesenheitGemeldetSchema = abwesenheitSchema.extend({ elternId: z.string(), message: z.string() });
export type AbwesenheitGemeldet = z.infer<typeof abwesenheitGemeldetSchema>;

/** DELETE /api/abwesenheit/{id}. */
const abwesenheitGeloeschtSchema = z.object({ id: z.string(), message: z.string() });
export type AbwesenheitGeloescht = z.infer<typeof abwesenheitGeloeschtSchema>;

/** GET /api/abwesenheit/creation-info (docs/produkt.md §3 Deadline info). The client takes every field as possibly missing. */
const creationInfoSchema = z.object({
  canCreateAbwesenheit: z.boolean(),
  remainingDays: z.number(),
  /** 'YYYY-MM-DD', the last day on which absences can be created; null when there is no deadline. */
  deadline: z.string().nullable(),
  /** The current ISO week, as the server (Europe/Berlin) sees it. */
  aktuelleWoche: isoWocheSchema,
});
export type CreationInfo = z.infer<typeof creationInfoSchema>;
