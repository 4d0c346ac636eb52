import type { EventStore } from '../event-store/event-store.js';

/**
 * Waits until the log's stable prefix holds at least `count` events. Readers of the Postgres store
 * stop before the oldest transaction still running anywhere in the cluster (transaction ids are
 * shared by all databases), so another test's open transaction can hold freshly appended events
 * back for a moment; an anchor or an export made in that moment would cover fewer of them.
 */
export async function untilStable(store: EventStore, count: number, withinMs = 10_000): Promise<void> {
  for (const until = Date.now() + withinMs; (await store.readAll(null, count)).length < count; ) {
    if (Date.now() > until) throw new Error(`the log's stable prefix did not reach ${count} events within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
