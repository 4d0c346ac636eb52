import { z } from 'zod';
import type { StundenRegeln } from './rechnen.js';

/**
 * The answer shapes of the hours ledger (docs/stunden.md), one zod schema each, shared by query-api
 * and command-api (which write them) and web (which reads them); HTTP field names. Dates are
 * 'YYYY-MM-DD'.
 */

const stundenQuelleSchema = z.enum(['dienst', 'schicht', 'eigen', 'korrektur']);
export type StundenQuelle = z.infer<typeof stundenQuelleSchema>;

const stundenEintragStatusSchema = z.enum(['geplant', 'bestaetigt', 'ausstehend', 'abgelehnt']);
export type StundenEintragStatus = z.infer<typeof stundenEintragStatusSchema>;

/** One entry of a family's account: a duty date, a shift, an own entry or a correction. */
const stundenEintragSchema = z.object({
  id: z.string(),
  datum: z.string(),
  stunden: z.number(),
  quelle: stundenQuelleSchema,
  beschreibung: z.string().nullable(),
  status: stundenEintragStatusSchema,
  /** The reason of a refusal or a correction. */
  grund: z.string().nullable().optional(),
});
export type StundenEintrag = z.infer<typeof stundenEintragSchema>;

/** A kindergarten year, as every account and overview names it. */
const jahrTeil = {
  jahr: z.number(),
  /** '2026/27', or '2026' when the year starts in January. */
  jahrName: z.string(),
  von: z.string(),
  bis: z.string(),
  abgeschlossen: z.boolean(),
};

/** GET /api/stunden/meine: the signed-in family's account of a kindergarten year. */
const meineStundenSchema = z.object({
  ...jahrTeil,
  soll: z.number(),
  ist: z.number(),
  ausstehend: z.number(),
  offen: z.number(),
  eintraege: z.array(stundenEintragSchema),
});
export type MeineStunden = z.infer<typeof meineStundenSchema>;

/** GET /api/admin/stunden/familien/{elternId}: one family's account, for an admin. */
const stundenEinerFamilieSchema = meineStundenSchema.extend({ elternId: z.string(), nachname: z.string() });
export type StundenEinerFamilie = z.infer<typeof stundenEinerFamilieSchema>;

/** One family's line in the admins' overview. */
const stundenFamilieSchema = z.object({
  elternId: z.string(),
  nachname: z.string(),
  gruppe: z.string().nullable(),
  kinder: z.number(),
  befreit: z.boolean(),
  grund: z.string(),
  soll: z.number(),
  ist: z.number(),
  ausstehend: z.number(),
  offen: z.number(),
  betrag: z.number(),
});
export type StundenFamilie = z.infer<typeof stundenFamilieSchema>;

/** GET /api/admin/stunden: every family's due, done, pending and open hours, and the rules of the year. */
const stundenUebersichtSchema = z.object({
  ...jahrTeil,
  /** The rules in force (their type is the decider's, stunden/rechnen.ts). */
  regeln: z.custom<StundenRegeln>(),
  familien: z.array(stundenFamilieSchema),
});
export type StundenUebersicht = z.infer<typeof stundenUebersichtSchema>;

/** GET /api/admin/stunden/offen: an own entry waiting for a decision. */
const wartenderEintragSchema = z.object({
  id: z.string(),
  elternId: z.string(),
  nachname: z.string(),
  datum: z.string(),
  stunden: z.number(),
  beschreibung: z.string().nullable(),
  /** ISO date-time. */
  eingetragenAm: z.string(),
});
export type WartenderEintrag = z.infer<typeof wartenderEintragSchema>;

/** GET /api/admin/stunden/abrechnung: a family with open hours, in euros. */
const abrechnungsZeileSchema = z.object({
  elternId: z.string(),
  nachname: z.string(),
  soll: z.number(),
  ist: z.number(),
  offen: z.number(),
  betrag: z.number(),
});
export type AbrechnungsZeile = z.infer<typeof abrechnungsZeileSchema>;

// ——— The answers of the writes (command-api) ———

/** POST /api/stunden: the family's own entry, waiting for the admins' decision. */
const eingetragenAntwortSchema = z.object({
  id: z.string(),
  jahr: z.number(),
  datum: z.string(),
  stunden: z.number(),
  quelle: z.literal('eigen'),
  beschreibung: z.string(),
  status: z.literal('ausstehend'),
  message: z.string(),
});
export type EingetragenAntwort = z.infer<typeof eingetragenAntwortSchema>;

/** PUT /api/admin/stunden/{id}: confirmed, or refused with its reason. */
const entscheidungAntwortSchema = z.object({
  id: z.string(),
  status: z.enum(['bestaetigt', 'abgelehnt']),
  grund: z.string().nullable().optional(),
  message: z.string(),
});
export type EntscheidungAntwort = z.infer<typeof entscheidungAntwortSchema>;

/** PUT /api/admin/stunden/regeln: the rules as set for the year. */
const regelnAntwortSchema = z.object({
  jahr: z.number(),
  sollProFamilie: z.number(),
  sollProKind: z.number().nullable(),
  stundensatz: z.number(),
  jahresbeginnMonat: z.number(),
  message: z.string(),
});
export type RegelnAntwort = z.infer<typeof regelnAntwortSchema>;

/** POST /api/admin/stunden/korrektur: the correction, counted at once. */
const korrekturAntwortSchema = z.object({
  id: z.string(),
  jahr: z.number(),
  elternId: z.string(),
  datum: z.string(),
  stunden: z.number(),
  grund: z.string(),
  quelle: z.literal('korrektur'),
  status: z.literal('bestaetigt'),
  message: z.string(),
});
export type KorrekturAntwort = z.infer<typeof korrekturAntwortSchema>;

/** PUT /api/admin/stunden/familien/{elternId}: a family's children and exemption for the year. */
const familieAntwortSchema = z.object({
  jahr: z.number(),
  elternId: z.string(),
  kinder: z.number(),
  befreit: z.boolean(),
  grund: z.string(),
  message: z.string(),
});
export type FamilieAntwort = z.infer<typeof familieAntwortSchema>;

/** POST /api/admin/stunden/jahr/{jahr}/abschliessen and …/wiedereroeffnen: the year closed or open again. */
const stundenjahrAntwortSchema = z.object({ jahr: z.number(), abgeschlossen: z.boolean(), message: z.string() });
export type StundenjahrAntwort = z.infer<typeof stundenjahrAntwortSchema>;
