import { READ_MODEL_SCHEMA, type TauschZeile } from '@waldkita/platform/read-models';

/** The offers of the swap exchange with the names of both families, as tausch-routes.ts and tausch-anfragen-routes.ts read them. */

const rm = READ_MODEL_SCHEMA;

/** A row of `rm.tausch` as read, with the names of the two families. */
export type TauschRow = Omit<TauschZeile<Date>, 'gruppeId' | 'entschiedenAm'> & {
  requestNachname: string | null;
  requestNameKind: string | null;
  angenommenVonNachname: string | null;
  angenommenVonNameKind: string | null;
};

export const TAUSCHE = `
  SELECT t.tausch_id AS "tauschId", t.wasserdienst_id AS "wasserdienstId", t.jahr, t.kalenderwoche,
         t.request_eltern_id AS "requestElternId", r.nachname AS "requestNachname", r.name_kind AS "requestNameKind",
         t.nachricht, t.status, t.resolve_eltern_id AS "angenommenVon", a.nachname AS "angenommenVonNachname",
         a.name_kind AS "angenommenVonNameKind", t.resolve_wasserdienst_id AS "gegenWasserdienstId", t.resolve_jahr AS "gegenJahr",
         t.resolve_kalenderwoche AS "gegenKalenderwoche", t.angeboten_am AS "angebotenAm", t.abgeben
  FROM ${rm}.tausch t
  LEFT JOIN ${rm}.eltern r ON r.eltern_id = t.request_eltern_id
  LEFT JOIN ${rm}.eltern a ON a.eltern_id = t.resolve_eltern_id`;
