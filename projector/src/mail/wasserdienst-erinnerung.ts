import { aktuelleWoche, type IsoWoche, naechsteWoche, ZEITZONE } from '@waldkita/domain/kalender/iso-woche';
import { READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { willSql } from '../push/benachrichtigungs-wahl.js';
import type { Log, WorkerTuning } from '../runtime/jobs.js';
import { scheduledJob } from '../runtime/scheduled-job.js';
import { erinnerungJobId, type MailQueue, queueMails } from './mail-queue.js';

const rm = READ_MODEL_SCHEMA;

/** The queue of the weekly job that queues the reminders (the mails themselves go to the mail queue). */
const ERINNERUNG_QUEUE = 'erinnerung';
export const ERINNERUNG_SCHEDULER = 'wasserdienst-erinnerung';
/** Every Friday at 17:00 in Europe/Berlin, summer and winter time alike. */
export const ERINNERUNG_ZEITPLAN = { pattern: '0 17 * * 5', tz: ZEITZONE };

const ERINNERUNG = scheduledJob({
  queue: ERINNERUNG_QUEUE,
  scheduler: ERINNERUNG_SCHEDULER,
  cron: ERINNERUNG_ZEITPLAN,
  jobName: 'erinnern',
  label: 'reminder',
});
export const openErinnerungQueue = ERINNERUNG.open;
/** Registers the weekly reminder; every process start upserts the same scheduler. */
export const planeErinnerungen = ERINNERUNG.schedule;

/**
 * Queues one reminder per family on duty in the ISO week after `bezug` (read model
 * `wasserdienst`, active families only, not those that chose no mail for it: docs/push.md). The
 * job ids are (year, week, family), so running it again for the same week queues nothing new.
 * Answers the week and the number of reminders.
 */
export async function erinnereAnWasserdienste(
  deps: { pool: pg.Pool; mailQueue: MailQueue },
  bezug: Date,
): Promise<{ woche: IsoWoche; familien: number }> {
  const woche = naechsteWoche(aktuelleWoche(bezug));
  const { rows } = await deps.pool.query<{ eltern_id: string; email: string; nachname: string }>(
    `SELECT DISTINCT e.eltern_id, e.email, e.nachname
     FROM ${rm}.wasserdienst w JOIN ${rm}.eltern e ON e.eltern_id = w.eltern_id AND NOT e.entfernt
     WHERE w.jahr = $1 AND w.kalenderwoche = $2 AND ${willSql('e.eltern_id', "'dienstErinnerung'", 'mail')}
     ORDER BY e.nachname, e.eltern_id`,
    [woche.jahr, woche.kalenderwoche],
  );
  await queueMails(
    deps.mailQueue,
    rows.map((r) => ({
      id: erinnerungJobId(woche, r.eltern_id),
      auftrag: { art: 'wasserdienst-erinnerung', an: { elternId: r.eltern_id, email: r.email, nachname: r.nachname }, woche },
    })),
  );
  return { woche, familien: rows.length };
}

/**
 * Runs the weekly job. The week is taken from when the job was due, not when it runs, so a
 * worker that was down on Friday evening and catches up on Monday still reminds of that week.
 */
export const startErinnerungWorker = (deps: {
  connection: Redis;
  prefix: string;
  pool: pg.Pool;
  mailQueue: MailQueue;
  log: Log;
  tuning?: WorkerTuning;
}) =>
  ERINNERUNG.startWorker(
    deps,
    (bezug) => erinnereAnWasserdienste(deps, bezug),
    ({ woche, familien }) => `reminders for KW ${woche.kalenderwoche}/${woche.jahr}: ${familien} families`,
  );
