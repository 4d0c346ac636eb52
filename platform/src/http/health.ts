import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import type { EventStore } from '../event-store/event-store.js';
import { readCheckpoint } from '../read-models.js';

/**
 * Health routes of every role (docs/deployment.md, "Health"):
 *
 * - `GET /healthz`: the process is alive and its event loop turns. Touches nothing else, so a
 *   supervisor never restarts a process because a database is slow.
 * - `GET /readyz`: the process can serve: PostgreSQL, Redis (when the role uses it) and the event
 *   store answer, and, where the projector runs, its lag is below a bound. 503 with a German
 *   `message` naming what is down otherwise. Caddy's active health checks and compose's
 *   healthchecks ask it.
 *
 * Both are unauthenticated and answer no personal data: fixed words per check, never an error
 * text (a driver's message may name a host or a connection string). Each check is bounded by a
 * short timeout and runs at most once at a time: while one hangs, later requests wait for the same
 * one (never more than the timeout), so a hanging dependency neither holds a health request nor
 * piles up queries. An answer is reused for a second, so frequent polling stays cheap.
 */

export type HealthDeps = {
  pool: pg.Pool;
  redis: Redis | null;
  store: EventStore;
  /** Checks the projector's lag too (the projector role, and every role in one process). */
  projector?: boolean;
  /** Longest acceptable lag: the oldest event the projector has not applied yet, by its `occurredAt`. */
  maxLagMs?: number;
  /** Bound of each check. */
  timeoutMs?: number;
  now?: () => number;
};

type Check = 'postgres' | 'redis' | 'eventStore' | 'projector';
type Outcome = { ok: true; lagSeconds?: number } | { ok: false; reason: string };

const MAX_LAG_MS = 60_000;
const CHECK_TIMEOUT_MS = 1500;
const REUSE_MS = 1000;

/** What a check reports when it fails: German, for the operator reading the 503. */
const NAMES: Record<Check, string> = {
  postgres: 'PostgreSQL',
  redis: 'Redis',
  eventStore: 'der Event-Store',
  projector: 'der Projektor',
};

class Timeout extends Error {}

function bounded<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Timeout()), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The log itself, below wrappers such as the PersonendatenStore (which exposes it as `inner`):
 * a health check reads at most one event and never opens its sealed fields.
 */
function rawStore(store: EventStore): EventStore {
  let current = store;
  for (let i = 0; i < 5; i++) {
    const inner = (current as { inner?: EventStore }).inner;
    if (!inner) break;
    current = inner;
  }
  return current;
}

export function registerHealth(app: FastifyInstance, deps: HealthDeps) {
  const timeoutMs = deps.timeoutMs ?? CHECK_TIMEOUT_MS;
  const maxLagMs = deps.maxLagMs ?? MAX_LAG_MS;
  const now = deps.now ?? Date.now;
  const log = rawStore(deps.store);
  let closing = false;

  const checks: Partial<Record<Check, () => Promise<Outcome>>> = {
    postgres: async () => {
      await deps.pool.query('SELECT 1');
      return { ok: true };
    },
    eventStore: async () => {
      // Postgres: the log's table in the same database; EventStoreDB: one read of $all (its own ping).
      if (log.kind === 'postgres') await deps.pool.query('SELECT 1 FROM events LIMIT 1');
      else if (log.ping) await log.ping();
      else await log.readAll(null, 1);
      return { ok: true };
    },
  };
  if (deps.redis) {
    const redis = deps.redis;
    checks.redis = async () => {
      // Not connected: commands would wait in ioredis's offline queue. Answer at once instead.
      if (redis.status !== 'ready') return { ok: false, reason: 'ist nicht verbunden' };
      await redis.ping();
      return { ok: true };
    };
  }
  if (deps.projector) {
    checks.projector = async () => {
      const checkpoint = await readCheckpoint(deps.pool);
      const [waiting] = await log.readAll(checkpoint, 1);
      const occurredAt = waiting ? Date.parse(waiting.metadata.occurredAt) : Number.NaN;
      const lagMs = Number.isFinite(occurredAt) ? Math.max(0, now() - occurredAt) : 0;
      const lagSeconds = Math.round(lagMs / 1000);
      if (lagMs > maxLagMs) return { ok: false, reason: `ist ${lagSeconds} s im Rückstand (erlaubt: ${Math.round(maxLagMs / 1000)} s)` };
      return { ok: true, lagSeconds };
    };
  }

  /** One run per check at a time: a hanging one is waited for again, never started twice. */
  const running = new Map<Check, Promise<Outcome>>();
  const run = (name: Check, check: () => Promise<Outcome>): Promise<Outcome> => {
    let pending = running.get(name);
    if (!pending) {
      pending = check()
        .catch((): Outcome => ({ ok: false, reason: 'antwortet nicht' }))
        .finally(() => running.delete(name));
      running.set(name, pending);
    }
    return bounded(pending, timeoutMs).catch((error): Outcome => {
      if (error instanceof Timeout) return { ok: false, reason: `antwortet nicht innerhalb von ${timeoutMs / 1000} s` };
      return { ok: false, reason: 'antwortet nicht' };
    });
  };

  let last: { at: number; answer: Promise<{ ready: boolean; body: Record<string, unknown> }> } | null = null;
  const readiness = () => {
    const at = Date.now();
    if (last && at - last.at < REUSE_MS) return last.answer;
    const answer = (async () => {
      const names = Object.keys(checks) as Check[];
      const outcomes = await Promise.all(names.map((name) => run(name, checks[name]!)));
      const status: Record<string, 'ok' | 'down'> = {};
      const down: string[] = [];
      let lagSeconds: number | undefined;
      names.forEach((name, i) => {
        const outcome = outcomes[i]!;
        status[name] = outcome.ok ? 'ok' : 'down';
        if (!outcome.ok) down.push(`${NAMES[name]} ${outcome.reason}`);
        else if (outcome.lagSeconds !== undefined) lagSeconds = outcome.lagSeconds;
      });
      const body: Record<string, unknown> = { status: down.length ? 'unavailable' : 'ok', checks: status };
      if (lagSeconds !== undefined) body.projectorLagSeconds = lagSeconds;
      if (down.length) body.message = `Nicht bereit: ${down.join('; ')}.`;
      return { ready: down.length === 0, body };
    })();
    last = { at, answer };
    return answer;
  };

  // From the moment the server begins to close, it is no longer ready: proxies stop sending to it.
  app.addHook('preClose', async () => {
    closing = true;
  });

  const routeOptions = { logLevel: 'warn' as const };
  app.get('/healthz', routeOptions, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/readyz', routeOptions, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (closing) return reply.status(503).send({ status: 'unavailable', message: 'Nicht bereit: der Dienst wird gerade beendet.' });
    const { ready, body } = await readiness();
    return reply.status(ready ? 200 : 503).send(body);
  });
}
