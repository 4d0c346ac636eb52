import type { Datum } from '../kalender/iso-woche.js';
import type { Decider } from '../shared/decider.js';

/**
 * The list of the kindergarten's work days with their dates, for the command side: it cannot read
 * the read models, and the event store lists no streams. Removing a family reads it to find the
 * days that are not over yet and free the family's places on them. `EinsatzVerzeichnet` is
 * appended in the same append as `EinsatzAngelegt`, and again with `EinsatzGeaendert` when the
 * date moves; the latest date per day counts. Days created before the list existed are not in it.
 */
export const EINSAETZE_STREAM = 'einsaetze';

export type EinsatzVerzeichnisEvent = { type: 'EinsatzVerzeichnet'; data: { einsatzId: string; datum: Datum } };

export type EinsatzVerzeichnisCommand = { type: 'VerzeichneEinsatz'; data: { einsatzId: string; datum: Datum } };

/** Day id → its latest date. */
export type EinsatzVerzeichnis = Record<string, Datum>;

export const einsatzVerzeichnisDecider: Decider<EinsatzVerzeichnisCommand, EinsatzVerzeichnisEvent, EinsatzVerzeichnis> = {
  // Nothing to protect: the day's own stream decides; a date already listed is not listed again.
  decide: (command, state) =>
    state[command.data.einsatzId] === command.data.datum ? [] : [{ type: 'EinsatzVerzeichnet', data: command.data }],
  evolve: (state, event) => ({ ...state, [event.data.einsatzId]: event.data.datum }),
  initialState: () => ({}),
  snapshot: {
    name: 'einsatz-verzeichnis',
    version: 1,
    toJson: (state) => state,
    fromJson: (json) => ({ ...(json as EinsatzVerzeichnis) }),
  },
};

/** The ids of the listed days on or after `heute` (the day itself is not over yet), in date order. */
export const einsaetzeAb = (verzeichnis: EinsatzVerzeichnis, heute: Datum): string[] =>
  Object.entries(verzeichnis)
    .filter(([, datum]) => datum >= heute)
    .sort(([a, da], [b, db]) => (da < db ? -1 : da > db ? 1 : a < b ? -1 : 1))
    .map(([id]) => id);
