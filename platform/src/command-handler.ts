import { randomUUID } from 'node:crypto';
import { type Decider, fold } from '@waldkita/domain/shared/decider';
import {
  comparePositions,
  type EventStore,
  type NewEvent,
  type Position,
  type StreamRead,
  WrongExpectedRevisionError,
} from './event-store/event-store.js';

export type CommandContext = { actorId: string | null; correlationId?: string; causationId?: string | null; now?: Date };

type DomainEvent = { type: string; data: unknown };

/** One command for one stream, as `handleCommands` takes it (build it with `streamCommand`). */
export type StreamCommand = {
  streamName: string;
  decider: Decider<unknown, DomainEvent, unknown>;
  command: unknown;
  /** The stream cannot have events yet (its id was made just now): it is not read, and must not exist when appended. */
  neu: boolean;
};

/** A command for `handleCommands`, type-checked against its stream's decider. */
export const streamCommand = <Command, Event extends DomainEvent, State>(
  streamName: string,
  decider: Decider<Command, Event, State>,
  command: Command,
  options: { neu?: boolean } = {},
): StreamCommand => ({ streamName, decider: decider as unknown as StreamCommand['decider'], command, neu: options.neu ?? false });

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
  const { position, results } = await handleCommands(store, [streamCommand(streamName, decider, command)], context);
  const { events, state } = results[0]!;
  return { events: events as Event[], position, state: state as State };
}

/**
 * Commands for several streams, decided together and appended together (`appendToStreams`: all
 * or nothing on Postgres). The streams are read in one go, each command is decided on its own
 * stream, and a refusal of any of them refuses all before anything is written. On a conflict
 * everything is read and decided once more, as in `handleCommand`.
 *
 * `read` hands in streams the caller has just read (first attempt only), so they are not read twice.
 * `position` is the latest position appended, the one a reader must wait for to see all of it.
 */
export async function handleCommands(
  store: EventStore,
  commands: readonly StreamCommand[],
  context: CommandContext,
  options: { read?: ReadonlyMap<string, StreamRead> } = {},
): Promise<{ position: Position | null; results: { events: DomainEvent[]; state: unknown }[] }> {
  const correlationId = context.correlationId ?? randomUUID();
  for (let attempt = 1; ; attempt++) {
    const given = attempt === 1 ? options.read : undefined;
    const toRead = commands.filter((c) => !c.neu && !given?.has(c.streamName)).map((c) => c.streamName);
    const read = toRead.length > 0 ? await store.readStreams(toRead) : new Map<string, StreamRead>();
    const decided = commands.map((c) => {
      const stream = c.neu ? null : (given?.get(c.streamName) ?? read.get(c.streamName)!);
      const state = fold(c.decider, (stream?.events ?? []) as unknown as DomainEvent[]);
      const events = c.decider.decide(c.command, state);
      return { c, revision: stream?.revision ?? null, events, state: events.reduce(c.decider.evolve, state) };
    });
    const results = decided.map(({ events, state }) => ({ events, state }));
    const occurredAt = (context.now ?? new Date()).toISOString();
    const appends = decided
      .filter((d) => d.events.length > 0)
      .map((d) => ({
        streamName: d.c.streamName,
        expectedRevision: d.revision ?? ('no_stream' as const),
        events: d.events.map(
          (event): NewEvent => ({
            id: randomUUID(),
            type: event.type,
            data: event.data,
            metadata: { actorId: context.actorId, correlationId, causationId: context.causationId ?? null, occurredAt },
          }),
        ),
      }));
    if (appends.length === 0) return { position: null, results };
    try {
      const appended = await store.appendToStreams(appends);
      const position = appended.map((r) => r.position).reduce((a, b) => (comparePositions(a, b) >= 0 ? a : b));
      return { position, results };
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError && attempt === 1) continue;
      throw error;
    }
  }
}
