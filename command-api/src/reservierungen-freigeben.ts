import { releaseStaleReservations } from '@waldkita/platform/event-store/side-tables';
import type { FastifyInstance } from 'fastify';
import type { CommandDeps } from './deps.js';

/** How often stale reservations are looked for, and how old one must be (side-tables.ts). */
const RESERVATION_SWEEP_MS = 60_000;
const RESERVATION_GRACE_MS = 2 * 60_000;

/**
 * Rows beside the log that a claim reserved ahead of an append which never came (EventStoreDB,
 * or a database from before migration 7) are released at start and then every minute, so an
 * e-mail or a group name is never blocked for good. Without stale reservations this is one query.
 */
export function releaseReservationsRegularly(app: FastifyInstance, deps: Pick<CommandDeps, 'store' | 'pool'>) {
  const sweep = () =>
    releaseStaleReservations(deps.store, deps.pool, { graceMs: RESERVATION_GRACE_MS })
      .then((released) => {
        if (released > 0) app.log.warn(`released ${released} rows beside the event log that no event backs`);
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'releasing stale reservations failed'));
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    await sweep();
    timer = setInterval(sweep, RESERVATION_SWEEP_MS).unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
