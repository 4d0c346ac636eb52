import { istSprache, STANDARD_SPRACHE } from '@waldkita/domain/i18n/sprachen';
import { benachrichtigungDecider, benachrichtigungenStream, type EntfernGrund } from '@waldkita/domain/push/benachrichtigungen';
import type { PushAboSiegel, VapidKeys } from '@waldkita/platform/auth/vapid-keys';
import { handleCommand } from '@waldkita/platform/command-handler';
import { type PushDienst, pushEndpunktErlaubt } from '@waldkita/platform/config';
import type { EventStore } from '@waldkita/platform/event-store/event-store';
import { READ_MODEL_SCHEMA } from '@waldkita/platform/read-models';
import { UnrecoverableError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import webpush from 'web-push';
import type { Log, WorkerTuning } from '../runtime/jobs.js';
import { pushNachricht } from './push-nachrichten.js';
import { PUSH_QUEUE, type PushAuftrag } from './push-queue.js';

const rm = READ_MODEL_SCHEMA;
const GESENDET_TTL_S = 30 * 24 * 60 * 60;
/** How long a push service may keep a message for a device that is offline. */
const TTL_S = 24 * 60 * 60;
/** How long one POST to a push service may take before it counts as failed (and is retried). */
const PUSH_TIMEOUT_MS = 10_000;

/** The marker a sent message leaves, so a job retried after a crash between sending and completing does not send again. */
const pushGesendetKey = (prefix: string, jobId: string) => `${prefix}:push-gesendet:${jobId}`;

export type PushWorkerDeps = {
  connection: Redis;
  prefix: string;
  pool: pg.Pool;
  store: EventStore;
  vapid: VapidKeys;
  siegel: PushAboSiegel;
  erlaubt: readonly PushDienst[];
  log: Log;
  timeoutMs?: number;
  concurrency?: number;
  tuning?: WorkerTuning;
};

/** Records that a device is gone (the worker may learn it twice: the second time records nothing). */
async function entferne(deps: PushWorkerDeps, auftrag: PushAuftrag, grund: EntfernGrund) {
  await handleCommand(
    deps.store,
    benachrichtigungenStream(auftrag.elternId),
    benachrichtigungDecider,
    { type: 'EntfernePushGeraet', data: { elternId: auftrag.elternId, geraetId: auftrag.geraetId, grund } },
    { actorId: null },
  );
}

/**
 * The push worker: reads the device's sealed subscription from the read model (a device removed
 * or a family removed meanwhile gets nothing), opens it, checks its endpoint against
 * PUSH_ENDPOINT_ALLOWLIST once more (a subscription stored before the list changed is not
 * called), writes the message in the family's language (`rm.eltern.sprache`, read in the same
 * query), encrypts it (RFC 8291, aes128gcm) and signs it (VAPID) with web-push, and
 * POSTs it itself: with a timeout, without following redirects. A 404 or 410 removes the device
 * (an event); 429, 5xx, timeouts and network errors retry like mail; any other answer gives up.
 * Exactly once per job as far as the worker can tell: a sent marker is checked before and set
 * right after the push service accepted the message.
 */
export function startPushWorker(deps: PushWorkerDeps) {
  const { connection, prefix, log } = deps;
  const timeoutMs = deps.timeoutMs ?? PUSH_TIMEOUT_MS;
  const worker = new Worker<PushAuftrag, void, string>(
    PUSH_QUEUE,
    async (job) => {
      const id = job.id!;
      const key = pushGesendetKey(prefix, id);
      if (await connection.exists(key)) return;
      const auftrag = job.data;
      const { rows } = await deps.pool.query<{ abo: string; sprache: string }>(
        `SELECT g.abo, e.sprache FROM ${rm}.push_geraet g JOIN ${rm}.eltern e ON e.eltern_id = g.eltern_id AND NOT e.entfernt
         WHERE g.eltern_id = $1 AND g.geraet_id = $2`,
        [auftrag.elternId, auftrag.geraetId],
      );
      if (!rows[0]) {
        log.info(`push: device ${auftrag.geraetId} is no longer registered; "${auftrag.nachricht.title}" not sent`);
        return;
      }
      const abo = deps.siegel.oeffne(rows[0].abo, auftrag.elternId);
      if (!abo) {
        log.error(`push: the subscription of device ${auftrag.geraetId} was sealed under another VAPID key; device removed`);
        await entferne(deps, auftrag, 'schluessel');
        return;
      }
      const host = (() => {
        try {
          return new URL(abo.endpoint).host;
        } catch {
          return '(no URL)';
        }
      })();
      if (!pushEndpunktErlaubt(deps.erlaubt, abo.endpoint))
        throw new UnrecoverableError(`push service ${host} is not on PUSH_ENDPOINT_ALLOWLIST; nothing sent`);
      // The family's language as it is now (a job queued before it chose another is written anew);
      // a job from before the occasion was kept (no `anlass`) is sent as it was queued.
      const sprache = istSprache(rows[0].sprache) ? rows[0].sprache : STANDARD_SPRACHE;
      const nachricht = auftrag.anlass ? pushNachricht(auftrag.anlass, sprache) : auftrag.nachricht;
      const details = webpush.generateRequestDetails(abo, JSON.stringify(nachricht), {
        vapidDetails: deps.vapid,
        TTL: TTL_S,
        contentEncoding: 'aes128gcm',
      });
      const headers = Object.fromEntries(
        Object.entries(details.headers as Record<string, string | number>)
          .filter(([name]) => name.toLowerCase() !== 'content-length')
          .map(([name, value]) => [name, String(value)]),
      );
      let status: number;
      try {
        const antwort = await fetch(abo.endpoint, {
          method: 'POST',
          headers,
          body: details.body,
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
        status = antwort.status;
        await antwort.body?.cancel();
      } catch (error) {
        const grund = (error as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : (error as Error).message;
        throw new Error(`push service ${host}: ${grund}`);
      }
      if (status === 404 || status === 410) {
        log.info(`push: ${host} answered ${status} for device ${auftrag.geraetId}; device removed`);
        await entferne(deps, auftrag, 'abgelaufen');
        return;
      }
      if (status === 429 || status >= 500) throw new Error(`push service ${host} answered ${status}`);
      if (status < 200 || status > 299) throw new UnrecoverableError(`push service ${host} answered ${status}`);
      await connection.set(key, '1', 'EX', GESENDET_TTL_S);
      // For the family's data export (push_versand): a retried job records it once.
      await deps.pool.query(
        'INSERT INTO push_versand (job_id, eltern_id, geraet_id, titel) VALUES ($1, $2, $3, $4) ON CONFLICT (job_id) DO NOTHING',
        [id, auftrag.elternId, auftrag.geraetId, nachricht.title],
      );
      log.info(`push sent to ${host} (device ${auftrag.geraetId}): "${nachricht.title}"`);
    },
    { connection, prefix, concurrency: deps.concurrency ?? 5, ...deps.tuning },
  );
  worker.on('failed', (job, error) => {
    if (!job?.finishedOn) return;
    log.error(
      `push failed for good after ${job.attemptsMade} attempts: device=${job.data.geraetId} title="${job.data.nachricht.title}" reason=${error.message}`,
    );
  });
  worker.on('error', (error) => log.error(`push worker: ${error.message}`));
  return worker;
}
