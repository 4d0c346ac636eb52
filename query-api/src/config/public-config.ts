import type { FastifyInstance } from 'fastify';
import type { QueryDeps } from '../deps.js';

/** GET /api/public-config: settings the signed-out login screen needs (the kindergarten's website). */
export function publicConfigRoute(app: FastifyInstance, deps: QueryDeps) {
  app.get('/api/public-config', async () => ({ kitaWebsiteUrl: deps.config.KITA_WEBSITE_URL }));
}
