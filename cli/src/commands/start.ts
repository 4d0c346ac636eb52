import type { Config } from '@waldkita/platform/config';
import { registerHealth } from '@waldkita/platform/http/health';
import { startProjector } from '@waldkita/projector/runtime/runner';
import { startWorkers } from '@waldkita/projector/runtime/workers';
import Fastify from 'fastify';
import { openRuntime, type Runtime } from '../runtime.js';
import { buildServer, type HttpRole } from '../server.js';

/** The projector role's only HTTP: /healthz and /readyz (with its lag), no API, no web. */
async function healthServer(runtime: Runtime) {
  const app = Fastify({ logger: false });
  registerHealth(app, { pool: runtime.pool, redis: runtime.redis, store: runtime.store, projector: true });
  return app;
}

export const ROLES = ['all', 'command-api', 'query-api', 'projector'] as const;
export type Role = (typeof ROLES)[number];

/**
 * `start`: every role in one process (the default), or one role per process as docker-compose
 * runs them. The projector role also runs the reactors and the BullMQ workers (mail, the Friday
 * reminder, the season's rota after the import's deadline); they stop cleanly on SIGTERM.
 */
export async function start(config: Config, role: Role) {
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
      ? startProjector(runtime.store, runtime.pool, { onError: (error) => console.error(`projector: ${(error as Error).message}`) })
      : null;
  const workers = projector ? await startWorkers(runtime) : null;
  // Every role answers GET /healthz and /readyz on PORT; the projector role serves nothing else.
  const server = httpRoles.length
    ? await buildServer(runtime, httpRoles, { logger: true, health: { projector: role === 'all' } })
    : await healthServer(runtime);
  await server.listen({ port: config.PORT, host: config.HOST });
  console.log(
    `Waldkita Elternportal (${role}) listening on http://localhost:${config.PORT}${httpRoles.length ? '' : ' (health only)'}; event store: ${runtime.store.kind}`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down`);
    await server.close();
    await workers?.stop();
    await projector?.stop();
    await runtime.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}
