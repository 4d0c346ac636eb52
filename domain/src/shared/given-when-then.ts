import { expect } from 'vitest';
import { type Decider, DomainError, fold } from './decider.js';

/**
 * Specs for deciders read as given(past events).when(command).then(new events) or
 * .thenThrows(kind, message). Used only by tests.
 */
export const deciderSpec =
  <Command, Event, State>(decider: Decider<Command, Event, State>) =>
  (given: Event[]) => ({
    when: (command: Command) => {
      const run = () => decider.decide(command, fold(decider, given));
      return {
        // biome-ignore lint/suspicious/noThenProperty: given/when/then is the spec vocabulary; never awaited
        then: (expected: Event[]) => expect(run()).toEqual(expected),
        thenThrows: (kind: DomainError['kind'], message?: string) => {
          let thrown: unknown;
          try {
            run();
          } catch (error) {
            thrown = error;
          }
          expect(thrown, 'the command should have been refused').toBeInstanceOf(DomainError);
          expect((thrown as DomainError).kind).toBe(kind);
          if (message !== undefined) expect((thrown as DomainError).message).toBe(message);
        },
      };
    },
  });
