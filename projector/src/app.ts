import type { TokenService } from '@waldkita/platform/auth/tokens';
import type { Config } from '@waldkita/platform/config';
import { mailOrdnerVon } from '@waldkita/platform/datenschutz/loesche-personendaten';
import type { EventStore } from '@waldkita/platform/event-store/event-store';
import type { DefaultJobOptions } from 'bullmq';
import type pg from 'pg';
import { abwesenheitProjection } from './abwesenheit/abwesenheit-projection.js';
import { openAnkerQueue, planeAnker, startAnkerWorker, versendeAnker } from './audit/anker-nacht.js';
import { openAufbewahrungQueue, planeAufbewahrung, startAufbewahrungWorker } from './datenschutz/aufbewahrung.js';
import { loeschungProjection } from './datenschutz/loeschung-projection.js';
import { dienstartenProjection, diensteProjection } from './dienste/dienste-projection.js';
import { einsatzProjection } from './einsatz/einsatz-projection.js';
import { einsatzReactor } from './einsatz/einsatz-reactor.js';
import { elternProjection } from './eltern/eltern-projection.js';
import { gruppeProjection } from './gruppe/gruppe-projection.js';
import { kalenderProjection } from './kalender/kalender-projection.js';
import { kalenderAboProjection } from './kalender-abo/kalender-abo-projection.js';
import { openDienstErinnerungQueue, planeDienstErinnerungen, startDienstErinnerungWorker } from './mail/dienst-erinnerung.js';
import { MAIL_JOB_OPTIONS, openMailQueue } from './mail/mail-queue.js';
import { mailReactor } from './mail/mail-reactor.js';
import { createMailTransport } from './mail/mail-transport.js';
import { startMailWorker } from './mail/mail-worker.js';
import { openErinnerungQueue, planeErinnerungen, startErinnerungWorker } from './mail/wasserdienst-erinnerung.js';
import { openOhneFamilieQueue, planeOhneFamilie, startOhneFamilieWorker } from './mail/woche-ohne-familie.js';
import { mitteilungProjection } from './mitteilung/mitteilung-projection.js';
import { pushProjection } from './push/push-projection.js';
import { startPush } from './push/push-start.js';
import { openRotaQueue, rotaReactor, startRotaWorker } from './rota/rota-jobs.js';
import { BatchFeed } from './runtime/batch-feed.js';
import { checkReadModels as checkWith } from './runtime/check-read-models.js';
import { connectQueueRedis, type Log, projectorLog, queuePrefix, type WorkerTuning } from './runtime/jobs.js';
import type { Projection } from './runtime/projection.js';
import { startReactors } from './runtime/reactors.js';
import { replayReadModels as replayWith } from './runtime/replay.js';
import type { ReplayOptions } from './runtime/replay-fold.js';
import { ensureReadModels as ensureWith, type ProjectorOptions, startProjector as startWith } from './runtime/runner.js';
import { stundenProjection } from './stunden/stunden-projection.js';
import { dienstplanProjection } from './wasserdienst/dienstplan-projection.js';

/**
 * The projector's composition: every projection the engine (runtime/) folds the log into, and
 * every reactor and worker it starts. The engine knows none of them; it is handed this list.
 */

/** Every read model the query side serves. A new feature adds its projection here. */
export const PROJECTIONS: Projection[] = [
  elternProjection,
  gruppeProjection,
  dienstplanProjection,
  abwesenheitProjection,
  kalenderProjection,
  mitteilungProjection,
  pushProjection,
  kalenderAboProjection,
  dienstartenProjection,
  diensteProjection,
  einsatzProjection,
  // after the plans and work days it reads when a year is closed (docs/stunden.md)
  stundenProjection,
  // last: overwrites what the others copied of an erased family (docs/datenschutz.md)
  loeschungProjection,
];

/**
 * The projector and the reactors of one process on the same store share a feed
 * (runtime/batch-feed.ts): the reactors take the batches the projector read and committed instead
 * of reading the log again, and their checkpoints are written with the projector's.
 */
const feeds = new WeakMap<EventStore, BatchFeed>();
const feedOf = (store: EventStore) => {
  const known = feeds.get(store);
  if (known) return known;
  const feed = new BatchFeed();
  feeds.set(store, feed);
  return feed;
};

/** The projector over every read model (runtime/runner.ts); `options` as there, the projections aside. */
export const startProjector = (store: EventStore, pool: pg.Pool, options: Omit<ProjectorOptions, 'projections' | 'feed'> = {}) =>
  startWith(store, pool, { ...options, projections: PROJECTIONS, feed: feedOf(store) });

/** Creates the live read models that are missing (runtime/runner.ts). */
export const ensureReadModels = (pool: pg.Pool) => ensureWith(pool, PROJECTIONS);

/** `npm run replay`: rebuilds every read model, verifies and swaps it in (runtime/replay.ts). */
export const replayReadModels = (store: EventStore, pool: pg.Pool, options: Omit<ReplayOptions, 'projections'> = {}) =>
  replayWith(store, pool, { ...options, projections: PROJECTIONS });

/** `npm run replay -- --check`: compares every live read model with a fresh fold (runtime/check-read-models.ts). */
export const checkReadModels = (store: EventStore, pool: pg.Pool, options: Omit<ReplayOptions, 'projections' | 'verifyBatchSize'> = {}) =>
  checkWith(store, pool, { ...options, projections: PROJECTIONS });

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
 * own checkpoint, fed the projector's batches when it runs in this process) and the BullMQ workers that send mails, queue the Friday reminders (and, each
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
      feed: feedOf(store),
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
