import { z } from 'zod';

/** The answers of the calendar feed (docs/kalender-abo.md), shared by query-api, command-api and web; HTTP field names. */

/** GET /api/kalender/abo: whether the family has a feed address, and since when. */
const kalenderAboStatusSchema = z.object({ aktiv: z.boolean(), erneuertAm: z.string().nullable() });
export type KalenderAboStatus = z.infer<typeof kalenderAboStatusSchema>;

/** POST /api/kalender/abo: the new feed address (shown once). */
const kalenderAboAdresseSchema = z.object({ url: z.string(), webcal: z.string(), message: z.string() });
export type KalenderAboAdresse = z.infer<typeof kalenderAboAdresseSchema>;

/** DELETE /api/kalender/abo: the feed is off. */
const kalenderAboBeendetSchema = z.object({ message: z.string() });
export type KalenderAboBeendet = z.infer<typeof kalenderAboBeendetSchema>;
