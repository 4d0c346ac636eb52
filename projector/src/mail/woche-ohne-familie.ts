import { heuteInBerlin, type IsoWoche, isoWocheVon, plusTage, wochenSchluessel, ZEITZONE } from '@waldkita/domain/kalender/iso-woche';
import { KALENDER_STREAM, kalenderDecider } from '@waldkita/domain/kalender/schliesszeiten';
import { fold } from '@waldkita/domain/shared/decider';
import type { EventStore } from '@waldkita/platform/event-store/event-store';
import { READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { ohneMail } from '../push/benachrichtigungs-wahl.js';
import { type PushQueue, queuePush } from '../push/push-queue.js';
import { auftraegeFuer } from '../push/push-reactor.js';
import type { Log, WorkerTuning } from '../runtime/jobs.js';
import { scheduledJob } from '../runtime/scheduled-job.js';
import { type MailQueue, mailJobId, queueMails } from './mail-queue.js';

const rm = READ_MODEL_SCHEMA;

/** The queue of the daily job that announces weeks without a family (mails and pushes go to their own queues). */
const OHNE_FAMILIE_QUEUE = 'ohne-familie';
const OHNE_FAMILIE_SCHEDULER = 'woche-ohne-familie';
/** Every day at 08:00 in Europe/Berlin. */
const OHNE_FAMILIE_ZEITPLAN = { pattern: '0 8 * * *', tz: ZEITZONE };
/** How far ahead a week without a family is announced: the weeks touching today and the next 13 days. */
const OHNE_FAMILIE_TAGE = 14;

const OHNE_FAMILIE = scheduledJob({
  queue: OHNE_FAMILIE_QUEUE,
  scheduler: OHNE_FAMILIE_SCHEDULER,
  cron: OHNE_FAMILIE_ZEITPLAN,
  jobName: 'ankuendigen',
  label: 'announcing weeks without a family',
});
export const openOhneFamilieQueue = OHNE_FAMILIE.open;
/** Registers the daily announcement; every start upserts the same scheduler. */
export const planeOhneFamilie = OHNE_FAMILIE.schedule;

/** A week of a group that has no family: given away and not taken (`abgegebenVon`), or freed when its family left. */
export type WocheOhneFamilie = {
  gruppeId: string;
  gruppe: string;
  woche: IsoWoche;
  abgegebenVon: { elternId: string; nachname: string } | null;
};

/** The ISO weeks that the days `heute` … `heute + 13` fall in (two or three weeks). */
const anzukuendigendeWochen = (heute: string): IsoWoche[] => {
  const wochen = new Map<string, IsoWoche>();
  for (let i = 0; i < OHNE_FAMILIE_TAGE; i++) {
    const woche = isoWocheVon(plusTage(heute, i));
    wochen.set(wochenSchluessel(woche), woche);
  }
  return [...wochen.values()];
};

/**
 * Finds the weeks of the next 14 days (Europe/Berlin) without a family in any active group —
 * a duty given away (open offer with `abgeben`) and not taken over, or a week freed when its
 * family left and not assigned again; weeks the kindergarten is closed are left out — and
 * announces each to the group's families (but the one that gave it away) and to the admins: a
 * mail unless the family chose none for this notice, and a push to the devices of those that chose
 * it (docs/push.md). Job ids name the group, the week and the day, so running it again on the
 * same day queues nothing new, and the next day announces again until the week is taken.
 */
async function kuendigeWochenOhneFamilieAn(
  deps: { pool: pg.Pool; store: EventStore; mailQueue: MailQueue; pushQueue?: PushQueue },
  bezug: Date,
): Promise<{ datum: string; wochen: WocheOhneFamilie[]; mails: number; pushes: number }> {
  const datum = heuteInBerlin(bezug);
  const kalender = fold(kalenderDecider, (await deps.store.readStream(KALENDER_STREAM)).events as never);
  const geschlossen = new Set([...kalender.schliesswochen.values()].map(wochenSchluessel));
  const wochen = anzukuendigendeWochen(datum).filter((w) => !geschlossen.has(wochenSchluessel(w)));
  const { rows } = await deps.pool.query<{
    gruppe_id: string;
    gruppe: string;
    jahr: number;
    kalenderwoche: number;
    abgegeben_von: string | null;
    abgegeben_nachname: string | null;
  }>(
    `WITH wochen AS (SELECT * FROM unnest($1::int[], $2::int[]) AS w(jahr, kalenderwoche)),
     offen AS (
       SELECT t.gruppe_id, t.jahr, t.kalenderwoche, t.request_eltern_id AS abgegeben_von
       FROM ${rm}.tausch t JOIN wochen USING (jahr, kalenderwoche)
       WHERE t.status = 'offen' AND t.abgeben
       UNION ALL
       SELECT f.gruppe_id, f.jahr, f.kalenderwoche, NULL
       FROM ${rm}.wasserdienst_frei f JOIN wochen USING (jahr, kalenderwoche)
       WHERE NOT EXISTS (SELECT 1 FROM ${rm}.wasserdienst w
                         WHERE w.gruppe_id = f.gruppe_id AND w.jahr = f.jahr AND w.kalenderwoche = f.kalenderwoche)
     )
     SELECT o.gruppe_id, g.name AS gruppe, o.jahr, o.kalenderwoche, o.abgegeben_von, e.nachname AS abgegeben_nachname
     FROM offen o JOIN ${rm}.gruppe g ON g.gruppe_id = o.gruppe_id AND NOT g.entfernt
     LEFT JOIN ${rm}.eltern e ON e.eltern_id = o.abgegeben_von
     ORDER BY g.name, o.gruppe_id, o.jahr, o.kalenderwoche`,
    [wochen.map((w) => w.jahr), wochen.map((w) => w.kalenderwoche)],
  );
  const gefunden: WocheOhneFamilie[] = rows.map((r) => ({
    gruppeId: r.gruppe_id,
    gruppe: r.gruppe,
    woche: { jahr: r.jahr, kalenderwoche: r.kalenderwoche },
    abgegebenVon: r.abgegeben_von ? { elternId: r.abgegeben_von, nachname: r.abgegeben_nachname ?? '' } : null,
  }));
  let mails = 0;
  let pushes = 0;
  for (const w of gefunden) {
    const { rows: empfaenger } = await deps.pool.query<{ eltern_id: string; email: string; nachname: string }>(
      `SELECT eltern_id, email, nachname FROM ${rm}.eltern
       WHERE NOT entfernt AND (gruppe_id = $1 OR rollen && ARRAY['ROLE_ADMIN', 'ADMIN']) AND eltern_id IS DISTINCT FROM $2::uuid
       ORDER BY nachname, eltern_id`,
      [w.gruppeId, w.abgegebenVon?.elternId ?? null],
    );
    const ids = empfaenger.map((e) => e.eltern_id);
    const ursache = `ohne-familie-${w.gruppeId}-${w.woche.jahr}-${String(w.woche.kalenderwoche).padStart(2, '0')}-${datum}`;
    const abbestellt = await ohneMail(deps.pool, 'wocheOhneFamilie', ids);
    const auftraege = empfaenger
      .filter((e) => !abbestellt.has(e.eltern_id))
      .map((e) => ({
        id: mailJobId(ursache, e.eltern_id),
        auftrag: {
          art: 'woche-ohne-familie' as const,
          an: { elternId: e.eltern_id, email: e.email, nachname: e.nachname },
          gruppe: w.gruppe,
          woche: w.woche,
          abgegebenVon: w.abgegebenVon?.nachname ?? null,
        },
      }));
    await queueMails(deps.mailQueue, auftraege);
    mails += auftraege.length;
    if (deps.pushQueue) {
      const push = await auftraegeFuer(deps.pool, 'wocheOhneFamilie', ids, ursache, {
        art: 'woche-ohne-familie',
        gruppeId: w.gruppeId,
        gruppe: w.gruppe,
        woche: w.woche,
      });
      await queuePush(deps.pushQueue, push);
      pushes += push.length;
    }
  }
  return { datum, wochen: gefunden, mails, pushes };
}

/**
 * Runs the daily job; the day is taken from when the job was due, so a worker catching up later
 * announces that day's weeks. The finished job keeps counts only (no family's name in Redis).
 */
export const startOhneFamilieWorker = (deps: {
  connection: Redis;
  prefix: string;
  pool: pg.Pool;
  store: EventStore;
  mailQueue: MailQueue;
  pushQueue?: PushQueue;
  log: Log;
  tuning?: WorkerTuning;
}) =>
  OHNE_FAMILIE.startWorker(
    deps,
    async (bezug) => {
      const { datum, wochen, mails, pushes } = await kuendigeWochenOhneFamilieAn(deps, bezug);
      return { datum, wochen: wochen.length, mails, pushes };
    },
    ({ datum, wochen, mails, pushes }) =>
      wochen > 0 ? `weeks without a family on ${datum}: ${wochen} (${mails} mails, ${pushes} pushes)` : null,
  );
