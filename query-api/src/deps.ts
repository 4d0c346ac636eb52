import type { TokenService } from '@waldkita/platform/auth/tokens';
import type { Config } from '@waldkita/platform/config';
import type { EventStore } from '@waldkita/platform/event-store/event-store';
import type { ProjectionWatermark } from '@waldkita/platform/read-your-writes';
import type pg from 'pg';
import type { LeserCache } from './auth/leser-cache.js';

export type QueryDeps = {
  config: Config;
  /** Reads go to the read models (schema `rm`); the session check also reads `credentials` (auth/leser.ts). */
  pool: pg.Pool;
  /** The event log, read by the audit trail (query-api/src/audit) and the session check around a password change; never written here. */
  store: EventStore;
  tokens: TokenService;
  watermark: ProjectionWatermark;
  /** The caller check's rows in memory (auth/leser-cache.ts); started (listening) before the first read. */
  leserCache: LeserCache;
  now: () => Date;
};
