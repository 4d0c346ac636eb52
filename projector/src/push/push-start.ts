import { PushAboSiegel, resolveVapidKeys } from '@waldkita/platform/auth/vapid-keys';
import type { Config } from '@waldkita/platform/config';
import type { EventStore } from '@waldkita/platform/event-store/event-store';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import type { Log, WorkerTuning } from '../runtime/jobs.js';
import { openPushErinnerungQueue, planePushErinnerungen, startPushErinnerungWorker } from './push-erinnerung.js';
import { openPushQueue } from './push-queue.js';
import { pushReactor } from './push-reactor.js';
import { startPushWorker } from './push-worker.js';

/**
 * Push messages beside mail (docs/push.md): the queues `push` and `push-erinnerung`, their
 * workers and the weekly reminder's scheduler; the reactor is handed to startReactors with the
 * others (projector/src/app.ts).
 */
export async function startPush(deps: {
  config: Config;
  store: EventStore;
  pool: pg.Pool;
  connection: Redis;
  prefix: string;
  now: () => Date;
  log: Log;
  tuning?: WorkerTuning;
}) {
  const { config, store, pool, connection, prefix, log } = deps;
  const vapid = await resolveVapidKeys(config, pool);
  const siegel = new PushAboSiegel(vapid.privateKey);
  const queue = openPushQueue(connection, prefix);
  const erinnerungQueue = openPushErinnerungQueue(connection, prefix);
  const common = { connection, prefix, pool, log, tuning: deps.tuning };
  const workers = [
    startPushWorker({ ...common, store, vapid, siegel, erlaubt: config.PUSH_ENDPOINT_ALLOWLIST }),
    startPushErinnerungWorker({ ...common, pushQueue: queue }),
  ];
  await planePushErinnerungen(erinnerungQueue);
  return {
    queue,
    erinnerungQueue,
    reactor: pushReactor({ store, pool, queue, connection, prefix, now: deps.now, log }),
    async close() {
      await Promise.all(workers.map((w) => w.close()));
      await Promise.all([queue.close(), erinnerungQueue.close()]);
    },
  };
}
