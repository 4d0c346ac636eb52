import type { Decider } from '../shared/decider.js';

/**
 * The register of erased families' pseudonyms (docs/datenschutz.md, "Pseudonyms"). An erased
 * family is named 'Gelöschte Familie 1', 'Gelöschte Familie 2', … in the order of its erasure, the
 * same in every view, plan, list and export, so two erased families can still be told apart. The
 * number is given by one stream for the whole kindergarten, appended in the same commit as the
 * family's `PersonendatenGeloescht`: its expected revision makes two erasures at the same moment
 * take different numbers, on Postgres and on EventStoreDB alike.
 */
export const PSEUDONYME_STREAM = 'pseudonyme';

/** What an erased family's name starts with; alone, it names a family erased before pseudonyms were numbered. */
export const GELOESCHTE_FAMILIE = 'Gelöschte Familie';

/** 'Gelöschte Familie 2'. */
export const pseudonym = (nummer: number) => `${GELOESCHTE_FAMILIE} ${nummer}`;

/** Whether a family name is an erased family's placeholder or pseudonym. */
export const istGeloeschteFamilie = (nachname: string | null | undefined) =>
  nachname === GELOESCHTE_FAMILIE || (typeof nachname === 'string' && /^Gelöschte Familie [1-9]\d*$/.test(nachname));

export type PseudonymEvent = { type: 'PseudonymVergeben'; data: { elternId: string; nummer: number } };
export type PseudonymCommand = { type: 'VergibPseudonym'; data: { elternId: string } };

/** The numbers given so far, by family. */
export type PseudonymState = { nummern: Readonly<Record<string, number>>; anzahl: number };

const evolve = (state: PseudonymState, event: PseudonymEvent): PseudonymState => ({
  nummern: { ...state.nummern, [event.data.elternId]: event.data.nummer },
  anzahl: Math.max(state.anzahl, event.data.nummer),
});

/** The next number, once per family: giving one again changes nothing. */
const decide = (command: PseudonymCommand, state: PseudonymState): PseudonymEvent[] =>
  state.nummern[command.data.elternId] !== undefined
    ? []
    : [{ type: 'PseudonymVergeben', data: { elternId: command.data.elternId, nummer: state.anzahl + 1 } }];

/** The family bearing a number in the register's events, or undefined. */
export function familieMitNummer(events: readonly { type: string; data: unknown }[], nummer: number): string | undefined {
  for (const e of events)
    if (e.type === 'PseudonymVergeben' && (e.data as PseudonymEvent['data']).nummer === nummer)
      return (e.data as PseudonymEvent['data']).elternId;
  return undefined;
}

export const pseudonymDecider: Decider<PseudonymCommand, PseudonymEvent, PseudonymState> = {
  decide,
  evolve,
  initialState: () => ({ nummern: {}, anzahl: 0 }),
};
