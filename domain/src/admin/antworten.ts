import { z } from 'zod';
import { gruppeKurzSchema } from '../gruppe/antworten.js';
import { isoWocheSchema } from '../kalender/antworten.js';

/**
 * The answer shapes of the Admin Center (docs/api-admin.md), one zod schema each, shared by
 * query-api and command-api (which write them) and web (which reads them). HTTP field names.
 */

const meldung = { message: z.string() };

/** GET /api/admin/eltern, sorted by group, then surname. */
const adminElternSchema = z.object({
  id: z.string(),
  nachname: z.string(),
  nameKind: z.string().nullable(),
  email: z.string(),
  gruppe: z.object({ gruppenID: z.string(), gruppenName: z.string().nullable() }).nullable(),
  authorities: z.array(z.object({ authority: z.string() })),
  isAdmin: z.boolean(),
  /** The family's share of the water duty (issue 17): 0 exempt, 1 the default, up to 5. */
  anteil: z.number(),
  /** The reason given with the last change of the share, or null. */
  anteilGrund: z.string().nullable(),
});
export type AdminEltern = z.infer<typeof adminElternSchema>;

/** PUT /api/admin/eltern/{id}/role {roles}: the account's roles afterwards. */
const rollenGesetztSchema = z.object({ id: z.string(), authorities: z.array(z.object({ authority: z.string() })) });
export type RollenGesetzt = z.infer<typeof rollenGesetztSchema>;

/** PUT /api/admin/eltern/{id}/anteil {anteil, grund, dienstartId?}; `dienstartId` only for a kind other than Wasserdienst. */
const anteilGesetztSchema = z.object({ id: z.string(), dienstartId: z.string().optional(), anteil: z.number(), ...meldung });
export type AnteilGesetzt = z.infer<typeof anteilGesetztSchema>;

/** GET /api/admin/gruppen. */
const adminGruppeSchema = z.object({ id: z.string(), gruppenID: z.string(), gruppenName: z.string(), anzahlEltern: z.number() });
export type AdminGruppe = z.infer<typeof adminGruppeSchema>;

/** POST /api/admin/gruppen. */
const gruppeAngelegtSchema = z.object({ id: z.string(), gruppenID: z.string(), gruppenName: z.string(), ...meldung });
export type GruppeAngelegt = z.infer<typeof gruppeAngelegtSchema>;

/**
 * DELETE /api/admin/gruppen/{id}; DELETE /api/admin/eltern/{id}/personendaten (erased, or erased before);
 * DELETE /api/admin/holiday-week/{id} and …/holiday-day/{id}.
 */
const geloeschtSchema = z.object({ id: z.string(), ...meldung });
export type Geloescht = z.infer<typeof geloeschtSchema>;

/** GET /api/admin/stats: counts of the current data. `eltern` counts every account, admins included. */
const adminStatistikSchema = z.object({
  eltern: z.number(),
  admins: z.number(),
  gruppen: z.number(),
  wasserdienste: z.number(),
  offeneTausche: z.number(),
  angenommeneTausche: z.number(),
  abwesenheiten: z.number(),
  schliesswochen: z.number(),
  ferienwochen: z.number(),
});
export type AdminStatistik = z.infer<typeof adminStatistikSchema>;

/** 201 of POST /api/admin/eltern. */
const elternAngelegtSchema = z.object({
  id: z.string(),
  nachname: z.string(),
  email: z.string(),
  gruppe: gruppeKurzSchema,
  ...meldung,
});
export type ElternAngelegt = z.infer<typeof elternAngelegtSchema>;

/** DELETE /api/admin/eltern/{id}: the family's future duties are free again. */
const elternGeloeschtSchema = z.object({ id: z.string(), freigegebeneWochen: z.array(isoWocheSchema), ...meldung });
export type ElternGeloescht = z.infer<typeof elternGeloeschtSchema>;

/** GET /api/admin/holiday-confirmation-status. */
const ferienStatusSchema = z.object({ confirmed: z.boolean() });
export type FerienStatus = z.infer<typeof ferienStatusSchema>;

/** POST /api/admin/confirm-holidays. */
const ferienBestaetigtSchema = ferienStatusSchema.extend(meldung);
export type FerienBestaetigt = z.infer<typeof ferienBestaetigtSchema>;

/** DELETE /api/admin/holiday-type?holidayType=&year=: how many weeks and days of the type were deleted. */
const ferienartGeloeschtSchema = z.object({ geloescht: z.number(), ...meldung });
export type FerienartGeloescht = z.infer<typeof ferienartGeloeschtSchema>;

const ferienEintraegeSchema = z.object({
  weeks: z.array(z.object({ id: z.string(), kalenderwoche: z.number() })),
  days: z.array(z.object({ id: z.string(), datum: z.string() })),
});
export type FerienEintraege = z.infer<typeof ferienEintraegeSchema>;

/** GET /api/admin/holiday-overview-all: year → holiday type → weeks and days. */
const ferienUebersichtSchema = z.object({
  overview: z.record(z.string(), z.record(z.string(), ferienEintraegeSchema)),
  availableYears: z.array(z.number()),
});
export type FerienUebersicht = z.infer<typeof ferienUebersichtSchema>;

/** 201 of POST /api/admin/holidays-by-date-range and …-by-weeks: how many weeks and days were entered. */
const ferienAngelegtSchema = z.object({ wochen: z.number(), tage: z.number(), ...meldung });
export type FerienAngelegt = z.infer<typeof ferienAngelegtSchema>;

/** POST /api/admin/wasserdienst/bulk-assign. */
const planungsErgebnisSchema = z.object({
  gruppen: z.array(
    z.object({
      gruppeId: z.string(),
      gruppenName: z.string(),
      zugewiesen: z.number(),
      nichtBesetzt: z.array(z.object({ woche: isoWocheSchema, grund: z.string() })),
      trotzAbwesenheit: z.array(isoWocheSchema.extend({ elternId: z.string() })),
      /** Each family's balance from earlier seasons the plan started from (+ = did more than its share), and its share. */
      saldo: z.array(z.object({ elternId: z.string(), saldo: z.number(), anteil: z.number() })),
    }),
  ),
  zugewiesen: z.number(),
  ...meldung,
});
export type PlanungsErgebnis = z.infer<typeof planungsErgebnisSchema>;

/** POST /api/admin/import-eltern: the answer of a success, and of a 400 for a file with errors (no counts of families then). */
const importErgebnisSchema = z.object({
  importId: z.string().optional(),
  successCount: z.number(),
  skippedCount: z.number(),
  errorCount: z.number(),
  errors: z.array(z.string()),
  ...meldung,
  neueFamilien: z.number().optional(),
  bekannteFamilien: z.number().optional(),
  entfernteFamilien: z.number().optional(),
});
export type ImportErgebnis = z.infer<typeof importErgebnisSchema>;

/** One plan of POST /api/admin/dienstarten/{id}/planen: a group's, or the whole kindergarten's (`gruppeId` null). */
const dienstartPlanSchema = z.object({
  gruppeId: z.string().nullable(),
  zugewiesen: z.number(),
  nichtBesetzt: z.array(z.object({ von: z.string(), bis: z.string() })),
  trotzAbwesenheit: z.array(z.object({ von: z.string(), bis: z.string(), elternId: z.string() })),
  anteile: z.array(z.object({ elternId: z.string(), anteil: z.number() })).readonly(),
  saldo: z.array(z.object({ elternId: z.string(), saldo: z.number() })).readonly(),
});

const dienstartPlanungsErgebnisSchema = z.object({
  dienstartId: z.string(),
  von: z.string(),
  bis: z.string(),
  plaene: z.array(dienstartPlanSchema),
  ...meldung,
});
export type DienstartPlanungsErgebnis = z.infer<typeof dienstartPlanungsErgebnisSchema>;

/** DELETE /api/admin/dienstarten/{id}. */
const dienstartArchiviertSchema = z.object({ id: z.string(), archiviert: z.literal(true), ...meldung });
export type DienstartArchiviert = z.infer<typeof dienstartArchiviertSchema>;
