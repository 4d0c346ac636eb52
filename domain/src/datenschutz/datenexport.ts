import type { BenachrichtigungsWahl } from '../push/benachrichtigungen.js';

/**
 * The shape of a family's data export (Art. 15 and 20 DSGVO), GET /api/eltern/ich/export:
 * written by query-api, read by the web client's summary (docs/api-datenschutz.md).
 */

/** The name and version of the export's shape (docs/api-datenschutz.md); a change that breaks readers counts it up. */
export const EXPORT_FORMAT = 'waldkita-datenexport/1';

/** A week as the export writes it: ISO week, 'KW n/yyyy', and its Friday (the duty day) as ISO date and dd.MM.yyyy. */
export type ExportWoche = { jahr: number; kalenderwoche: number; kw: string; freitag: string; freitagText: string };

export type TauschStatus = 'offen' | 'angenommen' | 'zurueckgezogen';

/** GET /api/eltern/ich/export: everything the product holds about the calling family (docs/api-datenschutz.md). */
export type Datenexport = {
  format: typeof EXPORT_FORMAT;
  /** ISO date-time, and the same as dd.MM.yyyy HH:mm:ss in Europe/Berlin. */
  erstelltAm: string;
  erstellt: string;
  konto: {
    elternId: string;
    nachname: string;
    email: string;
    rollen: string[];
    registriertAm: string;
    /** Only when an admin set the family's share of the water duty (else it is 1). */
    anteil?: { anteil: number; grund: string; gesetztAm: string };
  };
  kind: { name: string | null };
  gruppe: { gruppeId: string; name: string } | null;
  wasserdienste: (ExportWoche & { wasserdienstId: string; gruppe: string | null })[];
  /** Duties of earlier seasons, counted when the yearly import retired a plan. */
  wasserdiensteFrueher: { gruppe: string | null; geleistet: number; anteil: number; bis: ExportWoche }[];
  tausch: {
    /** Offers this family made: a swap (with `gegenWoche` once accepted) or a duty given away (`abgeben`). */
    angebote: {
      tauschId: string;
      woche: ExportWoche;
      abgeben: boolean;
      nachricht: string | null;
      status: TauschStatus;
      statusText: string;
      angebotenAm: string;
      entschiedenAm: string | null;
      /** The duty this family got in return, when its swap offer was accepted. */
      gegenWoche: ExportWoche | null;
    }[];
    /** Offers of other families this family accepted: the week it took over, and the one it gave for it (none for a duty given away). */
    angenommen: { tauschId: string; woche: ExportWoche; gegenWoche: ExportWoche | null; abgeben: boolean; angenommenAm: string | null }[];
  };
  /**
   * The family's dates of every duty kind, Wasserdienst included (Monday to Friday of its week),
   * oldest first; `gruppe` is null for a kind of the whole kindergarten.
   */
  dienste: { dienstId: string; dienstartId: string; dienstart: string; von: string; bis: string; gruppe: string | null }[];
  /** The family's shares per duty kind, where an admin set one (else it is 1), with the reason. */
  anteile: { dienstartId: string; dienstart: string; anteil: number; grund: string; gesetztAm: string }[];
  /** Offers of dates of the kinds other than Wasserdienst: made by this family, or accepted by it. */
  dienstTausch: {
    angebote: {
      tauschId: string;
      dienstartId: string;
      dienstart: string;
      von: string;
      bis: string;
      abgeben: boolean;
      nachricht: string | null;
      status: TauschStatus;
      statusText: string;
      angebotenAm: string;
      entschiedenAm: string | null;
      /** The date this family got in return, when its swap offer was accepted. */
      gegen: { von: string; bis: string } | null;
    }[];
    angenommen: {
      tauschId: string;
      dienstartId: string;
      dienstart: string;
      von: string;
      bis: string;
      gegen: { von: string; bis: string } | null;
      abgeben: boolean;
      angenommenAm: string | null;
    }[];
  };
  abwesenheiten: (ExportWoche & { abwesenheitId: string; gemeldetAm: string })[];
  /**
   * The hours ledger (docs/stunden.md): the family's own entries with their status (and the reason
   * of a refusal), the admins' corrections and its settings per kindergarten year. Hours credited
   * for duties are the `dienste` above.
   */
  stunden?: {
    eintraege: {
      id: string;
      jahr: number;
      quelle: 'eigen' | 'korrektur';
      datum: string;
      stunden: number;
      beschreibung: string | null;
      status: string;
      grund: string | null;
      eingetragenAm: string;
    }[];
    einstellungen: { jahr: number; kinder: number; befreit: boolean; grund: string }[];
  };
  /** Label and date of each device; never its push address or keys. */
  pushGeraete: { geraetId: string; bezeichnung: string; seit: string }[];
  benachrichtigungen: { wahl: BenachrichtigungsWahl; gewaehlt: boolean };
  /** Whether a calendar feed exists and since when; never its address (only its digest is kept anyway). */
  kalenderAbo: { aktiv: boolean; seit: string | null };
  /** The entries of the audit trail that concern this family, oldest first, other families unnamed. */
  verlauf: { occurredAt: string; zeit: string; akteur: string; text: string }[];
  /** Mails sent to this family: their kind and when the mail server accepted them, oldest first. */
  mails: { art: string; bezeichnung: string; gesendetAm: string }[];
  /** Push messages that reached one of the family's devices: the device, the title and when. */
  pushNachrichten: { geraetId: string; titel: string; gesendetAm: string }[];
};
