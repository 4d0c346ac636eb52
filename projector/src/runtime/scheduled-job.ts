import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Log, WorkerTuning } from './jobs.js';

/** `bezug`: the moment a run is for (ISO; tests set it); unset, the moment the job was due. */
export type ScheduledJobData = { bezug?: string };

/** A job of fixed times (cron, Europe/Berlin): its queue, its scheduler and the name its runs carry. */
export type ScheduledJobDefinition = {
  queue: string;
  scheduler: string;
  cron: { pattern: string; tz: string };
  jobName: string;
  /** What it does, for the log lines of its worker ('reminder', 'retention' …). */
  label: string;
};

/**
 * The Friday reminders, the daily announcement of weeks without a family and the nightly erasure
 * after the retention period share this shape: a queue of their own, a BullMQ job scheduler that
 * every process start upserts under the same id (never a second one), and a worker that runs the
 * job for the moment it was due — so a worker that was down and catches up later still does that
 * day's or week's work. Failed runs retry three times, a minute apart and more; the last hundred
 * runs are kept.
 */
export function scheduledJob(definition: ScheduledJobDefinition) {
  return {
    ...definition,
    open: (connection: Redis, prefix: string) =>
      new Queue<ScheduledJobData>(definition.queue, {
        connection,
        prefix,
        defaultJobOptions: {
          attempts: 3,
          backoff: { type: 'exponential', delay: 60_000 },
          removeOnComplete: { count: 100 },
          removeOnFail: { count: 100 },
        },
      }),
    schedule: (queue: Queue<ScheduledJobData>) =>
      queue.upsertJobScheduler(definition.scheduler, definition.cron, { name: definition.jobName, data: {} }),
    /** `run` does the work for the moment; `report` words its result for the log (null: nothing to say). */
    startWorker<R>(
      deps: { connection: Redis; prefix: string; log: Log; tuning?: WorkerTuning },
      run: (bezug: Date) => Promise<R>,
      report: (result: R) => string | null,
    ) {
      const worker = new Worker<ScheduledJobData>(
        definition.queue,
        async (job) => {
          const bezug = job.data.bezug ? new Date(job.data.bezug) : new Date(job.timestamp + (job.delay ?? 0));
          const result = await run(bezug);
          const text = report(result);
          if (text) deps.log.info(text);
          return result;
        },
        { connection: deps.connection, prefix: deps.prefix, ...deps.tuning },
      );
      worker.on('error', (error) => deps.log.error(`${definition.label} worker: ${error.message}`));
      worker.on('failed', (job, error) => {
        if (job?.finishedOn) deps.log.error(`${definition.label} failed: ${error.message}`);
      });
      return worker;
    },
  };
}
