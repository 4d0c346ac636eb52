/**
 * A decider is the whole write-side behaviour of one stream: it folds past events into state
 * (`evolve`) and turns a command into new events or a refusal (`decide`). Pure: time and ids
 * arrive inside the command, never from the clock or a random source in here.
 */
export type Decider<Command, Event, State> = {
  decide: (command: Command, state: State) => Event[];
  evolve: (state: State, event: Event) => State;
  initialState: () => State;
  /** How a folded state is kept as a snapshot; a decider without it is always folded from its first event. */
  snapshot?: SnapshotCodec<State>;
};

/**
 * A snapshot is a cache of `fold(events)` kept with the stream revision it was folded to: safe to
 * delete, never the truth. `fromJson(toJson(fold(events)))` must equal `fold(events)` (Maps and Sets
 * need explicit encoding). Raise `version` whenever `evolve` or the shape of the state changes:
 * snapshots of another version are ignored.
 */
export type SnapshotCodec<State> = {
  /** Names the decider in the snapshot table (one snapshot per stream and name). */
  name: string;
  version: number;
  toJson: (state: State) => unknown;
  fromJson: (json: unknown) => State;
};

export const fold = <Event, State>(
  decider: Pick<Decider<never, Event, State>, 'evolve' | 'initialState'>,
  events: readonly Event[],
): State => events.reduce(decider.evolve, decider.initialState());

/** How a refused command is reported; the HTTP adapters map each kind to a status code. */
export type Ablehnung = 'ungueltig' | 'verboten' | 'nicht_gefunden' | 'konflikt';

/** A command the domain refuses, with the German text a user reads. */
export class DomainError extends Error {
  constructor(
    readonly kind: Ablehnung,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const assertNever = (value: never): never => {
  throw new Error(`Unbehandelter Fall: ${JSON.stringify(value)}`);
};
