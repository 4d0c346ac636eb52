import type { TokenService } from '@waldkita/platform/auth/tokens';
import type { Config } from '@waldkita/platform/config';
import type { ProjectionWatermark } from '@waldkita/platform/read-your-writes';
import type pg from 'pg';

export type QueryDeps = {
  config: Config;
  /** Reads go to the read models only (schema `rm`), never to the event log. */
  pool: pg.Pool;
  tokens: TokenService;
  watermark: ProjectionWatermark;
  now: () => Date;
};
