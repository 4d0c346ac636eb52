import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-database.js';
import { eventStoreContract } from './contract.js';
import { EventStoreDbEventStore } from './eventstoredb-event-store.js';

/**
 * The same contract suite as the Postgres adapter, against a real KurrentDB/EventStoreDB (with the
 * Postgres pool beside it, as the app runs it: snapshots, side tables, multi-stream intents):
 * - EVENTSTORE_CONNECTION_STRING set: that server (e.g. esdb://localhost:2113?tls=false);
 * - otherwise a throwaway eventstore/eventstore:24.10 container, when a Docker engine answers;
 * - otherwise one skipped test whose name says why.
 */
const IMAGE = 'eventstore/eventstore:24.10';
const DOCKER_PROBE_MS = 4000;

type Target = { kind: 'server'; connectionString: string } | { kind: 'docker' } | { kind: 'skip'; reason: string };

async function dockerReachable(): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), DOCKER_PROBE_MS);
    });
    await Promise.race([getContainerRuntimeClient(), timeout]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

async function chooseTarget(): Promise<Target> {
  const connectionString = process.env.EVENTSTORE_CONNECTION_STRING;
  if (connectionString) return { kind: 'server', connectionString };
  if (await dockerReachable()) return { kind: 'docker' };
  return { kind: 'skip', reason: 'EVENTSTORE_CONNECTION_STRING is not set and no Docker engine is reachable' };
}

const target = await chooseTarget();

describe('EventStoreDB event store', () => {
  if (target.kind === 'skip') {
    console.warn(`SKIPPED: EventStoreDB contract suite not run — ${target.reason}. Set EVENTSTORE_CONNECTION_STRING to run it.`);
    it.skip(`EventStoreDB contract suite — skipped: ${target.reason}`, () => {});
    return;
  }

  let store: EventStoreDbEventStore;
  let connection: string;
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let stopContainer: (() => Promise<unknown>) | undefined;

  beforeAll(async () => {
    let connectionString: string;
    if (target.kind === 'server') {
      connectionString = target.connectionString;
    } else {
      const { GenericContainer, Wait } = await import('testcontainers');
      const container = await new GenericContainer(IMAGE)
        .withEnvironment({
          EVENTSTORE_INSECURE: 'true',
          EVENTSTORE_RUN_PROJECTIONS: 'None',
          EVENTSTORE_MEM_DB: 'true',
        })
        .withExposedPorts(2113)
        .withWaitStrategy(Wait.forHttp('/health/live', 2113))
        .withStartupTimeout(120_000)
        .start();
      stopContainer = () => container.stop();
      connectionString = `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`;
    }
    connection = connectionString;
    db = await createTestDatabase('waldkita_esdb');
    store = new EventStoreDbEventStore(connectionString, db.pool);
  }, 300_000);

  afterAll(async () => {
    await store?.close();
    await db?.drop();
    await stopContainer?.();
  });

  describe('contract', () => eventStoreContract(() => store));

  it('completes a multi-stream append that a crash cut off between two streams before the next append to it', async () => {
    const [first, second] = [`absturz-${randomUUID()}`, `absturz-${randomUUID()}`];
    const event = (type: string) => ({
      id: randomUUID(),
      type,
      data: { n: type },
      metadata: { actorId: null, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() },
    });
    const [a, b] = [event('A'), event('B')];
    // What a process leaves when it dies after the intent and the first stream, before the second.
    await store.appendToStream(first, [event('Probe')], 'no_stream'); // creates the intent table when needed
    await db.pool.query('INSERT INTO eventstore_pending_appends (streams, appends) VALUES ($1, $2)', [
      [first, second],
      JSON.stringify([
        { streamName: first, events: [a], revision: 0 },
        { streamName: second, events: [b], revision: null },
      ]),
    ]);
    const fresh = new EventStoreDbEventStore(connection, db.pool);
    try {
      // The batch's own first part again (a retry): it completes the intent first, then answers as done.
      await fresh.appendToStream(first, [a], 0);
      expect((await fresh.readStream(first)).events.map((e) => e.type)).toEqual(['Probe', 'A']);
      await fresh.appendToStream(second, [event('Danach')], 0);
      expect((await fresh.readStream(second)).events.map((e) => e.type)).toEqual(['B', 'Danach']);
      expect((await db.pool.query('SELECT count(*)::int AS n FROM eventstore_pending_appends')).rows[0].n).toBe(0);
    } finally {
      await fresh.close();
    }
  });
});
