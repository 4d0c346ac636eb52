import { ZEITZONE } from '@waldkita/domain/kalender/iso-woche';
import { type Anker, fingerabdruck, privaterSchluessel } from '@waldkita/platform/audit/anker';
import { erstelleAnker } from '@waldkita/platform/audit/anker-log';
import type { EventStore } from '@waldkita/platform/event-store/event-store';
import { READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { type MailQueue, mailJobId, queueMails } from '../mail/mail-queue.js';
import type { Log, WorkerTuning } from '../runtime/jobs.js';
import { scheduledJob } from '../runtime/scheduled-job.js';

/** The nightly anchor of the log (docs/audit.md, "Anchors"), signed when the server has a key. */
const ANKER_QUEUE = 'anker';
const ANKER_SCHEDULER = 'anker-nacht';
/** Every night at 02:30 in Europe/Berlin, before the retention job (03:00) may erase anything. */
export const ANKER_ZEITPLAN = { pattern: '30 2 * * *', tz: ZEITZONE };

const ANKER = scheduledJob({
  queue: ANKER_QUEUE,
  scheduler: ANKER_SCHEDULER,
  cron: ANKER_ZEITPLAN,
  jobName: 'anker',
  label: 'nightly anchor',
});
export const openAnkerQueue = ANKER.open;
export const planeAnker = ANKER.schedule;

/**
 * Queues the anchor's mail to every admin and auditor who has not left, its file attached, one job
 * per anchor and person (a retry of the night queues nothing twice).
 */
export async function versendeAnker(pool: pg.Pool, mailQueue: MailQueue, anker: Anker) {
  const { rows } = await pool.query<{ eltern_id: string; email: string; nachname: string }>(
    `SELECT eltern_id, email, nachname FROM ${READ_MODEL_SCHEMA}.eltern
     WHERE NOT entfernt AND rollen && ARRAY['ROLE_ADMIN', 'ADMIN', 'ROLE_AUDITOR']::text[] ORDER BY nachname`,
  );
  const dateiname = `anker-${anker.zeitpunkt.slice(0, 10)}-${anker.position.replace('/', '-')}.json`;
  const datei = `${JSON.stringify(anker, null, 2)}\n`;
  await queueMails(
    mailQueue,
    rows.map((r) => ({
      id: mailJobId(`anker-${anker.position.replace('/', '-')}`, r.eltern_id),
      auftrag: {
        art: 'anker' as const,
        an: { elternId: r.eltern_id, email: r.email, nachname: r.nachname },
        anker: { zeitpunkt: anker.zeitpunkt, position: anker.position, fingerabdruck: fingerabdruck(anker.schluessel), dateiname, datei },
      },
    })),
  );
  return rows.length;
}

export type AnkerNachtDeps = {
  store: EventStore;
  pool: pg.Pool;
  /** The private key's PEM (config AUDIT_ANKER_SCHLUESSEL, best from its *_FILE); unset: no anchors. */
  schluessel: string | undefined;
  /** Called with each new anchor, to send it to the admins and auditors. */
  versende?: (anker: Anker) => Promise<unknown>;
};

export type AnkerNachtErgebnis = { signiert: boolean; grund?: string; position?: string; wurzel?: string };

/** Signs the night's anchor; without a key or with a broken chain, says why and signs nothing. */
export async function ankerDerNacht(deps: AnkerNachtDeps, bezug: Date): Promise<AnkerNachtErgebnis> {
  if (!deps.schluessel) return { signiert: false, grund: 'no AUDIT_ANKER_SCHLUESSEL_FILE configured' };
  const ergebnis = await erstelleAnker(deps, privaterSchluessel(deps.schluessel), { anlass: 'nacht', jetzt: bezug });
  if ('fehler' in ergebnis) return { signiert: false, grund: 'the hash chain is broken (audit verify names where)' };
  await deps.versende?.(ergebnis.anker);
  return { signiert: true, position: ergebnis.anker.position, wurzel: ergebnis.anker.wurzel };
}

export const startAnkerWorker = (deps: AnkerNachtDeps & { connection: Redis; prefix: string; log: Log; tuning?: WorkerTuning }) =>
  ANKER.startWorker(
    deps,
    (bezug) => ankerDerNacht(deps, bezug),
    (e) =>
      e.signiert
        ? `anchor: signed the log up to ${e.position}, root ${e.wurzel?.slice(0, 16)}…`
        : `anchor: none signed tonight, ${e.grund}`,
  );
