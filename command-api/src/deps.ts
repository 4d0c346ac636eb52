import type { TokenService } from '@waldkita/platform/auth/tokens';
import type { Config } from '@waldkita/platform/config';
import type { EventStore } from '@waldkita/platform/event-store/event-store';
import type { Redis } from 'ioredis';
import type pg from 'pg';

/** What the command side needs from the outside world; built once by the composition root. */
export type CommandDeps = {
  config: Config;
  store: EventStore;
  /** The command side's own tables (credentials); never the read models. */
  pool: pg.Pool;
  redis: Redis;
  tokens: TokenService;
  now: () => Date;
  /**
   * Called once a family's new password has committed, before the answer is sent: the query side
   * in the same process forgets the family's cached caller check (query-api/src/auth/leser-cache.ts).
   */
  zugangGeaendert?: (elternId: string) => void;
};
