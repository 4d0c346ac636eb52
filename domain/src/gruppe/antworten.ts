import { z } from 'zod';

/** A group as GET /api/gruppen and the water duty calendar name it (HTTP field names). */
export const gruppeKurzSchema = z.object({ gruppenID: z.string(), gruppenName: z.string() });
export type GruppeKurz = z.infer<typeof gruppeKurzSchema>;
