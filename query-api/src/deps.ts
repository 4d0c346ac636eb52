import type { TokenService } from '@waldkita/platform/auth/tokens';
import type { Config } from '@waldkita/platform/config';
import type { EventStore } from '@waldkita/platform/event-store/event-store';
import type { ProjectionWatermark } from '@waldkita/platform/read-your-writes';
import type pg from 'pg';

export type QueryDeps = {
  config: Config;
  /** Reads go to the read models (schema `rm`); only the audit trail reads the event log. */
  pool: pg.Pool;
  /** The event log, read by the audit trail (query-api/src/audit) and never written here. */
  store: EventStore;
  tokens: TokenService;
  watermark: ProjectionWatermark;
  now: () => Date;
};
