import { aktuelleWoche, type IsoWoche, naechsteWoche } from '@waldkita/domain/kalender/iso-woche';
import { READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { ERINNERUNG_ZEITPLAN } from '../mail/wasserdienst-erinnerung.js';
import type { Log, WorkerTuning } from '../runtime/jobs.js';
import { scheduledJob } from '../runtime/scheduled-job.js';
import { type PushQueue, queuePush } from './push-queue.js';
import { auftraegeFuer } from './push-reactor.js';

const rm = READ_MODEL_SCHEMA;

/** The weekly job that queues the reminders by push (the mail reminder has its own, `erinnerung`). */
const PUSH_ERINNERUNG_QUEUE = 'push-erinnerung';
const PUSH_ERINNERUNG_SCHEDULER = 'push-wasserdienst-erinnerung';

const PUSH_ERINNERUNG = scheduledJob({
  queue: PUSH_ERINNERUNG_QUEUE,
  scheduler: PUSH_ERINNERUNG_SCHEDULER,
  cron: ERINNERUNG_ZEITPLAN,
  jobName: 'erinnern',
  label: 'push reminder',
});
export const openPushErinnerungQueue = PUSH_ERINNERUNG.open;
/** Registers the weekly push reminder at the mail reminder's time (Fridays 17:00 Europe/Berlin); every start upserts the same scheduler. */
export const planePushErinnerungen = PUSH_ERINNERUNG.schedule;

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
export const startPushErinnerungWorker = (deps: {
  connection: Redis;
  prefix: string;
  pool: pg.Pool;
  pushQueue: PushQueue;
  log: Log;
  tuning?: WorkerTuning;
}) =>
  PUSH_ERINNERUNG.startWorker(
    deps,
    (bezug) => erinnereAnWasserdiensteViaPush(deps, bezug),
    ({ woche, geraete }) => `push reminders for KW ${woche.kalenderwoche}/${woche.jahr}: ${geraete} devices`,
  );
