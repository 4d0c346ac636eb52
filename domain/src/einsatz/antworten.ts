import { z } from 'zod';

/**
 * The answer shapes of the work days (docs/api-einsaetze.md), one zod schema each, shared by
 * query-api (which writes them) and web (which reads them). HTTP field names.
 */

const anmeldestatusSchema = z.enum(['eingetragen', 'warteliste']);

/** A shift as GET /api/einsaetze lists it. */
const schichtSchema = z.object({
  id: z.string(),
  aufgabe: z.string(),
  /** 'HH:mm' */
  beginn: z.string(),
  ende: z.string(),
  plaetze: z.number(),
  stunden: z.number(),
  /** Places taken. */
  belegt: z.number(),
  /** Families on the waiting list. */
  warteliste: z.number(),
  /** The signed-in family's own sign-up. */
  meineAnmeldung: anmeldestatusSchema.nullable(),
});
export type Schicht = z.infer<typeof schichtSchema>;

/** A work day without its shifts. */
const einsatzKopfSchema = z.object({
  id: z.string(),
  titel: z.string(),
  /** 'yyyy-MM-dd' */
  datum: z.string(),
  ort: z.string().nullable(),
  beschreibung: z.string().nullable(),
  anmeldeschluss: z.string(),
  abgesagt: z.boolean(),
  /** Families may sign up and withdraw (the deadline day counts). */
  anmeldungOffen: z.boolean(),
  vergangen: z.boolean(),
});
export type EinsatzKopf = z.infer<typeof einsatzKopfSchema>;

/** A work day of GET /api/einsaetze with its shifts. */
const einsatzSchema = einsatzKopfSchema.extend({ schichten: z.array(schichtSchema) });
export type Einsatz = z.infer<typeof einsatzSchema>;

/** A shift of the signed-in family (GET /api/einsaetze/meine), shown among its duties. */
const meineSchichtSchema = z.object({
  quelle: z.literal('einsatz'),
  id: z.string(),
  einsatzId: z.string(),
  titel: z.string(),
  aufgabe: z.string(),
  datum: z.string(),
  beginn: z.string(),
  ende: z.string(),
  ort: z.string().nullable(),
  stunden: z.number(),
  status: anmeldestatusSchema,
  erledigt: z.boolean(),
});
export type MeineSchicht = z.infer<typeof meineSchichtSchema>;

/** GET /api/admin/einsaetze/{id}: one day with every shift's families and their attendance. */
const adminEinsatzSchema = einsatzKopfSchema.extend({
  /** Attendance may be marked from the day on. */
  anwesenheitErfassbar: z.boolean(),
  schichten: z.array(
    schichtSchema.omit({ meineAnmeldung: true }).extend({
      familien: z.array(
        z.object({ elternId: z.string(), nachname: z.string(), status: anmeldestatusSchema, anwesend: z.boolean(), erfasst: z.boolean() }),
      ),
    }),
  ),
});
export type AdminEinsatz = z.infer<typeof adminEinsatzSchema>;

/** POST and DELETE /api/einsaetze/{id}/schichten/{schichtId}/anmeldung: the family's place on the shift afterwards. */
const anmeldungAntwortSchema = z.object({
  einsatzId: z.string(),
  schichtId: z.string(),
  status: anmeldestatusSchema.nullable(),
  message: z.string(),
});
export type AnmeldungAntwort = z.infer<typeof anmeldungAntwortSchema>;

/** POST /api/admin/einsaetze (201) and PUT /api/admin/einsaetze/{id}: the day as saved, per shift its places taken and waiting. */
const einsatzGespeichertSchema = einsatzKopfSchema
  .omit({ anmeldungOffen: true, vergangen: true })
  .extend({ schichten: z.array(schichtSchema.omit({ meineAnmeldung: true })) });
export type EinsatzGespeichert = z.infer<typeof einsatzGespeichertSchema>;

/** DELETE /api/admin/einsaetze/{id}: the day is cancelled ('abgesagt'). */
const einsatzAbgesagtSchema = z.object({ id: z.string(), abgesagt: z.literal(true), message: z.string() });
export type EinsatzAbgesagt = z.infer<typeof einsatzAbgesagtSchema>;

/** PUT /api/admin/einsaetze/{id}/anwesenheit: whether the family came, as marked. */
const anwesenheitErfasstSchema = z.object({
  einsatzId: z.string(),
  schichtId: z.string(),
  elternId: z.string(),
  anwesend: z.boolean(),
  message: z.string(),
});
export type AnwesenheitErfasst = z.infer<typeof anwesenheitErfasstSchema>;
