import { aktuelleWoche, type IsoWoche, naechsteWoche } from '@waldkita/domain/kalender/iso-woche';
import { READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { ERINNERUNG_ZEITPLAN, type ErinnerungsJob } from '../mail/wasserdienst-erinnerung.js';
import type { Log, WorkerTuning } from '../runtime/jobs.js';
import { type PushQueue, queuePush } from './push-queue.js';
import { auftraegeFuer } from './push-reactor.js';

const rm = READ_MODEL_SCHEMA;

/** The weekly job that queues the reminders by push (the mail reminder has its own, `erinnerung`). */
export const PUSH_ERINNERUNG_QUEUE = 'push-erinnerung';
export const PUSH_ERINNERUNG_SCHEDULER = 'push-wasserdienst-erinnerung';

export function openPushErinnerungQueue(connection: Redis, prefix: string) {
  return new Queue<ErinnerungsJob>(PUSH_ERINNERUNG_QUEUE, {
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

/** Registers the weekly push reminder at the mail reminder's time (Fridays 17:00 Europe/Berlin); every start upserts the same scheduler. */
export const planePushErinnerungen = (queue: Queue<ErinnerungsJob>) =>
  queue.upsertJobScheduler(PUSH_ERINNERUNG_SCHEDULER, ERINNERUNG_ZEITPLAN, { name: 'erinnern', data: {} });

/**
 * Queues one reminder per device of the families on duty in the ISO week after `bezug` that want
 * it by push. Job ids are `erinnerung-<year>-<week>-<device id>`: running it again for the same
 * week queues nothing new.
 */
export async function erinnereAnWasserdiensteViaPush(
  deps: { pool: pg.Pool; pushQueue: PushQueue },
  bezug: Date,
): Promise<{ woche: IsoWoche; geraete: number }> {
  const woche = naechsteWoche(aktuelleWoche(bezug));
  const { rows } = await deps.pool.query<{ eltern_id: string }>(
    `SELECT DISTINCT eltern_id FROM ${rm}.wasserdienst WHERE jahr = $1 AND kalenderwoche = $2`,
    [woche.jahr, woche.kalenderwoche],
  );
  const ursache = `erinnerung-${woche.jahr}-${String(woche.kalenderwoche).padStart(2, '0')}`;
  const auftraege = await auftraegeFuer(
    deps.pool,
    'dienstErinnerung',
    rows.map((r) => r.eltern_id),
    ursache,
    { art: 'dienst-erinnerung', woche },
  );
  await queuePush(deps.pushQueue, auftraege);
  return { woche, geraete: auftraege.length };
}

/** Runs the weekly job; the week is taken from when the job was due (a worker catching up on Monday still reminds of that week). */
export function startPushErinnerungWorker(deps: {
  connection: Redis;
  prefix: string;
  pool: pg.Pool;
  pushQueue: PushQueue;
  log: Log;
  tuning?: WorkerTuning;
}) {
  const worker = new Worker<ErinnerungsJob>(
    PUSH_ERINNERUNG_QUEUE,
    async (job) => {
      const bezug = job.data.bezug ? new Date(job.data.bezug) : new Date(job.timestamp + (job.delay ?? 0));
      const { woche, geraete } = await erinnereAnWasserdiensteViaPush(deps, bezug);
      deps.log.info(`push reminders for KW ${woche.kalenderwoche}/${woche.jahr}: ${geraete} devices`);
    },
    { connection: deps.connection, prefix: deps.prefix, ...deps.tuning },
  );
  worker.on('error', (error) => deps.log.error(`push reminder worker: ${error.message}`));
  worker.on('failed', (job, error) => {
    if (job?.finishedOn) deps.log.error(`push reminders failed: ${error.message}`);
  });
  return worker;
}
