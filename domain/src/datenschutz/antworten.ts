import { z } from 'zod';
import type { BenachrichtigungsWahl } from '../push/benachrichtigungen.js';

/**
 * The shape of a family's data export (Art. 15 and 20 DSGVO), GET /api/eltern/ich/export, as one
 * zod schema: written by query-api, read by the web client's summary (docs/api-datenschutz.md).
 */

/** The name and version of the export's shape (docs/api-datenschutz.md); a change that breaks readers counts it up. */
export const EXPORT_FORMAT = 'waldkita-datenexport/1';

/** A week as the export writes it: ISO week, 'KW n/yyyy', and its Friday (the duty day) as ISO date and dd.MM.yyyy. */
const exportWocheSchema = z.object({
  jahr: z.number(),
  kalenderwoche: z.number(),
  kw: z.string(),
  freitag: z.string(),
  freitagText: z.string(),
});
export type ExportWoche = z.infer<typeof exportWocheSchema>;

const tauschStatusSchema = z.enum(['offen', 'angenommen', 'zurueckgezogen']);
export type TauschStatus = z.infer<typeof tauschStatusSchema>;

/** GET /api/eltern/ich/export: everything the product holds about the calling family (docs/api-datenschutz.md). */
const datenexportSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  /** ISO date-time, and the same as dd.MM.yyyy HH:mm:ss in Europe/Berlin. */
  erstelltAm: z.string(),
  erstellt: z.string(),
  konto: z.object({
    elternId: z.string(),
    nachname: z.string(),
    email: z.string(),
    rollen: z.array(z.string()),
    registriertAm: z.string(),
    /** Only when an admin set the family's share of the water duty (else it is 1). */
    anteil: z.object({ anteil: z.number(), grund: z.string(), gesetztAm: z.string() }).optional(),
  }),
  kind: z.object({ name: z.string().nullable() }),
  gruppe: z.object({ gruppeId: z.string(), name: z.string() }).nullable(),
  wasserdienste: z.array(exportWocheSchema.extend({ wasserdienstId: z.string(), gruppe: z.string().nullable() })),
  /** Duties of earlier seasons, counted when the yearly import retired a plan. */
  wasserdiensteFrueher: z.array(
    z.object({ gruppe: z.string().nullable(), geleistet: z.number(), anteil: z.number(), bis: exportWocheSchema }),
  ),
  tausch: z.object({
    /** Offers this family made: a swap (with `gegenWoche` once accepted) or a duty given away (`abgeben`). */
    angebote: z.array(
      z.object({
        tauschId: z.string(),
        woche: exportWocheSchema,
        abgeben: z.boolean(),
        nachricht: z.string().nullable(),
        status: tauschStatusSchema,
        statusText: z.string(),
        angebotenAm: z.string(),
        entschiedenAm: z.string().nullable(),
        /** The duty this family got in return, when its swap offer was accepted. */
        gegenWoche: exportWocheSchema.nullable(),
      }),
    ),
    /** Offers of other families this family accepted: the week it took over, and the one it gave for it (none for a duty given away). */
    angenommen: z.array(
      z.object({
        tauschId: z.string(),
        woche: exportWocheSchema,
        gegenWoche: exportWocheSchema.nullable(),
        abgeben: z.boolean(),
        angenommenAm: z.string().nullable(),
      }),
    ),
  }),
  /**
   * The family's dates of every duty kind, Wasserdienst included (Monday to Friday of its week),
   * oldest first; `gruppe` is null for a kind of the whole kindergarten.
   */
  dienste: z.array(
    z.object({
      dienstId: z.string(),
      dienstartId: z.string(),
      dienstart: z.string(),
      von: z.string(),
      bis: z.string(),
      gruppe: z.string().nullable(),
    }),
  ),
  /** The family's shares per duty kind, where an admin set one (else it is 1), with the reason. */
  anteile: z.array(
    z.object({ dienstartId: z.string(), dienstart: z.string(), anteil: z.number(), grund: z.string(), gesetztAm: z.string() }),
  ),
  /** Offers of dates of the kinds other than Wasserdienst: made by this family, or accepted by it. */
  dienstTausch: z.object({
    angebote: z.array(
      z.object({
        tauschId: z.string(),
        dienstartId: z.string(),
        dienstart: z.string(),
        von: z.string(),
        bis: z.string(),
        abgeben: z.boolean(),
        nachricht: z.string().nullable(),
        status: tauschStatusSchema,
        statusText: z.string(),
        angebotenAm: z.string(),
        entschiedenAm: z.string().nullable(),
        /** The date this family got in return, when its swap offer was accepted. */
        gegen: z.object({ von: z.string(), bis: z.string() }).nullable(),
      }),
    ),
    angenommen: z.array(
      z.object({
        tauschId: z.string(),
        dienstartId: z.string(),
        dienstart: z.string(),
        von: z.string(),
        bis: z.string(),
        gegen: z.object({ von: z.string(), bis: z.string() }).nullable(),
        abgeben: z.boolean(),
        angenommenAm: z.string().nullable(),
      }),
    ),
  }),
  abwesenheiten: z.array(exportWocheSchema.extend({ abwesenheitId: z.string(), gemeldetAm: z.string() })),
  /**
   * The hours ledger (docs/stunden.md): the family's own entries with their status (and the reason
   * of a refusal), the admins' corrections and its settings per kindergarten year. Hours credited
   * for duties are the `dienste` above.
   */
  stunden: z
    .object({
      eintraege: z.array(
        z.object({
          id: z.string(),
          jahr: z.number(),
          quelle: z.enum(['eigen', 'korrektur']),
          datum: z.string(),
          stunden: z.number(),
          beschreibung: z.string().nullable(),
          status: z.string(),
          grund: z.string().nullable(),
          eingetragenAm: z.string(),
        }),
      ),
      einstellungen: z.array(z.object({ jahr: z.number(), kinder: z.number(), befreit: z.boolean(), grund: z.string() })),
    })
    .optional(),
  /** Label and date of each device; never its push address or keys. */
  pushGeraete: z.array(z.object({ geraetId: z.string(), bezeichnung: z.string(), seit: z.string() })),
  /** The family's choice per kind of notification (its type is the decider's, push/benachrichtigungen.ts). */
  benachrichtigungen: z.object({ wahl: z.custom<BenachrichtigungsWahl>(), gewaehlt: z.boolean() }),
  /** Whether a calendar feed exists and since when; never its address (only its digest is kept anyway). */
  kalenderAbo: z.object({ aktiv: z.boolean(), seit: z.string().nullable() }),
  /** The entries of the audit trail that concern this family, oldest first, other families unnamed. */
  verlauf: z.array(z.object({ occurredAt: z.string(), zeit: z.string(), akteur: z.string(), text: z.string() })),
  /** Mails sent to this family: their kind and when the mail server accepted them, oldest first. */
  mails: z.array(z.object({ art: z.string(), bezeichnung: z.string(), gesendetAm: z.string() })),
  /** Push messages that reached one of the family's devices: the device, the title and when. */
  pushNachrichten: z.array(z.object({ geraetId: z.string(), titel: z.string(), gesendetAm: z.string() })),
});
export type Datenexport = z.infer<typeof datenexportSchema>;
