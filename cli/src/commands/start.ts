import { stoppePasswortHashing } from '@waldkita/platform/auth/passwords';
import type { Config } from '@waldkita/platform/config';
import { registerHealth } from '@waldkita/platform/http/health';
import { type Log, logFor, setLogLevel } from '@waldkita/platform/log';
import { startProjector, startWorkers } from '@waldkita/projector/app';
import Fastify from 'fastify';
import { openRuntime, type Runtime } from '../runtime.js';
import { buildServer, type HttpRole } from '../server.js';
import type { Role } from './usage.js';

/** The projector role's only HTTP: /healthz and /readyz (with its lag), no API, no web. */
async function healthServer(runtime: Runtime) {
  const app = Fastify({ logger: false });
  registerHealth(app, { pool: runtime.pool, redis: runtime.redis, store: runtime.store, projector: true });
  return app;
}

/**
 * How long each step of stopping may take, and the whole (docs/betrieb.md). Supervisors send
 * SIGKILL 10 s after SIGTERM (compose's default `stop_grace_period`); the process is gone before.
 * `abmelden`: on SIGTERM an HTTP role first answers /readyz with 503 while it goes on serving, so
 * a proxy's next active health check (Caddy asks every 2 s, deploy/Caddyfile) stops sending to
 * it before it takes no more requests. Drain, steps and a second of slack fit in STOP_FRIST_MS.
 */
const STOP_SCHRITTE_MS = { abmelden: 3_000, http: 2_500, hintergrund: 2_000, verbindungen: 1_000 } as const;
const STOP_FRIST_MS = 9_000;

const NICHT_BEREIT = { status: 'unavailable', message: 'Nicht bereit: der Dienst wird gerade beendet.' } as const;

/**
 * A step of stopping that may hang (a request waiting on a database that no longer answers, a
 * BullMQ worker whose Redis is gone): given up after `ms`, logged, and the next step follows.
 */
async function begrenzt(log: Log, schritt: string, arbeit: Promise<unknown> | undefined, ms: number) {
  if (!arbeit) return;
  let timer: NodeJS.Timeout | undefined;
  const ergebnis = await Promise.race([
    arbeit.then(
      () => 'fertig' as const,
      (error: unknown) => {
        log.warn({ err: error, schritt }, `stopping: ${schritt} failed`);
        return 'fehler' as const;
      },
    ),
    new Promise<'zeit'>((resolve) => {
      timer = setTimeout(() => resolve('zeit'), ms);
    }),
  ]);
  clearTimeout(timer);
  if (ergebnis === 'zeit') log.warn({ schritt, ms }, `stopping: ${schritt} did not finish within ${ms} ms; going on`);
}

/**
 * `start`: every role in one process (the default), or one role per process as docker-compose
 * runs them. The projector role also runs the reactors and the BullMQ workers (mail, the Friday
 * reminder, the season's rota after the import's deadline).
 *
 * On SIGTERM or SIGINT the process is gone within 10 s, whatever it is doing. On SIGTERM an HTTP
 * role first drains: /readyz answers 503 at once while every other request is still served for
 * STOP_SCHRITTE_MS.abmelden, so a proxy with active health checks has taken it out of rotation
 * before it refuses anything (SIGINT, a Ctrl-C at a terminal, skips this). Then password hashes
 * still waiting are refused (503) rather than worked off; the HTTP server stops taking requests
 * and lets running ones finish; reactors and workers stop taking events and jobs; connections
 * close. Every step has a bound (STOP_SCHRITTE_MS), and the whole one more (STOP_FRIST_MS), so a
 * database or Redis that no longer answers cannot hold the process. What is cut short was never
 * acknowledged (a request without its answer, an append not committed) or is taken up again from
 * the log on the next start (projector and reactors from their checkpoints, BullMQ jobs whose
 * lock expires).
 */
export async function start(config: Config, role: Role) {
  setLogLevel(config.LOG_LEVEL);
  // Start-up and stopping are written at LOG_LEVEL warn and error too (not when silent): one line each.
  const log = logFor({ rolle: role }).child(
    {},
    { level: config.LOG_LEVEL === 'warn' || config.LOG_LEVEL === 'error' ? 'info' : config.LOG_LEVEL },
  );
  const httpRoles: HttpRole[] =
    role === 'all'
      ? ['command-api', 'query-api', 'web']
      : role === 'command-api'
        ? ['command-api']
        : role === 'query-api'
          ? ['query-api']
          : [];
  const runtime = await openRuntime(config, { redis: role === 'all' || role === 'command-api' || role === 'projector' });

  const projector =
    role === 'all' || role === 'projector'
      ? startProjector(runtime.store, runtime.pool, { onError: (error) => log.error({ err: error }, 'projector: a batch failed') })
      : null;
  const workers = projector ? await startWorkers(runtime) : null;
  // Every role answers GET /healthz and /readyz on PORT; the projector role serves nothing else.
  const server = httpRoles.length
    ? await buildServer(runtime, httpRoles, { logger: true, health: { projector: role === 'all' } })
    : await healthServer(runtime);
  // Draining (below): /readyz is answered 503 before the health route's own checks run.
  let abmelden = false;
  if (httpRoles.length)
    server.addHook('onRequest', async (request, reply) => {
      if (abmelden && request.method === 'GET' && request.url.split('?')[0] === '/readyz')
        return reply.code(503).header('cache-control', 'no-store').send(NICHT_BEREIT);
    });
  await server.listen({ port: config.PORT, host: config.HOST });
  log.info(
    { eventStore: runtime.store.kind, port: config.PORT },
    `Waldkita Elternportal (${role}) listening on http://localhost:${config.PORT}${httpRoles.length ? '' : ' (health only)'}; event store: ${runtime.store.kind}`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const beginn = performance.now();
    log.info({ signal }, `${signal}: shutting down`);
    // The last resort: whatever still hangs, the process ends before a supervisor's SIGKILL.
    setTimeout(() => {
      log.error({ ms: STOP_FRIST_MS }, `stopping took longer than ${STOP_FRIST_MS} ms; exiting now`);
      process.exit(1);
    }, STOP_FRIST_MS);
    if (signal === 'SIGTERM' && httpRoles.length) {
      abmelden = true;
      log.info({ ms: STOP_SCHRITTE_MS.abmelden }, 'draining: /readyz answers 503, requests are still served');
      await new Promise((resolve) => setTimeout(resolve, STOP_SCHRITTE_MS.abmelden));
    }
    stoppePasswortHashing();
    await begrenzt(log, 'http server', server?.close(), STOP_SCHRITTE_MS.http);
    await Promise.all([
      begrenzt(log, 'workers', workers?.stop(), STOP_SCHRITTE_MS.hintergrund),
      begrenzt(log, 'projector', projector?.stop(), STOP_SCHRITTE_MS.hintergrund),
    ]);
    await begrenzt(log, 'connections', runtime.close(), STOP_SCHRITTE_MS.verbindungen);
    log.info({ ms: Math.round(performance.now() - beginn) }, 'stopped');
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}
