import type { PublicConfig } from '@waldkita/domain/auth/antworten';
import type { FastifyInstance } from 'fastify';
import type { QueryDeps } from '../deps.js';

/**
 * GET /api/public-config: settings the signed-out screens need: the kindergarten's website (login)
 * and after how many days families that left are erased (RETENTION_DAYS, the page /datenschutz).
 */
export function publicConfigRoute(app: FastifyInstance, deps: QueryDeps) {
  app.get(
    '/api/public-config',
    async () => ({ kitaWebsiteUrl: deps.config.KITA_WEBSITE_URL, retentionDays: deps.config.RETENTION_DAYS }) satisfies PublicConfig,
  );
}
