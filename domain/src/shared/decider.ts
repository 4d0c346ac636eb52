/**
 * A decider is the whole write-side behaviour of one stream: it folds past events into state
 * (`evolve`) and turns a command into new events or a refusal (`decide`). Pure: time and ids
 * arrive inside the command, never from the clock or a random source in here.
 */
export type Decider<Command, Event, State> = {
  decide: (command: Command, state: State) => Event[];
  evolve: (state: State, event: Event) => State;
  initialState: () => State;
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
