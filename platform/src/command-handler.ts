import { randomUUID } from 'node:crypto';
import { type Decider, fold } from '@waldkita/domain/shared/decider';
import { akteurFelder } from './akteur-kontext.js';
import {
  comparePositions,
  type EventStore,
  type NewEvent,
  type Position,
  type SideWrites,
  type StreamRead,
  WrongExpectedRevisionError,
} from './event-store/event-store.js';
import type { StoredSnapshot } from './event-store/snapshots.js';
import { beanspruche, type IdempotenzAnfrage, idempotenzKontext } from './http/idempotenz.js';

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
  options: { side?: SideWrites } = {},
): Promise<{ events: Event[]; position: Position | null; state: State }> {
  const { position, results } = await handleCommands(store, [streamCommand(streamName, decider, command)], context, options);
  const { events, state } = results[0]!;
  return { events: events as Event[], position, state: state as State };
}

/**
 * Commands for several streams, decided together and appended together (`appendToStreams`: all
 * or nothing on Postgres). The streams are read in one go, each command is decided on its own
 * stream, and a refusal of any of them refuses all before anything is written. On a conflict
 * everything is read and decided once more, as in `handleCommand`.
 *
 * A stream whose decider has a snapshot codec is folded from its last known state, and only the
 * events after it are read (`readFolded`); any other stream is read and folded from its start.
 * `read` hands in streams the caller has just read (first attempt only), so they are not read twice.
 * `side` writes the rows beside the log that the events explain, with them (see SideWrites); it
 * runs only when there is something to append, and again on a retry.
 * `position` is the latest position appended, the one a reader must wait for to see all of it.
 * Commands for the same stream in this process run one after another (`oneAtATime`), so only a
 * writer in another process can make an append lose.
 */
export async function handleCommands(
  store: EventStore,
  commands: readonly StreamCommand[],
  context: CommandContext,
  options: { read?: ReadonlyMap<string, StreamRead>; side?: SideWrites } = {},
): Promise<{ position: Position | null; results: { events: DomainEvent[]; state: unknown }[] }> {
  const c = commands[0];
  const chainable =
    store.chainsAppends === true && commands.length === 1 && c?.decider.snapshot !== undefined && !c.neu && !options.read && !options.side;
  return oneAtATime(
    store,
    chainable ? c : null,
    commands.map((c) => c.streamName),
    (before, publish) => decideAndAppend(store, commands, context, options, before, publish),
  );
}

/**
 * Commands for the same stream in this process wait for each other, in the order they came: the
 * eight families of a group swapping at once would otherwise read the same revision, and all but
 * one would lose the append and start again (two thirds of the commands did, in the bench). The
 * optimistic check of the append stays: it guards against other processes, and against a
 * predecessor that has not finished after MAX_QUEUE_WAIT_MS (a query hanging on a lost
 * connection must not stop a group's swaps until a restart).
 *
 * On a store that chains appends (EventStore.chainsAppends), a single command on a stream with a
 * snapshot codec waits only until the one before it has handed in its append (its `tip`: the
 * state and revision it leads to), and is decided on that; its append is chained on the one
 * before, so both go to the log in one group commit. When the one before fails, the chained
 * append is refused without writing, and the command is decided again once that one has settled.
 */
const queues = new WeakMap<EventStore, Map<string, Queued>>();

/** A command in a stream's queue: settled when it is, and its tip once its append is handed in (null: no tip). */
type Queued = { done: Promise<void>; tip: Promise<Tip | null> };

/** The state a command's append leads its stream to, before that append is answered. */
type Tip = { key: string; revision: number; state: unknown; eventId: string };

/** How long a command waits for the ones before it on its streams before it runs anyway. */
export const MAX_QUEUE_WAIT_MS = 5000;

async function oneAtATime<T>(
  store: EventStore,
  chainable: StreamCommand | null,
  streams: readonly string[],
  work: (before: Queued | undefined, publish: (tip: Tip) => void) => Promise<T>,
): Promise<T> {
  const queue = queues.get(store) ?? new Map<string, Queued>();
  queues.set(store, queue);
  const names = [...new Set(streams)];
  const before = names.map((name) => queue.get(name)).filter((p) => p !== undefined);
  let publish: (tip: Tip | null) => void = () => undefined;
  const tip = new Promise<Tip | null>((resolve) => {
    publish = resolve;
  });
  // Only a chainable command hands out its tip; behind any other, the next one waits for it to settle.
  const handOut = chainable ? publish : () => undefined;
  const result =
    before.length === 0 || (chainable && before.length === 1)
      ? work(before[0], handOut)
      : settledOrTimeout(
          before.map((b) => b.done),
          MAX_QUEUE_WAIT_MS,
        ).then(() => work(undefined, handOut));
  const done = result.then(
    () => undefined,
    () => undefined,
  );
  done.then(() => publish(null));
  const entry = { done, tip };
  for (const name of names) queue.set(name, entry);
  done.then(() => {
    for (const name of names) if (queue.get(name) === entry) queue.delete(name);
  });
  return result;
}

/** Settles when all of `before` have, or after `ms`, whichever comes first. */
const settledOrTimeout = (before: readonly Promise<unknown>[], ms: number) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
    Promise.allSettled(before).then(() => {
      clearTimeout(timer);
      resolve();
    });
  });

/** The tip of the command before, or null when it has none within `ms`. */
const tipOrNull = (tip: Promise<Tip | null>, ms: number) =>
  new Promise<Tip | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    timer.unref();
    tip.then((t) => {
      clearTimeout(timer);
      resolve(t);
    });
  });

type Decided = { events: DomainEvent[]; state: unknown };

async function decideAndAppend(
  store: EventStore,
  commands: readonly StreamCommand[],
  context: CommandContext,
  passed: { read?: ReadonlyMap<string, StreamRead>; side?: SideWrites },
  before: Queued | undefined,
  publish: (tip: Tip) => void,
): Promise<{ position: Position | null; results: Decided[] }> {
  const correlationId = context.correlationId ?? randomUUID();
  // A request with an Idempotency-Key: its events carry the key, and its row is claimed with them.
  const idempotenz = idempotenzKontext.getStore();
  const options = idempotenz ? { ...passed, side: withIdempotencyClaim(passed.side, idempotenz) } : passed;
  const withMetadata = (events: readonly DomainEvent[]) => newEvents(events, context, correlationId, idempotenz);
  if (before) {
    // Chainable (see oneAtATime): decided on the state the command before leads to, if it has one.
    const tip = await tipOrNull(before.tip, MAX_QUEUE_WAIT_MS);
    const c = commands[0]!;
    if (tip?.key === keyOf(c)) {
      const chained = await decideChained(store, c, tip, options.side, withMetadata, publish);
      if (chained) return chained;
    }
    await settledOrTimeout([before.done], MAX_QUEUE_WAIT_MS);
  }
  // The first try decides streams whose state this process holds in memory without reading them
  // (one round trip: the append). The append's expected revision tells whether another process
  // wrote meanwhile; a refusal decided on such a state is only given after reading the stream.
  let ausSpeicher = true;
  for (let attempt = 1; ; ) {
    const given = attempt === 1 ? options.read : undefined;
    const toRead = commands.filter((c) => !c.neu && !given?.has(c.streamName));
    const gehalten = ausSpeicher ? inMemory(store, toRead) : new Map<StreamCommand, Folded>();
    const rest = toRead.filter((c) => !gehalten.has(c));
    const read = rest.length > 0 ? await readFolded(store, rest) : new Map<StreamCommand, Folded>();
    for (const [c, f] of gehalten) read.set(c, f);
    let decided: { c: StreamCommand; revision: number | null; base: unknown; events: DomainEvent[]; state: unknown }[];
    try {
      decided = commands.map((c) => {
        const stream = c.neu ? null : given?.get(c.streamName);
        const { revision, state } = read.get(c) ?? {
          revision: stream?.revision ?? null,
          state: fold(c.decider, (stream?.events ?? []) as unknown as DomainEvent[]),
        };
        const events = c.decider.decide(c.command, state);
        return { c, revision, base: state, events, state: events.reduce(c.decider.evolve, state) };
      });
    } catch (refusal) {
      if (gehalten.size === 0) throw refusal;
      ausSpeicher = false;
      continue;
    }
    const results = decided.map(({ events, state }) => ({ events, state }));
    const mitEvents = decided.filter((d) => d.events.length > 0);
    const appends = mitEvents.map((d) => ({
      streamName: d.c.streamName,
      expectedRevision: d.revision ?? ('no_stream' as const),
      events: withMetadata(d.events),
    }));
    if (appends.length === 0) return { position: null, results };
    // The states as the log will give them back, kept once the append has committed.
    const wieGelesen = mitEvents.map((d) => (d.c.decider.snapshot ? foldAsRead(d.c, d.base, d.events) : undefined));
    try {
      const appending = store.appendToStreams(appends, options.side);
      if (commands.length === 1 && mitEvents.length === 1 && commands[0]!.decider.snapshot)
        publish({
          key: keyOf(commands[0]!),
          revision: (mitEvents[0]!.revision ?? -1) + appends[0]!.events.length,
          state: wieGelesen[0],
          eventId: appends[0]!.events.at(-1)!.id,
        });
      const appended = await appending;
      const position = appended.map((r) => r.position).reduce((a, b) => (comparePositions(a, b) >= 0 ? a : b));
      for (const [i, d] of mitEvents.entries()) keepAppended(store, d.c, wieGelesen[i], d.events.length, appended[i]!.nextExpectedRevision);
      return { position, results };
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError && attempt === 1) {
        attempt++;
        ausSpeicher = false;
        continue;
      }
      throw error;
    }
  }
}

/**
 * A command decided on the tip of the one before it and appended chained on that one's append.
 * Null when it must be decided again once the one before has settled: it was refused or changed
 * nothing on that state (an answer that holds only if the one before commits), or the one before
 * did not commit (its append refused the chained one).
 */
async function decideChained(
  store: EventStore,
  c: StreamCommand,
  tip: Tip,
  side: SideWrites | undefined,
  withMetadata: (events: readonly DomainEvent[]) => NewEvent[],
  publish: (tip: Tip) => void,
): Promise<{ position: Position | null; results: Decided[] } | null> {
  let events: DomainEvent[];
  try {
    events = c.decider.decide(c.command, tip.state);
  } catch {
    return null;
  }
  if (events.length === 0) return null;
  const state = events.reduce(c.decider.evolve, tip.state);
  const append = { streamName: c.streamName, expectedRevision: tip.revision, events: withMetadata(events), chainedOn: tip.eventId };
  const wieGelesen = foldAsRead(c, tip.state, events);
  try {
    const appending = store.appendToStreams([append], side);
    publish({ key: tip.key, revision: tip.revision + events.length, state: wieGelesen, eventId: append.events.at(-1)!.id });
    const [appended] = await appending;
    keepAppended(store, c, wieGelesen, events.length, appended!.nextExpectedRevision);
    return { position: appended!.position, results: [{ events, state }] };
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) return null;
    throw error;
  }
}

/** A command's events as the log keeps them: ids, and the metadata every event carries. */
function newEvents(
  events: readonly DomainEvent[],
  context: CommandContext,
  correlationId: string,
  idempotenz: IdempotenzAnfrage | undefined,
): NewEvent[] {
  const occurredAt = (context.now ?? new Date()).toISOString();
  return events.map(
    (event): NewEvent => ({
      id: randomUUID(),
      type: event.type,
      data: event.data,
      metadata: {
        actorId: context.actorId,
        correlationId,
        causationId: context.causationId ?? null,
        occurredAt,
        ...akteurFelder(context.actorId, event.data),
        ...(idempotenz ? { idempotencyKey: idempotenz.schluessel } : {}),
      },
    }),
  );
}

/** The caller's side writes, then the claim of the request's idempotency key (same transaction on Postgres). */
const withIdempotencyClaim = (side: SideWrites | undefined, anfrage: IdempotenzAnfrage): SideWrites => {
  // Only the key: the Postgres store writes it in the append's own statement (one round trip).
  if (!side?.claim && !side?.release) return { claim: (db) => beanspruche(db, anfrage), idempotencyClaim: anfrage };
  return {
    ...side,
    // The key first: a repeat stops here (waiting for the first's commit), before its own claims could clash.
    claim: async (db) => {
      await beanspruche(db, anfrage);
      await side?.claim?.(db);
    },
  };
};

/**
 * A snapshot is written when the events folded since the last one kept reach this number. A
 * process decides on the state it keeps in memory, so a snapshot serves only a process that holds
 * nothing for the stream (after a start), which then reads at most this many events after it.
 * Writing a group's plan (1,500 events after five seasons) every 100 events was most of
 * PostgreSQL's work per command: 0.25 ms of CPU a command, 0.15 ms with every 500
 * (bench/commands-history.mjs, phase snapshot: 3,351-3,363 -> 4,115-4,342 commands/s).
 */
const SNAPSHOT_EVERY = 500;
/** Folded states kept in memory per event store (the least recently used go first). */
const FOLDED_IN_MEMORY = 2000;

type Folded = { revision: number | null; state: unknown };
type Kept = { revision: number; state: unknown; storedRevision: number };

/**
 * The latest state folded per stream and decider (only deciders with a SnapshotCodec), in memory:
 * with it a command is decided without reading first (or reads just the events after its
 * revision). Like a snapshot, it is derived from the log: folded from events as read, or from
 * events once their append committed, in the form the log gives them back (through JSON).
 */
const folded = new WeakMap<EventStore, Map<string, Kept>>();

const keyOf = (c: StreamCommand) => {
  const codec = c.decider.snapshot!;
  return `${codec.name}\u0000${codec.version}\u0000${c.streamName}`;
};

/**
 * Each command's stream folded up to its last revision. A decider with a SnapshotCodec starts from
 * its latest state (in memory, else the snapshot table) and folds only the events after it; a
 * snapshot is written, without waiting for it, once SNAPSHOT_EVERY events were folded past the
 * last one kept. A lost or failed snapshot only costs speed.
 */
async function readFolded(store: EventStore, commands: readonly StreamCommand[]): Promise<Map<StreamCommand, Folded>> {
  const kept = folded.get(store) ?? new Map<string, Kept>();
  folded.set(store, kept);
  const bases = new Map<StreamCommand, Kept>();
  const missing: StreamCommand[] = [];
  for (const c of commands) {
    if (!c.decider.snapshot) continue;
    const inMemory = kept.get(keyOf(c));
    if (inMemory) bases.set(c, inMemory);
    else missing.push(c);
  }
  const names = [...new Set(commands.map((c) => c.streamName))];
  /** Each stream from the oldest base any of its commands has. */
  const afterBases = () => {
    const after = new Map<string, number>();
    for (const c of commands) {
      const from = bases.get(c)?.revision ?? -1;
      after.set(c.streamName, Math.min(from, after.get(c.streamName) ?? from));
    }
    for (const [name, from] of after) if (from < 0) after.delete(name);
    return after;
  };
  let read: Map<string, StreamRead> | null = null;
  /** Streams whose snapshot came with their events but cannot be read: folded from their start after all. */
  const unlesbar = new Set<string>();
  if (missing.length > 0 && store.snapshots) {
    const keys = missing.map((c) => ({
      streamName: c.streamName,
      decider: c.decider.snapshot!.name,
      version: c.decider.snapshot!.version,
    }));
    let stored: Map<string, StoredSnapshot>;
    if (store.readStreamsWithSnapshots) {
      // One statement: the snapshots and the events after them (and after the bases held in memory).
      const both = await store.readStreamsWithSnapshots(names, keys, afterBases());
      read = both.streams;
      stored = both.snapshots;
    } else stored = await store.snapshots.read(keys).catch(() => new Map<string, StoredSnapshot>());
    for (const c of missing) {
      const snapshot = stored.get(c.streamName);
      if (!snapshot) continue;
      try {
        const state = c.decider.snapshot!.fromJson(snapshot.state);
        bases.set(c, { revision: snapshot.revision, state, storedRevision: snapshot.revision });
      } catch {
        // An unreadable snapshot is no snapshot: the stream is folded in full.
        if (read) unlesbar.add(c.streamName);
      }
    }
  }

  read ??= await store.readStreams(names, afterBases());
  // A base beyond the stream's end cannot come from this log: forget it and read that stream in full.
  const wrong = commands.filter((c) => {
    const base = bases.get(c);
    const revision = read.get(c.streamName)!.revision;
    return unlesbar.has(c.streamName) || (base !== undefined && (revision === null || revision < base.revision));
  });
  if (wrong.length > 0) {
    for (const c of wrong) {
      bases.delete(c);
      kept.delete(keyOf(c));
    }
    const again = await store.readStreams([...new Set(wrong.map((c) => c.streamName))]);
    for (const [name, stream] of again) read.set(name, stream);
  }

  const answer = new Map<StreamCommand, Folded>();
  for (const c of commands) {
    const stream = read.get(c.streamName)!;
    const base = wrong.some((w) => w.streamName === c.streamName) ? undefined : bases.get(c);
    const events = (base ? stream.events.filter((e) => e.revision > base.revision) : stream.events) as unknown as DomainEvent[];
    const state = events.reduce(c.decider.evolve, base ? base.state : c.decider.initialState());
    answer.set(c, { revision: stream.revision, state });
    if (c.decider.snapshot && stream.revision !== null)
      keep(store, kept, c, { revision: stream.revision, state, storedRevision: base?.storedRevision ?? -1 });
  }
  return answer;
}

/**
 * The commands whose stream's latest state this process holds (deciders with a SnapshotCodec): the
 * state after the last events it read or appended there. It may be behind the log when another
 * process wrote since; the append's expected revision finds that out.
 */
function inMemory(store: EventStore, commands: readonly StreamCommand[]): Map<StreamCommand, Folded> {
  const kept = folded.get(store);
  const answer = new Map<StreamCommand, Folded>();
  if (!kept) return answer;
  for (const c of commands) {
    const entry = c.decider.snapshot ? kept.get(keyOf(c)) : undefined;
    if (entry) answer.set(c, { revision: entry.revision, state: entry.state });
  }
  return answer;
}

/**
 * The state after `events`, folded from `base` with the events as the log gives them back (their
 * data through JSON, as the store keeps it), so that a state kept in memory equals the log's fold.
 */
const foldAsRead = (c: StreamCommand, base: unknown, events: readonly DomainEvent[]) =>
  events.map((e) => ({ type: e.type, data: JSON.parse(JSON.stringify(e.data ?? null)) }) as DomainEvent).reduce(c.decider.evolve, base);

/**
 * After an append: the stream's state with the events just appended (`state`, see foldAsRead),
 * kept so that the next command on the stream needs no read; `revision` is the one appended.
 */
function keepAppended(store: EventStore, c: StreamCommand, state: unknown, count: number, revision: number) {
  if (!c.decider.snapshot) return;
  const kept = folded.get(store) ?? new Map<string, Kept>();
  folded.set(store, kept);
  const before = revision - count;
  const current = kept.get(keyOf(c));
  // Only on top of the state this process knew at the revision decided on (or a new stream).
  if (before >= 0 && current?.revision !== before) return;
  keep(store, kept, c, { revision, state, storedRevision: current?.storedRevision ?? -1 });
}

function keep(store: EventStore, kept: Map<string, Kept>, c: StreamCommand, next: Kept) {
  const key = keyOf(c);
  const current = kept.get(key);
  if (current && current.revision >= next.revision) return;
  const storedRevision = Math.max(next.storedRevision, current?.storedRevision ?? -1);
  const entry = { ...next, storedRevision };
  if (store.snapshots && next.revision - storedRevision >= SNAPSHOT_EVERY) {
    entry.storedRevision = next.revision;
    const codec = c.decider.snapshot!;
    store.snapshots
      .write(
        { streamName: c.streamName, decider: codec.name, version: codec.version },
        { revision: next.revision, state: codec.toJson(next.state) },
      )
      .catch(() => undefined);
  }
  kept.delete(key);
  kept.set(key, entry);
  if (kept.size > FOLDED_IN_MEMORY) kept.delete(kept.keys().next().value!);
}
