import { z } from 'zod';
import { SPRACHE_UNBEKANNT, SPRACHEN } from './sprachen.js';

/** The body of PUT /api/eltern/ich/sprache; anything but one of the six languages is refused in German. */
export const spracheSchema = z.object({ sprache: z.enum(SPRACHEN, { error: SPRACHE_UNBEKANNT }) }, { error: SPRACHE_UNBEKANNT });
