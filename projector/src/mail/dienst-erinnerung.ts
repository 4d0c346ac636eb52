import { WASSERDIENST_ID } from '@waldkita/domain/dienste/dienstart';
import type { Termin } from '@waldkita/domain/dienste/termine';
import { type Datum, heuteInBerlin, plusTage, ZEITZONE } from '@waldkita/domain/kalender/iso-woche';
import { READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { erinnereAnEinsaetze } from '../einsatz/einsatz-erinnerung.js';
import { willSql } from '../push/benachrichtigungs-wahl.js';
import { type PushQueue, queuePush } from '../push/push-queue.js';
import { auftraegeFuer } from '../push/push-reactor.js';
import type { Log, WorkerTuning } from '../runtime/jobs.js';
import { scheduledJob } from '../runtime/scheduled-job.js';
import { type MailQueue, mailJobId, queueMails } from './mail-queue.js';

const rm = READ_MODEL_SCHEMA;

/** The queue of the daily job that queues the reminders of the other duty kinds (mails and pushes go to their own queues). */
const DIENST_ERINNERUNG_QUEUE = 'dienst-erinnerung';
export const DIENST_ERINNERUNG_SCHEDULER = 'dienst-erinnerung';
/** Every evening at 17:00 in Europe/Berlin, summer and winter time alike: the dates starting the next day. */
const DIENST_ERINNERUNG_ZEITPLAN = { pattern: '0 17 * * *', tz: ZEITZONE };

const DIENST_ERINNERUNG = scheduledJob({
  queue: DIENST_ERINNERUNG_QUEUE,
  scheduler: DIENST_ERINNERUNG_SCHEDULER,
  cron: DIENST_ERINNERUNG_ZEITPLAN,
  jobName: 'erinnern',
  label: 'duty reminder',
});
export const openDienstErinnerungQueue = DIENST_ERINNERUNG.open;
/** Registers the daily reminder; every process start upserts the same scheduler. */
export const planeDienstErinnerungen = DIENST_ERINNERUNG.schedule;

/** The cause a reminder's job ids are derived from: the day the dates start ('dienst-erinnerung-2026-12-05'). */
const dienstErinnerungUrsache = (tag: Datum) => `dienst-erinnerung-${tag}`;

type Zeile = { eltern_id: string; email: string; nachname: string; dienstart_id: string; dienstart: string; von: string; bis: string };

/**
 * Reminds the families whose dates of a kind other than Wasserdienst (read models `dienst` and
 * `dienstart`) start on the day after `bezug` (Europe/Berlin): one mail per family listing its
 * dates of that day, unless it chose no mail for the reminder ('dienstErinnerung'), and one push
 * per date and device where it chose push. Active families only. Job ids name the day and the
 * family (mail: `dienst-erinnerung-<day>-<family id>`) or the kind, the day and the device
 * (push), so running it again for the same day — a retry, a restart, a second process — queues
 * nothing new.
 */
export async function erinnereAnDienste(
  deps: { pool: pg.Pool; mailQueue: MailQueue; pushQueue?: PushQueue },
  bezug: Date,
): Promise<{ tag: Datum; familien: number; mails: number; pushes: number }> {
  const tag = plusTage(heuteInBerlin(bezug), 1);
  const { rows } = await deps.pool.query<Zeile>(
    `SELECT DISTINCT e.eltern_id, e.email, e.nachname, d.dienstart_id, a.name AS dienstart, d.von::text AS von, d.bis::text AS bis
     FROM ${rm}.dienst d
     JOIN ${rm}.dienstart a ON a.dienstart_id = d.dienstart_id
     JOIN ${rm}.eltern e ON e.eltern_id = d.eltern_id AND NOT e.entfernt
     WHERE d.von = $1::date AND d.dienstart_id <> $2
     ORDER BY e.nachname, e.eltern_id, a.name, d.dienstart_id`,
    [tag, WASSERDIENST_ID],
  );
  const proFamilie = new Map<string, { zeile: Zeile; termine: (Termin & { dienstart: string; dienstartId: string })[] }>();
  for (const r of rows) {
    const f = proFamilie.get(r.eltern_id) ?? { zeile: r, termine: [] };
    f.termine.push({ von: r.von, bis: r.bis, dienstart: r.dienstart, dienstartId: r.dienstart_id });
    proFamilie.set(r.eltern_id, f);
  }
  const ursache = dienstErinnerungUrsache(tag);
  const { rows: mitMail } = await deps.pool.query<{ eltern_id: string }>(
    `SELECT e.eltern_id FROM ${rm}.eltern e WHERE e.eltern_id = ANY($1::uuid[]) AND ${willSql('e.eltern_id', "'dienstErinnerung'", 'mail')}`,
    [[...proFamilie.keys()]],
  );
  const mailIds = new Set(mitMail.map((r) => r.eltern_id));
  const mails = [...proFamilie.values()]
    .filter(({ zeile }) => mailIds.has(zeile.eltern_id))
    .map(({ zeile, termine }) => ({
      id: mailJobId(ursache, zeile.eltern_id),
      auftrag: {
        art: 'dienst-erinnerung' as const,
        an: { elternId: zeile.eltern_id, email: zeile.email, nachname: zeile.nachname },
        termine: termine.map(({ von, bis, dienstart }) => ({ von, bis, dienstart })),
      },
    }));
  await queueMails(deps.mailQueue, mails);
  let pushes = 0;
  if (deps.pushQueue) {
    // One message per date (its own tag on the device), to the families of that kind's date (a kind has one date per start day).
    const proArt = new Map<string, { elternIds: string[]; termin: Termin & { dienstart: string } }>();
    for (const r of rows) {
      const a = proArt.get(r.dienstart_id) ?? { elternIds: [], termin: { von: r.von, bis: r.bis, dienstart: r.dienstart } };
      a.elternIds.push(r.eltern_id);
      proArt.set(r.dienstart_id, a);
    }
    for (const [dienstartId, { elternIds, termin }] of proArt) {
      const auftraege = await auftraegeFuer(deps.pool, 'dienstErinnerung', elternIds, `${ursache}-${dienstartId}`, {
        art: 'termin-erinnerung',
        dienstartId,
        dienstart: termin.dienstart,
        termin: { von: termin.von, bis: termin.bis },
      });
      await queuePush(deps.pushQueue, auftraege);
      pushes += auftraege.length;
    }
  }
  return { tag, familien: proFamilie.size, mails: mails.length, pushes };
}

/**
 * Runs the daily job; the day is taken from when the job was due, so a worker that was down at
 * 17:00 and catches up before midnight still reminds of the next day. The finished job keeps
 * counts only (no family's name in Redis).
 */
export const startDienstErinnerungWorker = (deps: {
  connection: Redis;
  prefix: string;
  pool: pg.Pool;
  mailQueue: MailQueue;
  pushQueue?: PushQueue;
  log: Log;
  tuning?: WorkerTuning;
}) =>
  DIENST_ERINNERUNG.startWorker(
    deps,
    async (bezug) => {
      const dienste = await erinnereAnDienste(deps, bezug);
      // the same evening: the shifts of work days on the next day (docs/api-einsaetze.md)
      const einsaetze = await erinnereAnEinsaetze(deps, bezug);
      return { ...dienste, einsaetze };
    },
    ({ tag, familien, mails, pushes, einsaetze }) =>
      [
        familien > 0 ? `duty reminders for ${tag}: ${familien} families (${mails} mails, ${pushes} pushes)` : null,
        einsaetze.familien > 0
          ? `work day reminders for ${tag}: ${einsaetze.familien} families (${einsaetze.mails} mails, ${einsaetze.pushes} pushes)`
          : null,
      ]
        .filter(Boolean)
        .join('; ') || null,
  );
