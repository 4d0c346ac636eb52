import type pg from 'pg';

/**
 * The pool as the event store uses it, counting the append statements it sends by their
 * prepared-statement name (`waldkita_append`: one round trip and one commit each).
 */
export function countingPool(pool: pg.Pool, statementName = 'waldkita_append') {
  const counter = { sent: 0 };
  const counting = Object.assign(Object.create(pool) as pg.Pool, {
    query: (...args: Parameters<pg.Pool['query']>) => {
      const config = args[0] as string | { name?: string };
      if (typeof config !== 'string' && config.name === statementName) counter.sent++;
      return (pool.query as (...a: unknown[]) => unknown)(...args);
    },
    connect: () => pool.connect(),
  });
  return { pool: counting, counter };
}
