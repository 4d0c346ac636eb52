import { istSprache, type Sprache, STANDARD_SPRACHE } from '@waldkita/domain/i18n/sprachen';
import { READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import { UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import type { Log, WorkerTuning } from '../runtime/jobs.js';
import { MAIL_QUEUE, type MailArt, type MailAuftrag } from './mail-queue.js';
import { renderMail, type VorlagenKontext } from './mail-templates.js';
import type { MailTransport } from './mail-transport.js';

const GESENDET_TTL_S = 30 * 24 * 60 * 60;

/** The marker a sent mail leaves, so a job retried after a crash between sending and completing does not send again. */
export const gesendetKey = (prefix: string, jobId: string) => `${prefix}:mail-gesendet:${jobId}`;

/**
 * Records a sent mail in `mail_versand` (no address, no name). Idempotent: a job retried after the
 * record failed, or after a crash, records it once.
 */
async function vermerkeVersand(pool: pg.Pool, jobId: string, auftrag: MailAuftrag) {
  await pool.query('INSERT INTO mail_versand (job_id, eltern_id, art) VALUES ($1, $2, $3) ON CONFLICT (job_id) DO NOTHING', [
    jobId,
    auftrag.an.elternId,
    auftrag.art,
  ]);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The language a family's mail is written in, decided when it is sent: its choice in the read model
 * (`rm.eltern.sprache`, written from SpracheGewaehlt), by the job's recipient. German for a
 * recipient no family row has (yet), for a worker without a pool, and for a value we do not speak.
 * One indexed lookup by primary key per job.
 */
async function spracheDesEmpfaengers(pool: pg.Pool | undefined, elternId: string): Promise<Sprache> {
  if (!pool || !UUID.test(elternId)) return STANDARD_SPRACHE;
  const { rows } = await pool.query<{ sprache: string }>(`SELECT sprache FROM ${READ_MODEL_SCHEMA}.eltern WHERE eltern_id = $1`, [
    elternId,
  ]);
  const sprache = rows[0]?.sprache;
  return istSprache(sprache) ? sprache : STANDARD_SPRACHE;
}

/** An SMTP server's answer names the refused address ('550 <fuchs@…>: unknown'); the log keeps the rest. */
const ohneAdressen = (text: string) => text.replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, '[Adresse]');

/** An SMTP answer 5xx: the server refuses for good (unknown mailbox …); retrying cannot help. */
const endgueltig = (error: unknown) => {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

export type MailWorkerDeps = {
  connection: Redis;
  prefix: string;
  transport: MailTransport;
  kontext: VorlagenKontext;
  log: Log;
  /**
   * Where each sent mail is recorded for the family's data export (table `mail_versand`, migration
   * 11): job id, family, kind of mail, time. Without it (a worker tested alone) nothing is recorded.
   */
  pool?: pg.Pool;
  /** Mails sent at the same time (the SMTP pool has as many connections). */
  concurrency?: number;
  tuning?: WorkerTuning;
};

/**
 * The mail worker: renders a job's mail in the recipient's language (spracheDesEmpfaengers) and sends it. Exactly once as a family sees it: a sent
 * marker is checked before and set right after the server accepted the mail (a crash in between
 * those two is the only window left), and the Message-ID is the job id, so even then a mail
 * program shows one message. Temporary failures retry with backoff (MAIL_JOB_OPTIONS); a mail that
 * fails for good is logged at error level with the family's id, subject and reason and stays in BullMQ's
 * failed set.
 */
export function startMailWorker(deps: MailWorkerDeps) {
  const { connection, prefix, transport, kontext, log } = deps;
  const domain = new URL(kontext.appUrl).hostname || 'waldkita.local';
  const worker = new Worker<MailAuftrag, void, MailArt>(
    MAIL_QUEUE,
    async (job) => {
      const id = job.id!;
      const key = gesendetKey(prefix, id);
      const vermerke = () => (deps.pool ? vermerkeVersand(deps.pool, id, job.data) : undefined);
      // Sent before: only the record may be missing (it failed, or the worker died right after the mark).
      if (await connection.exists(key)) return vermerke();
      const inhalt = renderMail(job.data, kontext, await spracheDesEmpfaengers(deps.pool, job.data.an.elternId));
      const to = job.data.an.email;
      let datei: string | null;
      try {
        ({ datei } = await transport.send({ to, elternId: job.data.an.elternId, ...inhalt, messageId: `<${id}@${domain}>` }));
      } catch (error) {
        if (endgueltig(error)) throw new UnrecoverableError((error as Error).message);
        throw error;
      }
      await connection.set(key, '1', 'EX', GESENDET_TTL_S);
      // After the mark: a failing record retries the job, which then records without sending again.
      await vermerke();
      // Ids only: the family, the job, the kind of mail, the file's name (which names no one).
      const felder = { elternId: job.data.an.elternId, jobId: id, art: job.data.art };
      if (datei) log.info(`mail to family ${job.data.an.elternId} written to ${datei}`, { ...felder, datei });
      else log.info(`mail sent to family ${job.data.an.elternId}`, felder);
    },
    {
      connection,
      prefix,
      concurrency: deps.concurrency ?? 5,
      ...deps.tuning,
    },
  );
  worker.on('failed', (job, error) => {
    // `finishedOn` is set only when no retry follows.
    if (!job?.finishedOn) return;
    const subject = (() => {
      try {
        return renderMail(job.data, kontext).subject;
      } catch {
        return job.name;
      }
    })();
    log.error(
      `mail failed for good after ${job.attemptsMade} attempts: family=${job.data.an.elternId} subject="${subject}" reason=${ohneAdressen(error.message)}`,
      { elternId: job.data.an.elternId, jobId: job.id, art: job.data.art },
    );
  });
  worker.on('error', (error) => log.error(`mail worker: ${error.message}`));
  return worker;
}
