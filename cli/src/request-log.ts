import type { FastifyReply, FastifyRequest } from 'fastify';
import fastify from 'fastify';

/**
 * A path as it may be logged: the secret of a calendar feed address (`/api/kalender/<token>.ics`,
 * docs/kalender-abo.md) is replaced by `[token]`, whatever its case or shape; `/api/kalender/abo`
 * stays as it is.
 */
export const ohneGeheimnis = (url: string) => url.replace(/(\/api\/kalender\/)(?!abo(?=[/?#]|$))[^/?#]+/gi, '$1[token]');

/**
 * What Fastify's `req` serializer reads of a request (method, url, accept-version, host, ip,
 * socket), with the url passed through `ohneGeheimnis`. Every log line that names a request goes
 * through this, at every level.
 */
const geschwaerzt = (request: FastifyRequest) => ({
  method: request.method,
  url: ohneGeheimnis(request.url),
  headers: { 'accept-version': request.headers['accept-version'] },
  host: request.host,
  ip: request.ip,
  socket: request.socket,
});

/**
 * Fastify's per-request lines ("incoming request", "request completed") at `debug` instead of
 * `info`: at the default LOG_LEVEL a busy server writes no line per request, errors and start-up
 * lines still appear, and LOG_LEVEL=debug shows every request again — never with a feed token.
 */
export class RequestLog extends fastify.LogController {
  override incomingRequest(request: FastifyRequest) {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: geschwaerzt(request) }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) return super.requestCompleted(error, request, reply);
    reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    if (reply.statusCode >= 500) reply.log.error({ req: geschwaerzt(request), res: reply, err: error }, error?.message);
    else reply.log.info({ res: reply, err: error }, error?.message);
  }

  override routeNotFound(request: FastifyRequest) {
    if (this.isLogDisabled(request)) return;
    request.log.info(`Route ${request.raw.method}:${ohneGeheimnis(request.raw.url ?? '')} not found`);
  }

  override writeHeadError(error: Error, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    reply.log.warn({ req: geschwaerzt(request), res: reply, err: error }, error?.message);
  }
}
