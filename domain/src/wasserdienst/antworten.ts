import { z } from 'zod';
import { gruppeKurzSchema } from '../gruppe/antworten.js';

/**
 * The answer shapes of the water duty and swap reads (docs/api-wasserdienst-tausch.md), one zod
 * schema each, shared by query-api and web. The field names are the HTTP API's (`resolveWasserdienst`
 * is the duty given in return, `gegenWasserdienstId` in the event).
 */

/** A family as other families of the group see it. */
const elternKurzSchema = z.object({ id: z.string(), nachname: z.string(), nameKind: z.string().nullable() });
export type ElternKurz = z.infer<typeof elternKurzSchema>;

/** One of the signed-in family's own duties (GET /api/wasserdienst/my-assignments). */
const zuweisungSchema = z.object({
  id: z.string(),
  kalenderwoche: z.number(),
  jahr: z.number(),
  /** 'YYYY-MM-DD', the Friday of the week. */
  freitag: z.string(),
  eltern: elternKurzSchema,
  /** Within the 12 ISO weeks from the current one. */
  tauschbar: z.boolean(),
  /** An open swap offer exists for it. */
  angeboten: z.boolean(),
});
export type Zuweisung = z.infer<typeof zuweisungSchema>;

/** One duty on the calendar (GET /api/wasserdienst/events): all-day from Monday to the next Monday (exclusive). */
const dienstEventSchema = z.object({
  id: z.string(),
  /** The family's surname; for admins 'Gruppenname: Nachname'. */
  title: z.string(),
  start: z.string(),
  end: z.string(),
  allDay: z.literal(true),
  kalenderwoche: z.number(),
  jahr: z.number(),
  /** 'YYYY-MM-DD', the Friday of the week. */
  freitag: z.string(),
  eltern: elternKurzSchema,
  gruppe: gruppeKurzSchema,
  /** The signed-in family's own duty. */
  eigener: z.boolean(),
});
export type DienstEvent = z.infer<typeof dienstEventSchema>;

/**
 * One family in the 'Verteilung' of a kind (GET /api/wasserdienst/verteilung, GET /api/dienste/verteilung),
 * sorted by surname: the duties of the family that holds each week or date after swaps and take-overs.
 */
const verteilungSchema = z.object({
  elternId: z.string(),
  nachname: z.string(),
  /** Duties before the current ISO week (Wasserdienst) or before today (other kinds). */
  geleistet: z.number(),
  /** Duties from then on. */
  geplant: z.number(),
  /** Share of the duty, 0–5 (1 unless an admin set another). */
  anteil: z.number(),
});
export type Verteilung = z.infer<typeof verteilungSchema>;

/** A week as a swap refers to it. */
const tauschWocheSchema = z.object({ id: z.string(), kalenderwoche: z.number(), jahr: z.number() });

/** One swap offer of the group (GET /api/tausch/gruppe/{gruppeId}); withdrawn ones are not listed. */
const tauschSchema = z.object({
  id: z.string(),
  /** The family that offers its week. */
  requestEltern: elternKurzSchema,
  requestWasserdienst: tauschWocheSchema,
  /** The family that took the week, once accepted. */
  resolveEltern: elternKurzSchema.nullable(),
  /** The week given in return, once accepted (`gegenWasserdienstId` of `TauschAngenommen`). */
  resolveWasserdienst: tauschWocheSchema.nullable(),
  bestaetigt: z.boolean(),
  /** ISO timestamp. */
  angebotenAm: z.string(),
  /** Given away ('Dienst abgeben'): another family takes it over without a duty in return. */
  abgeben: z.boolean(),
});
export type Tausch = z.infer<typeof tauschSchema>;
