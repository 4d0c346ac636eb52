import { formatPosition, parsePosition } from '@waldkita/platform/event-store/event-store';
import { LogHead, logHeadReader } from '@waldkita/platform/read-your-writes';
import type { FastifyInstance } from 'fastify';
import type { QueryDeps } from './deps.js';

/** How long a read waits for the projector to pass the caller's own last write. */
export const MAX_WAIT_MS = 2000;

/**
 * A read that carries `X-Min-Position` (the `X-Event-Position` of the caller's last command) is
 * answered only once the projector has passed it, or after about 2 s with `X-Read-Model-Stale`.
 * A position beyond the end of the event log is nobody's write and is not waited for: the read is
 * answered at once, also with `X-Read-Model-Stale`, as it cannot contain what was asked for.
 */
export function readYourWrites(app: FastifyInstance, deps: QueryDeps) {
  const head = new LogHead(logHeadReader(deps.store, deps.pool));
  app.addHook('onRequest', async (request, reply) => {
    const header = request.headers['x-min-position'];
    const target = typeof header === 'string' ? parsePosition(header) : null;
    if (!target) return;
    const reached = (await head.reaches(target, deps.watermark.current())) && (await deps.watermark.waitFor(target, MAX_WAIT_MS));
    if (!reached) reply.header('X-Read-Model-Stale', 'true');
    const current = deps.watermark.current();
    if (current) reply.header('X-Projected-Position', formatPosition(current));
  });
}
