import type pg from 'pg';
import type { Position } from './event-store/event-store.js';

/** Names both sides agree on: where read models live and how the projector reports progress. */
export const READ_MODEL_SCHEMA = 'rm';
export const CHECKPOINT = 'read-models';
/** NOTIFY channel; the payload is the position the projector has just passed ("commit/prepare"). */
export const PROJECTED_CHANNEL = 'waldkita_projected';

/** The position a projector (the read models' by default, or a reactor's) has applied, null before its first batch. */
export async function readCheckpoint(client: pg.ClientBase | pg.Pool, name = CHECKPOINT): Promise<Position | null> {
  const { rows } = await client.query<{ commit_pos: string; prepare_pos: string }>(
    'SELECT commit_pos, prepare_pos FROM projector_checkpoints WHERE name = $1',
    [name],
  );
  return rows[0] ? { commit: Number(rows[0].commit_pos), prepare: Number(rows[0].prepare_pos) } : null;
}

/**
 * A row of `rm.tausch`, a water duty swap offer, in the words of the events: the projector writes it,
 * query-api reads it (aliasing each column to these names). Each column is the snake_case of its
 * name, except that the family that accepted (`angenommenVon`) and the duty it gave in return
 * (`gegenWasserdienstId`, `gegenJahr`, `gegenKalenderwoche`) are stored in `resolve_eltern_id`,
 * `resolve_wasserdienst_id`, `resolve_jahr`, `resolve_kalenderwoche` (renaming them needs a
 * migration). `Zeit`: an ISO string when written, a `Date` when read.
 */
export type TauschZeile<Zeit = string> = {
  tauschId: string;
  gruppeId: string;
  wasserdienstId: string;
  jahr: number;
  kalenderwoche: number;
  requestElternId: string;
  nachricht: string | null;
  status: 'offen' | 'angenommen' | 'zurueckgezogen';
  angenommenVon: string | null;
  gegenWasserdienstId: string | null;
  gegenJahr: number | null;
  gegenKalenderwoche: number | null;
  angebotenAm: Zeit;
  entschiedenAm: Zeit | null;
  abgeben: boolean;
};

/**
 * A row of `rm.dienst_tausch`, a swap offer of a date of another kind, in the words of the events
 * (`DienstTauschAngeboten`, `DienstTauschAngenommen`): the projector writes it, query-api reads it
 * with its columns aliased to these names. The family that accepted (`angenommenVon`) and the date
 * it gave in return (`gegenDienstId`, `gegenVon`, `gegenBis`) are stored in `resolve_eltern_id`,
 * `resolve_dienst_id`, `resolve_von`, `resolve_bis` (renaming them needs a migration). `Zeit`: an
 * ISO string when written, a `Date` when read.
 */
export type DienstTauschZeile<Zeit = string> = {
  tauschId: string;
  dienstartId: string;
  bereichId: string;
  dienstId: string;
  von: string;
  bis: string;
  elternId: string;
  nachricht: string | null;
  abgeben: boolean;
  status: 'offen' | 'angenommen' | 'zurueckgezogen';
  angenommenVon: string | null;
  gegenDienstId: string | null;
  gegenVon: string | null;
  gegenBis: string | null;
  angebotenAm: Zeit;
  entschiedenAm: Zeit | null;
};
