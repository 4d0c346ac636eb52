import type { TokenService } from '@waldkita/platform/auth/tokens';
import type { Config } from '@waldkita/platform/config';
import { mailOrdnerVon } from '@waldkita/platform/datenschutz/loesche-personendaten';
import type { EventStore } from '@waldkita/platform/event-store/event-store';
import type { DefaultJobOptions } from 'bullmq';
import type pg from 'pg';
import { openAnkerQueue, planeAnker, startAnkerWorker, versendeAnker } from '../audit/anker-nacht.js';
import { openAufbewahrungQueue, planeAufbewahrung, startAufbewahrungWorker } from '../datenschutz/aufbewahrung.js';
import { einsatzReactor } from '../einsatz/einsatz-reactor.js';
import { openDienstErinnerungQueue, planeDienstErinnerungen, startDienstErinnerungWorker } from '../mail/dienst-erinnerung.js';
import { MAIL_JOB_OPTIONS, openMailQueue } from '../mail/mail-queue.js';
import { mailReactor } from '../mail/mail-reactor.js';
import { createMailTransport } from '../mail/mail-transport.js';
import { startMailWorker } from '../mail/mail-worker.js';
import { openErinnerungQueue, planeErinnerungen, startErinnerungWorker } from '../mail/wasserdienst-erinnerung.js';
import { openOhneFamilieQueue, planeOhneFamilie, startOhneFamilieWorker } from '../mail/woche-ohne-familie.js';
import { startPush } from '../push/push-start.js';
import { openRotaQueue, rotaReactor, startRotaWorker } from '../rota/rota-jobs.js';
import { connectQueueRedis, type Log, projectorLog, queuePrefix, type WorkerTuning } from './jobs.js';
import { startReactors } from './reactors.js';

export type WorkerDeps = {
  config: Config;
  store: EventStore;
  pool: pg.Pool;
  tokens: TokenService;
  now?: () => Date;
  log?: Log;
};

export type WorkerOptions = {
  /** Mails sent at the same time (and SMTP connections kept open). */
  mailConcurrency?: number;
  /** Retries and retention of mail jobs (tests shorten the backoff). */
  mailJobOptions?: DefaultJobOptions;
  tuning?: WorkerTuning;
  /** false: queue mails but send none here (another process runs the mail worker). */
  mailWorker?: boolean;
};

/**
 * The projector's side effects: the mail and rota reactors (behind the projector, each with its
 * own checkpoint) and the BullMQ workers that send mails, queue the Friday reminders (and, each
 * evening, those of the other duty kinds' dates starting the next day) and plan the
 * season after the import's deadline, and erase the personal data of families that left long ago. Queues live in Redis under this installation's prefix.
 */
export async function startWorkers(deps: WorkerDeps, options: WorkerOptions = {}) {
  const { config, store, pool } = deps;
  const now = deps.now ?? (() => new Date());
  const log = deps.log ?? projectorLog();
  const connection = await connectQueueRedis(config);
  const prefix = queuePrefix(config);
  const mailQueue = openMailQueue(connection, prefix, options.mailJobOptions ?? MAIL_JOB_OPTIONS);
  const erinnerungQueue = openErinnerungQueue(connection, prefix);
  const rotaQueue = openRotaQueue(connection, prefix);
  const ohneFamilieQueue = openOhneFamilieQueue(connection, prefix);
  const aufbewahrungQueue = openAufbewahrungQueue(connection, prefix);
  const dienstErinnerungQueue = openDienstErinnerungQueue(connection, prefix);
  const ankerQueue = openAnkerQueue(connection, prefix);
  const transport = createMailTransport(config, { maxConnections: options.mailConcurrency });
  const kontext = { appUrl: config.APP_URL, linkToken: (linkId: string) => deps.tokens.passwortLinkToken(linkId) };
  const common = { connection, prefix, log, tuning: options.tuning };
  const workers = [
    ...(options.mailWorker === false
      ? []
      : [startMailWorker({ ...common, pool, transport, kontext, concurrency: options.mailConcurrency })]),
    startErinnerungWorker({ ...common, pool, mailQueue }),
    startRotaWorker({ ...common, store, pool, now }),
  ];
  await planeErinnerungen(erinnerungQueue);
  const push = await startPush({ config, store, pool, connection, prefix, now, log, tuning: options.tuning });
  workers.push(startOhneFamilieWorker({ ...common, pool, store, mailQueue, pushQueue: push.queue }));
  await planeOhneFamilie(ohneFamilieQueue);
  workers.push(startDienstErinnerungWorker({ ...common, pool, mailQueue, pushQueue: push.queue }));
  await planeDienstErinnerungen(dienstErinnerungQueue);
  workers.push(
    startAufbewahrungWorker({
      ...common,
      store,
      pool,
      redis: connection,
      queuePrefix: prefix,
      now,
      retentionDays: config.RETENTION_DAYS,
      mailOrdner: mailOrdnerVon(config),
    }),
  );
  await planeAufbewahrung(aufbewahrungQueue);
  workers.push(
    startAnkerWorker({
      ...common,
      store,
      pool,
      schluessel: config.AUDIT_ANKER_SCHLUESSEL,
      versende: (anker) => versendeAnker(pool, mailQueue, anker),
    }),
  );
  await planeAnker(ankerQueue);
  const reactors = startReactors(
    store,
    pool,
    [
      mailReactor({ store, pool, queue: mailQueue, connection, prefix, now, log }),
      rotaReactor({ queue: rotaQueue, now, log }),
      push.reactor,
      einsatzReactor({ store, pool, mailQueue, pushQueue: push.queue, now }),
    ],
    {
      onError: (reactor, error) => log.error(`reactor ${reactor}: ${(error as Error).message}`),
    },
  );
  log.info(
    `mail: ${config.SMTP_URL ? 'sending through' : 'no SMTP_URL, writing .eml files to'} ${transport.ziel}; job queues in Redis under "${prefix}"`,
  );
  return {
    prefix,
    connection,
    mailQueue,
    erinnerungQueue,
    rotaQueue,
    ohneFamilieQueue,
    aufbewahrungQueue,
    dienstErinnerungQueue,
    ankerQueue,
    pushQueue: push.queue,
    /** Stops taking events and jobs, lets running jobs finish, then closes the connections. */
    async stop() {
      await reactors.stop();
      await Promise.all(workers.map((w) => w.close()));
      await push.close();
      await Promise.all([
        mailQueue.close(),
        erinnerungQueue.close(),
        rotaQueue.close(),
        ohneFamilieQueue.close(),
        aufbewahrungQueue.close(),
        dienstErinnerungQueue.close(),
        ankerQueue.close(),
      ]);
      transport.close();
      connection.disconnect();
    },
  };
}

export type Workers = Awaited<ReturnType<typeof startWorkers>>;
