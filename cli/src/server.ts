import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { registerCommandApi } from '@waldkita/command-api/app';
import { releaseReservationsRegularly } from '@waldkita/command-api/reservierungen-freigeben';
import type { IsoWoche } from '@waldkita/domain/kalender/iso-woche';
import { FEHLER_VOR_DEM_ROUTING, NICHT_GEFUNDEN, registerErrorHandling } from '@waldkita/platform/http/errors';
import { type HealthDeps, registerHealth } from '@waldkita/platform/http/health';
import { logFor } from '@waldkita/platform/log';
import { ProjectionWatermark } from '@waldkita/platform/read-your-writes';
import { planeGruppe } from '@waldkita/projector/rota/plane-gruppe';
import { registerQueryApi } from '@waldkita/query-api/app';
import { LeserCache } from '@waldkita/query-api/auth/leser-cache';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { LogPfade, RequestLog, RequestLogger } from './request-log.js';
import type { Runtime } from './runtime.js';
import { loadScreenPages, pickEncoding, spracheDerSeite } from './screen-preload.js';

export type HttpRole = 'command-api' | 'query-api' | 'web';

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'self'; img-src 'self' data:; font-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; " +
    "frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
};

/** Files of the web client under a fixed name that a browser must check on every use. */
const ASKED_ANEW = new Set(['/sw.js', '/manifest.webmanifest']);

/**
 * One Fastify server for the given roles: in one-process mode all three, behind a proxy one each.
 * Unknown /api paths answer with a JSON 404; any other GET gets the single-page app.
 */
export async function buildServer(
  runtime: Runtime,
  roles: HttpRole[],
  options: { now?: () => Date; logger?: boolean; health?: Omit<HealthDeps, 'pool' | 'redis' | 'store'> } = {},
) {
  const pfade = new LogPfade();
  const app = Fastify({
    // The process's pino logger (platform/src/log.ts): one JSON line per event, each request's with its `reqId`.
    ...(options.logger ? { loggerInstance: logFor({ rolle: roles.join('+') }) as FastifyBaseLogger } : { logger: false }),
    logController: new RequestLog(pfade),
    // Each request's logger is made when it writes its first line (RequestLogger).
    childLoggerFactory: (logger, bindings, options) => new RequestLogger(logger, bindings, options),
    // A random id per request, never one a client chose; answered as X-Request-Id so a report can name it.
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: runtime.config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    ...FEHLER_VOR_DEM_ROUTING,
  });
  app.addHook('onRoute', (route) => pfade.lerne(route));
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerErrorHandling(app);
  // GET /healthz and /readyz (platform/src/http/health.ts): unauthenticated, no personal data.
  registerHealth(app, { pool: runtime.pool, redis: runtime.redis, store: runtime.store, ...options.health });
  app.addHook('onSend', async (_request, reply) => {
    reply.headers(SECURITY_HEADERS);
  });
  // API answers are personal (or errors): no browser or proxy keeps them, unless a route says otherwise.
  app.addHook('onSend', async (request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (isApi && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
  const now = options.now ?? (() => new Date());
  const watermark = roles.includes('query-api') ? new ProjectionWatermark(runtime.pool) : null;
  // In one process a new password reaches the query side's caller check before the command answers.
  const leserCache = watermark ? new LeserCache(watermark) : null;

  if (roles.includes('command-api')) {
    if (!runtime.redis) throw new Error('command-api needs Redis');
    const deps = {
      config: runtime.config,
      store: runtime.store,
      pool: runtime.pool,
      redis: runtime.redis,
      tokens: runtime.tokens,
      now,
      zugangGeaendert: leserCache ? (elternId: string) => leserCache.vergiss(elternId) : undefined,
      planeGruppe: (gruppeId: string, von: IsoWoche, bis: IsoWoche, actorId: string | null) =>
        planeGruppe({ store: runtime.store, pool: runtime.pool, now }, gruppeId, von, bis, actorId),
    };
    await app.register(async (scope) => registerCommandApi(scope, deps));
    releaseReservationsRegularly(app, deps);
  }
  if (watermark && leserCache) {
    await watermark.start();
    await leserCache.start();
    const deps = { config: runtime.config, pool: runtime.pool, store: runtime.store, tokens: runtime.tokens, watermark, leserCache, now };
    await app.register(async (scope) => registerQueryApi(scope, deps));
  }

  const webDist = runtime.config.WEB_DIST ?? defaultWebDist;
  const serveWeb = roles.includes('web') && existsSync(path.join(webDist, 'index.html'));
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      // '/' is the login screen's page with its first frame, sent below like every screen's.
      index: false,
      // The build leaves a .br and a .gz beside every text file: sent as they are to browsers that take them.
      preCompressed: true,
      setHeaders: (res) => res.setHeader('vary', 'accept-encoding'),
    });
  }
  // Assets are content-hashed by Vite: cache them for long; index.html never. The service worker and
  // the web app manifest keep their names across deploys: asked anew every time (docs/pwa.md).
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
    else if (ASKED_ANEW.has(request.url.split('?')[0] ?? '')) reply.header('cache-control', 'no-cache');
  });

  // Per screen, index.html preloads that screen's chunks (screen-preload.ts); read once at start.
  const screenPage = serveWeb ? loadScreenPages(webDist) : () => null;

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && serveWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      reply.header('cache-control', 'no-cache');
      // The screen's first frame is drawn in the language of the client's cookie or the browser's.
      const sprache = spracheDerSeite(request.headers.cookie, request.headers['accept-language']);
      const page = screenPage(request.url.split('?')[0] ?? '', sprache);
      if (!page) return reply.type('text/html').sendFile('index.html');
      reply.type('text/html; charset=utf-8');
      const encoding = pickEncoding(request.headers['accept-encoding']);
      reply.header('vary', 'accept-encoding, accept-language, cookie');
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.plain);
    }
    return reply.status(404).send({ message: NICHT_GEFUNDEN });
  });

  app.addHook('onClose', async () => {
    await watermark?.stop();
  });
  return app;
}
