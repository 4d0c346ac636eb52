import type { FastifyBaseLogger, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fastify from 'fastify';

/**
 * Route parameters that are secrets: their values never reach a log line. Keyed by the route as
 * registered; a route may also name its own in `config.geheimeParameter`.
 */
const GEHEIME_PARAMETER: Record<string, readonly string[]> = {
  // the calendar feed's address is its key (docs/kalender-abo.md)
  '/api/kalender/:datei': ['datei'],
};

/** Whether `log` writes debug lines (LOG_LEVEL debug or trace). */
const schreibtDebug = (log: FastifyBaseLogger) => log.level === 'debug' || log.level === 'trace';

/** What stands in a logged path for a value that is not logged. */
const WEG = '[…]';

const geheimeParameterVon = (request: FastifyRequest): readonly string[] => {
  const eigene = (request.routeOptions.config as { geheimeParameter?: readonly string[] } | undefined)?.geheimeParameter ?? [];
  return [...(GEHEIME_PARAMETER[request.routeOptions.url ?? ''] ?? []), ...eigene];
};

/** The names of the query's parameters, never their values (a search term may be a name). */
const abfrageNamen = (url: string) => {
  const frage = url.indexOf('?');
  if (frage < 0) return '';
  const namen = [...new URLSearchParams(url.slice(frage + 1)).keys()].map((name) => (/^[A-Za-z0-9_-]{1,40}$/.test(name) ? name : WEG));
  return namen.length ? `?${namen.map((name) => `${name}=${WEG}`).join('&')}` : '';
};

/**
 * The path of a request as it may be logged, built from the route, not from the URL the client
 * sent: a matched route is its pattern with each parameter's value filled in, except those named
 * secret (GEHEIME_PARAMETER), which stay `[…]`. A request that matched no route (a 404, a typo, a
 * path with `//`, `..` or `%2e`) keeps only the segments that some route of this server has as a
 * fixed part; every other segment is `[…]`. Query values are never logged. So nothing a client
 * puts in a path reaches the log unless the code itself spells it, or it is a route parameter
 * that is not secret (ids).
 */
export class LogPfade {
  private readonly wortschatz = new Set<string>(['', 'api']);

  /** Learns the fixed segments of a route (an `onRoute` hook of the server). */
  lerne(route: Pick<RouteOptions, 'url'>) {
    for (const segment of route.url.split('/'))
      if (segment && !segment.startsWith(':') && !segment.includes('*')) this.wortschatz.add(segment);
  }

  pfad(request: FastifyRequest): string {
    const url = request.raw.url ?? request.url ?? '';
    const muster = request.routeOptions.url;
    if (muster && request.is404 !== true) {
      const geheim = geheimeParameterVon(request);
      const params = (request.params ?? {}) as Record<string, unknown>;
      const pfad = muster.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) =>
        geheim.includes(name) || typeof params[name] !== 'string' ? WEG : encodeURIComponent(params[name] as string),
      );
      return pfad + abfrageNamen(url);
    }
    const nurPfad = url.split('?')[0] ?? '';
    return (
      nurPfad
        .split('/')
        .map((segment) => (this.wortschatz.has(segment) ? segment : WEG))
        .join('/') + abfrageNamen(url)
    );
  }
}

/**
 * Fastify's per-request lines ("incoming request", "request completed") at `debug` instead of
 * `info`: at the default LOG_LEVEL a busy server writes no line per request, errors and start-up
 * lines still appear, and LOG_LEVEL=debug shows every request again — never with a secret route
 * parameter, a query value or a path segment the server does not know (LogPfade).
 * Refusals (4xx) are logged with their status and the error's kind, not their German text, which
 * may name a family.
 */
export class RequestLog extends fastify.LogController {
  constructor(private readonly pfade: LogPfade) {
    super();
  }

  /** What Fastify's `req` serializer would read of a request, with the path made safe. */
  anfrage(request: FastifyRequest) {
    return { method: request.method, url: this.pfade.pfad(request), route: request.routeOptions.url ?? null };
  }

  override incomingRequest(request: FastifyRequest) {
    // The safe path is worked out only for a line that is written (LOG_LEVEL=debug): not on every request.
    if (this.isLogDisabled(request) || !schreibtDebug(request.log)) return;
    request.log.debug({ req: this.anfrage(request) }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: this.anfrage(request), res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else if (schreibtDebug(reply.log)) reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    if (reply.statusCode >= 500) reply.log.error({ req: this.anfrage(request), res: reply, err: error }, 'request failed');
    else reply.log.info({ res: reply, fehler: (error as { code?: string }).code ?? error.name }, 'request refused');
  }

  override routeNotFound(request: FastifyRequest) {
    if (this.isLogDisabled(request)) return;
    request.log.info({ req: this.anfrage(request) }, 'route not found');
  }

  override writeHeadError(error: Error, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    reply.log.warn({ req: this.anfrage(request), res: reply, err: error }, 'writing the answer failed');
  }
}

type LogFn = (...args: unknown[]) => void;
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];

/**
 * A request's logger (`request.log`, bound to its `reqId`), made only when the request writes a
 * line. Fastify makes a pino child per request; with the redaction paths of platform/src/log.ts
 * that cost about 4 % of the app's CPU in the read bench, for a logger that at the default level
 * writes nothing on a request that succeeds.
 */
export class RequestLogger implements FastifyBaseLogger {
  #logger: FastifyBaseLogger | null = null;
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Record<string, unknown>;
  readonly #options: NonNullable<ChildOptions>;

  constructor(parent: FastifyBaseLogger, bindings: Record<string, unknown>, options: ChildOptions = {}) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options ?? {};
  }

  #made(): FastifyBaseLogger {
    this.#logger ??= this.#parent.child(this.#bindings, this.#options);
    return this.#logger;
  }

  get level(): string {
    return this.#logger?.level ?? this.#options.level ?? this.#parent.level;
  }

  set level(level: string) {
    this.#made().level = level;
  }

  #log(level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'): LogFn {
    return (...args) => (this.#made()[level] as LogFn)(...args);
  }

  fatal = this.#log('fatal') as FastifyBaseLogger['fatal'];
  error = this.#log('error') as FastifyBaseLogger['error'];
  warn = this.#log('warn') as FastifyBaseLogger['warn'];
  info = this.#log('info') as FastifyBaseLogger['info'];
  debug = this.#log('debug') as FastifyBaseLogger['debug'];
  trace = this.#log('trace') as FastifyBaseLogger['trace'];
  silent = this.#log('silent') as FastifyBaseLogger['silent'];

  child(bindings: Record<string, unknown>, options?: ChildOptions): FastifyBaseLogger {
    return this.#made().child(bindings, options);
  }
}
