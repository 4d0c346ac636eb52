import type { SaisonEvent } from '@waldkita/domain/saison/saison';
import { DelayedError, Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Log, WorkerTuning } from '../runtime/jobs.js';
import { type Reactor, recent } from '../runtime/reactors.js';
import type { RotaDeps } from './plane-gruppe.js';
import { faelligAb, planeSaison, type RotaJob } from './saison-rota.js';

const ROTA_QUEUE = 'rota';

/** One job per deadline event; BullMQ ids must not contain ':' (uuids do not). */
export const rotaJobId = (fristEventId: string) => `rota-${fristEventId}`;

const TAG_S = 24 * 60 * 60;

export function openRotaQueue(connection: Redis, prefix: string) {
  return new Queue<RotaJob>(ROTA_QUEUE, {
    connection,
    prefix,
    defaultJobOptions: {
      attempts: 6,
      backoff: { type: 'exponential', delay: 60_000 },
      removeOnComplete: { age: 30 * TAG_S },
      removeOnFail: { age: 90 * TAG_S },
    },
  });
}

export type RotaQueue = ReturnType<typeof openRotaQueue>;

/**
 * The rota reactor: the yearly import's absence deadline (`AbwesenheitsfristGesetzt`, quelle
 * 'import') schedules the season's plan for 00:00 Berlin after the deadline day. The job id is
 * derived from the event id, so the reactor seeing the event again adds nothing.
 */
export function rotaReactor(deps: { queue: RotaQueue; now: () => Date; log: Log }): Reactor {
  return {
    name: 'rota',
    async react(batch) {
      const now = deps.now();
      for (const r of recent(batch, now)) {
        const event = r as unknown as SaisonEvent;
        if (event.type !== 'AbwesenheitsfristGesetzt' || event.data.quelle !== 'import') continue;
        const { frist } = event.data;
        const delay = Math.max(0, faelligAb(frist).getTime() - now.getTime());
        await deps.queue.add('saison-planen', { fristEventId: r.id, frist }, { jobId: rotaJobId(r.id), delay });
        deps.log.info(`rota: the season's plan is due ${faelligAb(frist).toISOString()} (import deadline ${frist})`);
      }
    },
  };
}

/**
 * Runs the season's plan. A job that finds its deadline moved to a later day (by an admin) waits
 * again until then. Delays are relative to the app's clock, so tests with a fixed clock work too.
 */
export function startRotaWorker(deps: RotaDeps & { connection: Redis; prefix: string; log: Log; tuning?: WorkerTuning }) {
  const worker = new Worker<RotaJob>(
    ROTA_QUEUE,
    async (job, token) => {
      const ergebnis = await planeSaison(deps, job.data);
      if (ergebnis.status === 'verschoben') {
        const warten = Math.max(0, ergebnis.faellig.getTime() - deps.now().getTime());
        deps.log.info(`rota: the deadline is now ${ergebnis.frist}; planning at ${ergebnis.faellig.toISOString()}`);
        await job.moveToDelayed(Date.now() + warten, token);
        throw new DelayedError();
      }
      return ergebnis;
    },
    { connection: deps.connection, prefix: deps.prefix, ...deps.tuning },
  );
  worker.on('error', (error) => deps.log.error(`rota worker: ${error.message}`));
  worker.on('failed', (job, error) => {
    if (job?.finishedOn) deps.log.error(`rota: planning the season (deadline ${job.data.frist}) failed for good: ${error.message}`);
  });
  return worker;
}
