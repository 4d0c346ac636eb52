import { ZEITZONE } from '@waldkita/domain/kalender/iso-woche';
import { loeschePersonendaten } from '@waldkita/platform/datenschutz/loesche-personendaten';
import type { EventStore } from '@waldkita/platform/event-store/event-store';
import { READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import type { Log, WorkerTuning } from '../runtime/jobs.js';
import { scheduledJob } from '../runtime/scheduled-job.js';

/** The daily job that erases the personal data of families that left longer ago than RETENTION_DAYS. */
const AUFBEWAHRUNG_QUEUE = 'aufbewahrung';
const AUFBEWAHRUNG_SCHEDULER = 'aufbewahrungsfrist';
/** Every night at 03:00 in Europe/Berlin. */
const AUFBEWAHRUNG_ZEITPLAN = { pattern: '0 3 * * *', tz: ZEITZONE };

const TAG_MS = 24 * 60 * 60 * 1000;

const AUFBEWAHRUNG = scheduledJob({
  queue: AUFBEWAHRUNG_QUEUE,
  scheduler: AUFBEWAHRUNG_SCHEDULER,
  cron: AUFBEWAHRUNG_ZEITPLAN,
  jobName: 'loeschen',
  label: 'erasing after the retention period',
});
export const openAufbewahrungQueue = AUFBEWAHRUNG.open;
/** Registers the nightly job; every start upserts the same scheduler. */
export const planeAufbewahrung = AUFBEWAHRUNG.schedule;

export type AufbewahrungDeps = {
  store: EventStore;
  pool: pg.Pool;
  redis: Redis;
  queuePrefix: string;
  now: () => Date;
  retentionDays: number;
  /** The mail folder when mails are written there (no SMTP_URL): erased families' mails leave it too. */
  mailOrdner?: string | null;
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

/** Runs the nightly job; the moment is when the job was due, so a worker catching up later erases as of that night. The finished job keeps the count only. */
export const startAufbewahrungWorker = (deps: AufbewahrungDeps & { connection: Redis; prefix: string; log: Log; tuning?: WorkerTuning }) =>
  AUFBEWAHRUNG.startWorker(
    deps,
    async (bezug) => ({ geloescht: (await loescheNachAufbewahrungsfrist(deps, bezug)).length }),
    ({ geloescht }) => (geloescht > 0 ? `retention: erased the personal data of ${geloescht} families that left` : null),
  );
