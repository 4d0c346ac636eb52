import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { registerCommandApi } from '@waldkita/command-api/app';
import { NICHT_GEFUNDEN, registerErrorHandling } from '@waldkita/platform/http/errors';
import { ProjectionWatermark } from '@waldkita/platform/read-your-writes';
import { registerQueryApi } from '@waldkita/query-api/app';
import Fastify from 'fastify';
import type { Runtime } from './runtime.js';

export type HttpRole = 'command-api' | 'query-api' | 'web';

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; " +
    "frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
};

/**
 * One Fastify server for the given roles: in one-process mode all three, behind a proxy one each.
 * Unknown /api paths answer with a JSON 404; any other GET gets the single-page app.
 */
export async function buildServer(runtime: Runtime, roles: HttpRole[], options: { now?: () => Date; logger?: boolean } = {}) {
  const app = Fastify({ logger: options.logger ? { level: runtime.config.LOG_LEVEL } : false, trustProxy: true, bodyLimit: 1024 * 1024 });
  registerErrorHandling(app);
  app.addHook('onSend', async (_request, reply) => {
    reply.headers(SECURITY_HEADERS);
  });
  const now = options.now ?? (() => new Date());
  let watermark: ProjectionWatermark | null = null;

  if (roles.includes('command-api')) {
    if (!runtime.redis) throw new Error('command-api needs Redis');
    const deps = { config: runtime.config, store: runtime.store, pool: runtime.pool, redis: runtime.redis, tokens: runtime.tokens, now };
    await app.register(async (scope) => registerCommandApi(scope, deps));
  }
  if (roles.includes('query-api')) {
    watermark = new ProjectionWatermark(runtime.pool);
    await watermark.start();
    const deps = { config: runtime.config, pool: runtime.pool, store: runtime.store, tokens: runtime.tokens, watermark, now };
    await app.register(async (scope) => registerQueryApi(scope, deps));
  }

  const webDist = runtime.config.WEB_DIST ?? defaultWebDist;
  const serveWeb = roles.includes('web') && existsSync(path.join(webDist, 'index.html'));
  if (serveWeb) await app.register(fastifyStatic, { root: webDist, wildcard: false, index: ['index.html'] });
  // Assets are content-hashed by Vite: cache them for long; index.html never.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
  });

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && serveWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ message: NICHT_GEFUNDEN });
  });

  app.addHook('onClose', async () => {
    await watermark?.stop();
  });
  return app;
}
