import { ZEITZONE } from '@waldkita/domain/kalender/iso-woche';
import { loeschePersonendaten } from '@waldkita/platform/datenschutz/loesche-personendaten';
import type { EventStore } from '@waldkita/platform/event-store/event-store';
import { READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import type { Log, WorkerTuning } from '../runtime/jobs.js';

/** The daily job that erases the personal data of families that left longer ago than RETENTION_DAYS. */
export const AUFBEWAHRUNG_QUEUE = 'aufbewahrung';
export const AUFBEWAHRUNG_SCHEDULER = 'aufbewahrungsfrist';
/** Every night at 03:00 in Europe/Berlin. */
export const AUFBEWAHRUNG_ZEITPLAN = { pattern: '0 3 * * *', tz: ZEITZONE };

const TAG_MS = 24 * 60 * 60 * 1000;

export type AufbewahrungJob = { bezug?: string };

export function openAufbewahrungQueue(connection: Redis, prefix: string) {
  return new Queue<AufbewahrungJob>(AUFBEWAHRUNG_QUEUE, {
    connection,
    prefix,
    defaultJobOptions: {
      attempts: 3,
      backoff: { type: 'exponential', delay: 60_000 },
      removeOnComplete: { count: 100 },
      removeOnFail: { count: 100 },
    },
  });
}

/** Registers the nightly job; every start upserts the same scheduler. */
export const planeAufbewahrung = (queue: Queue<AufbewahrungJob>) =>
  queue.upsertJobScheduler(AUFBEWAHRUNG_SCHEDULER, AUFBEWAHRUNG_ZEITPLAN, { name: 'loeschen', data: {} });

export type AufbewahrungDeps = {
  store: EventStore;
  pool: pg.Pool;
  redis: Redis;
  queuePrefix: string;
  now: () => Date;
  retentionDays: number;
};

/**
 * Erases the personal data of every family that left (removed by the yearly import or by an
 * admin) at least `retentionDays` before `bezug` and did not come back (docs/datenschutz.md), one
 * after the other, each as 'Personendaten löschen' does. A family erased meanwhile is skipped by
 * the decider; running again the same night finds nothing left.
 */
export async function loescheNachAufbewahrungsfrist(deps: AufbewahrungDeps, bezug: Date): Promise<string[]> {
  const grenze = new Date(bezug.getTime() - deps.retentionDays * TAG_MS);
  const { rows } = await deps.pool.query<{ eltern_id: string }>(
    `SELECT eltern_id FROM ${READ_MODEL_SCHEMA}.ausgeschieden WHERE entfernt_am <= $1 ORDER BY entfernt_am, eltern_id`,
    [grenze],
  );
  const geloescht: string[] = [];
  for (const { eltern_id } of rows) {
    const { geloescht: neu } = await loeschePersonendaten(deps, eltern_id, 'aufbewahrungsfrist', null);
    if (neu) geloescht.push(eltern_id);
  }
  return geloescht;
}

/** Runs the nightly job; the moment is when the job was due, so a worker catching up later erases as of that night. */
export function startAufbewahrungWorker(deps: AufbewahrungDeps & { connection: Redis; prefix: string; log: Log; tuning?: WorkerTuning }) {
  const worker = new Worker<AufbewahrungJob>(
    AUFBEWAHRUNG_QUEUE,
    async (job) => {
      const bezug = job.data.bezug ? new Date(job.data.bezug) : new Date(job.timestamp + (job.delay ?? 0));
      const geloescht = await loescheNachAufbewahrungsfrist(deps, bezug);
      if (geloescht.length > 0) deps.log.info(`retention: erased the personal data of ${geloescht.length} families that left`);
      return { geloescht: geloescht.length };
    },
    { connection: deps.connection, prefix: deps.prefix, ...deps.tuning },
  );
  worker.on('error', (error) => deps.log.error(`retention worker: ${error.message}`));
  worker.on('failed', (job, error) => {
    if (job?.finishedOn) deps.log.error(`erasing after the retention period failed: ${error.message}`);
  });
  return worker;
}
