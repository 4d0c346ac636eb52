import { z } from 'zod';
import { SPRACHEN } from '../i18n/sprachen.js';

/**
 * The JSON answers of signing in and of the signed-out screens (docs/produkt.md §3, §7), one zod
 * schema each, shared by command-api and query-api (which write them) and web (which reads them);
 * HTTP field names. Changing the password and the password links answer with plain text (a fresh
 * token comes in the `x-auth-token` header): no JSON, so no schema.
 */

/** The family as the API answers with it (docs/produkt.md §3 Eltern). */
const elternDtoSchema = z.object({
  id: z.string(),
  nachname: z.string(),
  nameKind: z.string().nullable(),
  email: z.string(),
  gruppe: z.object({ gruppenID: z.string(), gruppenName: z.string() }).nullable(),
  authorities: z.array(z.object({ authority: z.string() })),
  /** The language the family chose for its screens (docs/i18n.md); 'de' until it chooses. */
  sprache: z.enum(SPRACHEN),
});
export type ElternDto = z.infer<typeof elternDtoSchema>;

/** POST /api/auth/login: the family, its session token and the text. */
const loginAntwortSchema = z.object({ eltern: elternDtoSchema, jwt: z.string(), message: z.string() });
export type LoginAntwort = z.infer<typeof loginAntwortSchema>;

/** GET /api/auth/current-user: the family of the token. */
const aktuelleElternSchema = z.object({ eltern: elternDtoSchema });
export type AktuelleEltern = z.infer<typeof aktuelleElternSchema>;

/** GET /api/public-config (no auth): what the signed-out screens need. */
const publicConfigSchema = z.object({
  /** The kindergarten's public website, target of '← Zurück' on the sign-in screen. */
  kitaWebsiteUrl: z.string(),
  /** After how many days families that left are erased (RETENTION_DAYS, the page /datenschutz). */
  retentionDays: z.number(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** PUT /api/eltern/ich/sprache (docs/api-auth.md): the language the family chose. */
const spracheGewaehltSchema = z.object({ sprache: z.enum(SPRACHEN), message: z.string() });
export type SpracheGewaehlt = z.infer<typeof spracheGewaehltSchema>;
