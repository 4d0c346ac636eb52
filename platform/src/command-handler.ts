import { randomUUID } from 'node:crypto';
import { type Decider, fold } from '@waldkita/domain/shared/decider';
import { type EventStore, type Position, WrongExpectedRevisionError } from './event-store/event-store.js';

export type CommandContext = { actorId: string | null; correlationId?: string; causationId?: string | null; now?: Date };

type DomainEvent = { type: string; data: unknown };

/**
 * The life of one command: read the stream, fold it, decide, append with the revision that was
 * read. On a conflict the stream is read again and the command decided once more; if it is
 * refused then, that refusal is the answer, and a second conflict surfaces as 409.
 */
export async function handleCommand<Command, Event extends DomainEvent, State>(
  store: EventStore,
  streamName: string,
  decider: Decider<Command, Event, State>,
  command: Command,
  context: CommandContext,
): Promise<{ events: Event[]; position: Position | null; state: State }> {
  const correlationId = context.correlationId ?? randomUUID();
  for (let attempt = 1; ; attempt++) {
    const { revision, events: recorded } = await store.readStream(streamName);
    const state = fold(decider, recorded as unknown as Event[]);
    const events = decider.decide(command, state);
    if (events.length === 0) return { events, position: null, state };
    const occurredAt = (context.now ?? new Date()).toISOString();
    try {
      const { position } = await store.appendToStream(
        streamName,
        events.map((event) => ({
          id: randomUUID(),
          type: event.type,
          data: event.data,
          metadata: { actorId: context.actorId, correlationId, causationId: context.causationId ?? null, occurredAt },
        })),
        revision ?? 'no_stream',
      );
      return { events, position, state: events.reduce(decider.evolve, state) };
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError && attempt === 1) continue;
      throw error;
    }
  }
}
