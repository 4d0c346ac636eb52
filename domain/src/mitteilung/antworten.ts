import { z } from 'zod';

/** An announcement as GET /api/mitteilungen lists it (docs/api-dashboard.md). */
const mitteilungSchema = z.object({
  id: z.string(),
  text: z.string(),
  /** ISO date-time of publication. */
  veroeffentlichtAm: z.string(),
  autor: z.object({ id: z.string(), nachname: z.string().nullable() }).nullable(),
});
export type Mitteilung = z.infer<typeof mitteilungSchema>;

/** POST /api/admin/mitteilungen: the announcement as published. */
const mitteilungVeroeffentlichtSchema = z.object({ id: z.string(), text: z.string(), message: z.string() });
export type MitteilungVeroeffentlicht = z.infer<typeof mitteilungVeroeffentlichtSchema>;

/** DELETE /api/admin/mitteilungen/{id}. */
const mitteilungGeloeschtSchema = z.object({ id: z.string(), message: z.string() });
export type MitteilungGeloescht = z.infer<typeof mitteilungGeloeschtSchema>;
