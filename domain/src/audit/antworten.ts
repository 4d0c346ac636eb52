import { z } from 'zod';
import { isoWocheSchema } from '../kalender/antworten.js';

/**
 * The answer shapes of the audit trail (docs/audit.md), one zod schema each, shared by query-api
 * (which writes them) and web (which reads them). HTTP field names.
 */

/** One line of the audit trail, as GET /api/audit/events answers and the export writes it. */
const auditEintragSchema = z.object({
  id: z.string(),
  /** Global position 'commit/prepare' (usable as `asOf`). */
  position: z.string(),
  streamName: z.string(),
  revision: z.number(),
  type: z.string(),
  kategorie: z.string(),
  occurredAt: z.string(),
  /** occurredAt as dd.MM.yyyy HH:mm:ss in Europe/Berlin. */
  zeit: z.string(),
  akteurId: z.string().nullable(),
  /** 'Familie …', 'Leitung', 'System'. */
  akteur: z.string(),
  beschreibung: z.string(),
  /** Surnames of the families the event is about (for filtering a spreadsheet by family). */
  familien: z.array(z.string()),
  tauschId: z.string().nullable(),
  importId: z.string().nullable(),
  gruppeId: z.string().nullable(),
  /** The actor's role at that moment ('Leitung', 'Prüfer', 'Eltern'); null for the system and older events. */
  rolle: z.string().nullable(),
  /** The family the admin acted for (its name), if any. */
  fuer: z.string().nullable(),
  /** The same in words, as the screens add it to the actor: 'durch die Leitung für Familie Fuchs'. */
  durch: z.string().nullable(),
  /** The event's hash and the one it links to (docs/audit.md); null before the hash chain. */
  hash: z.string().nullable(),
  vorherigerHash: z.string().nullable(),
  /** The event as stored (personal fields opened), for the auditor who wants to see it raw. */
  roh: z.object({ data: z.unknown(), metadata: z.unknown() }),
});
export type AuditEintrag = z.infer<typeof auditEintragSchema>;

/** GET /api/audit/events: one page of the filtered trail. */
const auditSeiteSchema = z.object({
  eintraege: z.array(auditEintragSchema),
  seite: z.number(),
  seitenGroesse: z.number(),
  gesamt: z.number(),
  seiten: z.number(),
  hasMore: z.boolean(),
});
export type AuditSeite = z.infer<typeof auditSeiteSchema>;

/** GET /api/audit/gruppen: every group the log knows, removed ones too. */
const auditGruppeSchema = z.object({ gruppeId: z.string(), gruppenName: z.string(), entfernt: z.boolean() });
export type AuditGruppe = z.infer<typeof auditGruppeSchema>;

/** An ISO week with its label 'KW 51/2026'. */
const kwWocheSchema = isoWocheSchema.extend({ kw: z.string() });
/** … and its Friday: 'YYYY-MM-DD' and dd.MM.yyyy. */
const kwWocheMitFreitagSchema = kwWocheSchema.extend({ freitag: z.string(), datum: z.string() });

/** The moment an as-of view was asked for. */
const asOfSchema = z.object({ art: z.enum(['position', 'zeitpunkt']), eingabe: z.string().nullable(), text: z.string() });

/** How many of the log's events an as-of view folded, and the last one taken. */
const standSchema = z.object({
  ereignisse: z.number(),
  von: z.number(),
  position: z.string().nullable(),
  occurredAt: z.string().nullable(),
  zeit: z.string().nullable(),
});
export type Stand = z.infer<typeof standSchema>;

/** A family's week in the plan as it stood. */
const planZeileSchema = kwWocheMitFreitagSchema.extend({
  wasserdienstId: z.string(),
  elternId: z.string(),
  familie: z.string().nullable(),
});

/** A week of the plan as it stood: a family's, 'frei' (no family) or 'ferien' (closed: holidays or a closing week). */
const planWocheSchema = kwWocheMitFreitagSchema.extend({
  art: z.enum(['belegt', 'frei', 'ferien']),
  wasserdienstId: z.string().nullable(),
  elternId: z.string().nullable(),
  familie: z.string().nullable(),
  /** Of a closed week: the holiday type or the closing week's description. */
  beschreibung: z.string().nullable(),
  ferienart: z.string().nullable(),
});

/** GET /api/audit/dienstplan/{gruppeId}?asOf= (docs/audit.md, "As it stood"). */
const dienstplanStandSchema = z.object({
  gruppeId: z.string(),
  gruppenName: z.string().nullable(),
  asOf: asOfSchema,
  stand: standSchema,
  eintraege: z.array(planZeileSchema),
  wochen: z.array(planWocheSchema),
  kalenderStand: standSchema,
  offeneTausche: z.array(
    z.object({ tauschId: z.string(), wasserdienstId: z.string(), elternId: z.string(), familie: z.string().nullable() }),
  ),
  /** Events this version cannot fold, left out. */
  uebersprungen: z.number(),
});
export type DienstplanStand = z.infer<typeof dienstplanStandSchema>;

const abwesenheitsWocheSchema = kwWocheMitFreitagSchema.extend({ abwesenheitId: z.string() });

/** GET /api/audit/abwesenheiten?asOf= (docs/audit.md, "As it stood"). */
const abwesenheitenStandSchema = z.object({
  asOf: asOfSchema,
  stand: standSchema,
  familien: z.array(
    z.object({
      elternId: z.string(),
      familie: z.string().nullable(),
      gemeldet: z.array(abwesenheitsWocheSchema),
      zurueckgesetzt: z.array(
        abwesenheitsWocheSchema.extend({ importId: z.string(), occurredAt: z.string().nullable(), zeit: z.string().nullable() }),
      ),
    }),
  ),
  anzahl: z.object({ familien: z.number(), gemeldet: z.number(), zurueckgesetzt: z.number() }),
  uebersprungen: z.number(),
});
export type AbwesenheitenStand = z.infer<typeof abwesenheitenStandSchema>;

const tagSchema = z.object({ id: z.string(), datum: z.string(), datumText: z.string(), beschreibung: z.string() });

/** GET /api/audit/schliesszeiten?asOf= (docs/audit.md, "As it stood"). */
const schliesszeitenStandSchema = z.object({
  asOf: asOfSchema,
  stand: standSchema,
  schliesswochen: z.array(
    kwWocheMitFreitagSchema.extend({
      id: z.string(),
      montag: z.string(),
      montagText: z.string(),
      beschreibung: z.string(),
      ferienart: z.string().nullable(),
    }),
  ),
  schliesstage: z.array(tagSchema.extend({ ferienart: z.string().nullable() })),
  events: z.array(tagSchema),
  ferienBestaetigt: z.boolean(),
  uebersprungen: z.number(),
});
export type SchliesszeitenStand = z.infer<typeof schliesszeitenStandSchema>;

/** One side of a swap: the family and its week. */
const tauschSeiteSchema = z.object({
  elternId: z.string(),
  familie: z.string().nullable(),
  wasserdienstId: z.string(),
  woche: kwWocheSchema,
  /** dd.MM.yyyy */
  freitag: z.string(),
});

/** GET /api/audit/tausch/{tauschId}: one swap's story. */
const tauschGeschichteSchema = z.object({
  tauschId: z.string(),
  gruppeId: z.string(),
  gruppenName: z.string().nullable(),
  streamName: z.string(),
  status: z.enum(['offen', 'angenommen', 'zurueckgezogen']),
  statusText: z.string(),
  angebot: tauschSeiteSchema.extend({ nachricht: z.string().nullable() }),
  annahme: tauschSeiteSchema.nullable(),
  eintraege: z.array(auditEintragSchema),
});
export type TauschGeschichte = z.infer<typeof tauschGeschichteSchema>;

/** GET /api/audit/import/{importId}: one import's story. */
const importGeschichteSchema = z.object({
  importId: z.string(),
  abgeschlossen: z.boolean(),
  dateiname: z.string().nullable(),
  /** The uploaded file: SHA-256, size in bytes and the encoding it was read in (null for imports before they were kept). */
  datei: z.object({ sha256: z.string(), bytes: z.number(), kodierung: z.string() }).nullable(),
  frist: z.string().nullable(),
  fristText: z.string().nullable(),
  occurredAt: z.string(),
  zeit: z.string(),
  akteur: z.string(),
  zahlen: z.object({
    successCount: z.number().nullable(),
    skippedCount: z.number().nullable(),
    neueFamilien: z.number().nullable(),
    bekannteFamilien: z.number().nullable(),
    entfernteFamilien: z.number().nullable(),
    zurueckgesetztePlaene: z.number().nullable(),
    zurueckgesetzteAbwesenheiten: z.number().nullable(),
  }),
  neueFamilien: z.array(z.string()),
  bekannteFamilien: z.array(z.string()),
  ersetzt: z.object({
    entfernteFamilien: z.array(z.string()),
    plaene: z.array(z.object({ gruppeId: z.string(), gruppenName: z.string().nullable(), dienste: z.number(), offeneTausche: z.number() })),
    abwesenheitenVon: z.array(z.string()),
  }),
  eintraege: z.array(auditEintragSchema),
});
export type ImportGeschichte = z.infer<typeof importGeschichteSchema>;

/** An anchor as GET /api/audit/anker lists it: the recorded summary, its key's fingerprint and whether its signature holds. */
const ankerEintragSchema = z.object({
  format: z.string(),
  position: z.string(),
  zeitpunkt: z.string(),
  streams: z.number(),
  ereignisse: z.number(),
  wurzel: z.string(),
  schluessel: z.string(),
  signatur: z.string(),
  anlass: z.enum(['nacht', 'cli', 'app']),
  fingerabdruck: z.string(),
  signaturGueltig: z.boolean(),
});
export type AnkerEintrag = z.infer<typeof ankerEintragSchema>;

/** GET /api/audit/integritaet (docs/audit.md, "Integrity in the app"). */
const integritaetSchema = z.object({
  kette: z.object({
    intakt: z.boolean(),
    ereignisse: z.number(),
    streams: z.number(),
    bruchstellen: z.number(),
    bruch: z
      .object({ streamName: z.string(), revision: z.number(), eventId: z.string(), position: z.string(), reason: z.string() })
      .nullable(),
  }),
  anker: ankerEintragSchema.extend({ passt: z.boolean(), abweichungen: z.array(z.string()) }).nullable(),
  geprueftAm: z.string(),
  dauerMs: z.number(),
});
export type Integritaet = z.infer<typeof integritaetSchema>;
