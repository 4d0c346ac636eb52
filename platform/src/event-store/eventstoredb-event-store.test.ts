import { afterAll, beforeAll, describe, it } from 'vitest';
import { eventStoreContract } from './contract.js';
import { EventStoreDbEventStore } from './eventstoredb-event-store.js';

/**
 * The same contract suite as the Postgres adapter, against a real EventStoreDB:
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
    console.warn(`EventStoreDB contract suite skipped: ${target.reason}`);
    it.skip(`EventStoreDB contract suite — skipped: ${target.reason}`, () => {});
    return;
  }

  let store: EventStoreDbEventStore;
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
    store = new EventStoreDbEventStore(connectionString);
  }, 300_000);

  afterAll(async () => {
    await store?.close();
    await stopContainer?.();
  });

  describe('contract', () => eventStoreContract(() => store));
});
