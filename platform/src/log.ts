import { type Logger, type LoggerOptions, pino } from 'pino';

/**
 * The one logger of every role (docs/betrieb.md): pino, one JSON line per event on stdout, with
 * `time`, `level`, `msg` and the fields given. HTTP roles hand it to Fastify, whose request lines
 * carry a `reqId`; the projector and the CLI's `start` log through it too.
 *
 * What goes in: ids (families, jobs, devices, events), kinds, counts, file names without personal
 * data. What never goes in, at any level: names, e-mails, passwords, session or password-link
 * tokens, feed tokens, push endpoints. The `redact` list below is a second line of defence for
 * fields that should not have been passed in the first place; the first is not to pass them.
 */

export type Log = Logger;

/** Field names that are censored wherever they appear one level deep (and at the top). */
const SECRET_FIELDS = [
  'email',
  'to',
  'password',
  'passwort',
  'kennwort',
  'newPassword',
  'oldPassword',
  'token',
  'jwt',
  'authorization',
  'cookie',
  'nachname',
  'nameKind',
];

const REDACT_PATHS = [
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((field) => `*.${field}`),
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
];

/**
 * An error as a log field: its type, message, code and stack, nothing else. The enumerable
 * properties pino's own serializer would add can hold values of the failed statement (pg's
 * `detail`: 'Key (email)=(…) already exists'), the request (`config`), or a mail (`response`).
 */
function errorField(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error) };
  const { code } = error as { code?: unknown };
  return {
    type: error.name,
    message: error.message,
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    stack: error.stack,
  };
}

/**
 * A request as a log field: what the HTTP roles' RequestLog made of it (method, safe path, route)
 * passes as it is; anything else that looks like a request object gives its method and route
 * pattern only, never the URL the client sent.
 */
function requestField(request: unknown): unknown {
  if (!request || typeof request !== 'object') return request;
  const r = request as { method?: unknown; url?: unknown; route?: unknown; routeOptions?: { url?: unknown }; raw?: unknown };
  if (r.routeOptions || r.raw || 'socket' in r) return { method: r.method, route: r.routeOptions?.url ?? null };
  return { method: r.method, url: r.url, route: r.route ?? null };
}

const options = (level: string): LoggerOptions => ({
  level,
  base: { pid: process.pid },
  redact: { paths: REDACT_PATHS, censor: '[entfernt]' },
  serializers: { err: errorField, error: errorField, req: requestField },
});

/**
 * The process's root logger. Created at the first use with LOG_LEVEL from the environment
 * (default info); `setLogLevel` applies the validated config once it is loaded.
 */
let root: Logger | null = null;

function log(): Logger {
  root ??= pino(options(process.env.LOG_LEVEL ?? 'info'));
  return root;
}

export function setLogLevel(level: string) {
  log().level = level;
}

/** A logger for one part of the process (`{ rolle: 'projector' }`, `{ teil: 'mail' }`), on the root's stream and level. */
export const logFor = (bindings: Record<string, string>) => log().child(bindings);
