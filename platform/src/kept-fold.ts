import type { EventStore, RecordedEvent } from './event-store/event-store.js';

/** Streams whose fold a KeptFold holds per event store (the least recently used go first). */
const KEPT = 5000;

/**
 * A stream's fold that a route needs before its command (who is calling, the season's deadline,
 * which plan holds a duty), kept in memory per event store: each call reads only the events after
 * the revision it holds (one statement, usually answering just the stream's head) instead of the
 * whole stream, and folds them on. It is always the log's state at the time of the read: another
 * process's writes are among the events after. A head behind the revision held (a restored
 * database) drops what is held and the stream is read in full. A stream with no events yet (the
 * season's, until a deadline is set) is held at revision -1, so it too is read as the events after
 * it: the read that goes together with others, not a statement of its own on every command.
 *
 * What is kept must not be personal data (erasure does not reach memory): `evolve` keeps only what
 * the route needs.
 */
export function keptFold<S>(initial: () => S, evolve: (state: S, event: RecordedEvent) => S) {
  const perStore = new WeakMap<EventStore, Map<string, { revision: number; state: S }>>();
  return async (store: EventStore, streamName: string): Promise<S> => {
    const kept = perStore.get(store) ?? new Map<string, { revision: number; state: S }>();
    perStore.set(store, kept);
    const held = kept.get(streamName);
    let read = (await store.readStreams([streamName], held ? new Map([[streamName, held.revision]]) : undefined)).get(streamName)!;
    let base = held;
    if (held && (read.revision ?? -1) < held.revision) {
      base = undefined;
      read = await store.readStream(streamName);
    }
    const state = read.events.reduce(evolve, base ? base.state : initial());
    const now = kept.get(streamName);
    // A call that read later may have kept a newer state meanwhile.
    const revision = read.revision ?? -1;
    if (!(now && now.revision > revision)) {
      kept.delete(streamName);
      kept.set(streamName, { revision, state });
    }
    if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
    return state;
  };
}
