import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { z } from 'zod';

/** An address or CIDR range (IPv4 or IPv6), or one of proxy-addr's names for ranges. */
const istProxyAdresse = (entry: string) => {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
};

/**
 * The push services the server posts to unless PUSH_ENDPOINT_ALLOWLIST says otherwise: Chrome,
 * Edge and Android (FCM), Firefox (Mozilla autopush), Safari (Apple) and Windows (WNS, one host per
 * region, hence the wildcard label).
 */
const STANDARD_PUSH_DIENSTE = [
  'https://fcm.googleapis.com/',
  'https://updates.push.services.mozilla.com/',
  'https://web.push.apple.com/',
  'https://*.notify.windows.com/',
] as const;

/**
 * One entry of the push allow-list: a scheme, a host (exact, or `*.` + a domain for any host below
 * it, never the domain itself), a port and a path prefix. Endpoints are compared with it after
 * parsing as a URL, never as text, so `https://fcm.googleapis.com.evil.example/` is no FCM address.
 */
export type PushDienst = { protocol: 'https:' | 'http:'; host: string; wildcard: boolean; port: string; path: string };

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Parses one allow-list entry, or answers why it is none. http is allowed only for loopback hosts (a test receiver). */
function pushDienst(eintrag: string): PushDienst | string {
  const wildcard = /^https?:\/\/\*\./i.test(eintrag);
  let url: URL;
  try {
    url = new URL(wildcard ? eintrag.replace('*.', 'wildcard.') : eintrag);
  } catch {
    return `"${eintrag}" is not a URL prefix such as https://fcm.googleapis.com/`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `"${eintrag}" must start with https://`;
  if (url.protocol === 'http:' && (wildcard || !LOOPBACK.has(url.hostname)))
    return `"${eintrag}" must start with https:// (http only for 127.0.0.1, [::1] or localhost)`;
  if (url.username || url.password || url.search || url.hash || eintrag.includes('*', wildcard ? 10 : 0))
    return `"${eintrag}" may hold only scheme, host (optionally starting with "*."), port and path`;
  const host = wildcard ? url.hostname.slice('wildcard'.length) : url.hostname;
  if (wildcard && host.split('.').filter(Boolean).length < 2) return `"${eintrag}" needs a domain of at least two labels after "*."`;
  return { protocol: url.protocol, host, wildcard, port: url.port, path: url.pathname };
}

/** Whether a push endpoint lies under one of the allowed prefixes (scheme, host, port and path prefix all match). */
export function pushEndpunktErlaubt(dienste: readonly PushDienst[], endpunkt: string): boolean {
  let url: URL;
  try {
    url = new URL(endpunkt);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return dienste.some(
    (d) =>
      url.protocol === d.protocol &&
      (d.wildcard ? url.hostname.endsWith(d.host) && url.hostname.length > d.host.length : url.hostname === d.host) &&
      url.port === d.port &&
      url.pathname.startsWith(d.path),
  );
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const base64urlBytes = (value: string) => (BASE64URL.test(value) ? Buffer.from(value, 'base64url').length : -1);

/** The address in MAIL_FROM ('Name <a@b>' or 'a@b'). */
const mailAdresse = (from: string) => /<([^<>\s]+@[^<>\s]+)>/.exec(from)?.[1] ?? from.trim();

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATABASE_URL: z.url().default('postgres://postgres@127.0.0.1:5432/waldkita'),
    REDIS_URL: z.url().default('redis://127.0.0.1:6379'),
    EVENT_STORE: z.enum(['postgres', 'eventstoredb']).default('postgres'),
    EVENTSTORE_CONNECTION_STRING: z.string().optional(),
    JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters long').optional(),
    JWT_TTL_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .default(8 * 60 * 60),
    /** The app's public address, for links in mails; unset: http://localhost:<PORT>. */
    APP_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url().optional()),
    /** The kindergarten's public website, target of the login screen's '← Zurück'. */
    KITA_WEBSITE_URL: z.url().default('https://www.waldkindergarten-kempten.de/'),
    WEB_DIST: z.string().optional(),
    /** Last day (YYYY-MM-DD, Europe/Berlin) for reporting absences until an import or an admin sets one. */
    ABWESENHEIT_FRIST: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.iso.date('ABWESENHEIT_FRIST must be a date written YYYY-MM-DD').optional(),
    ),
    /** SMTP server for outgoing mail (smtp://user:pass@host:port or smtps://…). Unset: mails are written as .eml files to MAIL_DIR. */
    SMTP_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url('SMTP_URL must be a URL such as smtp://localhost:1025').optional()),
    MAIL_FROM: z.string().min(3).default('Waldkita Elternportal <no-reply@waldkita.example>'),
    /** Where mails go when no SMTP_URL is set (one .eml file per mail). */
    MAIL_DIR: z.string().default('mail-outbox'),
    /** Prefix of this installation's BullMQ keys in Redis; unset: derived from the database name, so installations sharing a Redis never take each other's jobs. */
    QUEUE_PREFIX: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .regex(/^[A-Za-z0-9_.-]+$/, 'QUEUE_PREFIX may contain only letters, digits, "_", "." and "-"')
        .optional(),
    ),
    /** Open-Meteo forecast endpoint, asked by query-api (never by the browser); overridable for tests and mirrors. */
    WEATHER_API_URL: z.url().default('https://api.open-meteo.com/v1/forecast'),
    /** How long query-api keeps a weather answer before asking again: at least 15 minutes, to stay far inside Open-Meteo's free limits. */
    WEATHER_CACHE_SECONDS: z.coerce
      .number()
      .int()
      .min(900, 'WEATHER_CACHE_SECONDS must be at least 900 (15 minutes)')
      .default(15 * 60),
    /** Days a family that left keeps its personal data before the daily retention job erases it (docs/datenschutz.md). */
    RETENTION_DAYS: z.coerce
      .number()
      .int()
      .min(0, 'RETENTION_DAYS must be a whole number of days, 0 or more')
      .max(3650, 'RETENTION_DAYS must be at most 3650 (ten years)')
      .default(180),
    /**
     * Which peers may set the client's address with X-Forwarded-For (Fastify's `trustProxy`): unset
     * or `false` none; `true` every peer; otherwise a comma-separated list of addresses, CIDR ranges,
     * or `loopback`, `linklocal`, `uniquelocal`. Hop counts are refused: Fastify ignores them, since
     * they cannot tell a proxy from a client that connects directly.
     */
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((v, ctx): boolean | string[] => {
        const value = v?.trim() ?? '';
        if (value === '' || value === 'false') return false;
        if (value === 'true') return true;
        const list = value.split(',').map((entry) => entry.trim());
        const bad = list.find((entry) => !istProxyAdresse(entry));
        if (bad === undefined) return list;
        ctx.addIssue({
          code: 'custom',
          message: /^\d+$/.test(bad)
            ? `a hop count ("${bad}") cannot tell a proxy from a client: name the proxies' addresses or ranges, e.g. 10.0.0.0/8 or uniquelocal`
            : `"${bad}" is not an address, a CIDR range, loopback, linklocal or uniquelocal (expected true, false or a comma-separated list)`,
        });
        return z.NEVER;
      }),
    /** How many password hashes may wait for a core (one runs per core, 128 MiB each); past that, sign-in and password changes answer 503. */
    PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).default(64),
    /**
     * The VAPID key pair push messages are signed with (P-256, base64url: the public key's 65 bytes
     * uncompressed, the private key's 32). Both or neither; required in production like JWT_SECRET.
     * Unset outside production: generated once and kept in the settings table.
     */
    VAPID_PUBLIC_KEY: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .refine((v) => base64urlBytes(v) === 65 && Buffer.from(v, 'base64url')[0] === 4, {
          message:
            'VAPID_PUBLIC_KEY must be an uncompressed P-256 public key, 65 bytes in base64url (as web-push generate-vapid-keys prints it)',
        })
        .optional(),
    ),
    /**
     * The Ed25519 private key (PEM, PKCS#8) anchors of the log are signed with (docs/audit.md,
     * "Anchors"); best from a file (AUDIT_ANKER_SCHLUESSEL_FILE), never stored in the database.
     */
    AUDIT_ANKER_SCHLUESSEL: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
    VAPID_PRIVATE_KEY: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .refine((v) => base64urlBytes(v) === 32, { message: 'VAPID_PRIVATE_KEY must be a P-256 private key, 32 bytes in base64url' })
        .optional(),
    ),
    /** Whom push services may contact about this server's messages: mailto: or https:; unset, the address of MAIL_FROM. */
    VAPID_SUBJECT: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'VAPID_SUBJECT must be a mailto: address or an https:// URL')
        .optional(),
    ),
    /**
     * The push services the server posts to: comma-separated URL prefixes (scheme, host, optional
     * port, path prefix; a host may start with "*." for every host below a domain). Replaces the
     * default list (STANDARD_PUSH_DIENSTE); a subscription elsewhere is refused and never called.
     */
    PUSH_ENDPOINT_ALLOWLIST: z
      .string()
      .optional()
      .transform((v, ctx): PushDienst[] => {
        const eintraege = (v?.trim() ? v.split(',') : [...STANDARD_PUSH_DIENSTE]).map((e) => e.trim()).filter(Boolean);
        const dienste: PushDienst[] = [];
        for (const eintrag of eintraege) {
          const dienst = pushDienst(eintrag);
          if (typeof dienst === 'string') {
            ctx.addIssue({ code: 'custom', message: dienst });
            return z.NEVER;
          }
          dienste.push(dienst);
        }
        if (dienste.length > 0) return dienste;
        ctx.addIssue({ code: 'custom', message: 'name at least one push service, e.g. https://fcm.googleapis.com/' });
        return z.NEVER;
      }),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET)
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'JWT_SECRET is required when NODE_ENV=production' });
    if (!env.VAPID_PUBLIC_KEY !== !env.VAPID_PRIVATE_KEY)
      ctx.addIssue({
        code: 'custom',
        path: [env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
        message: 'set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together (one key pair), or neither',
      });
    else if (env.NODE_ENV === 'production' && !env.VAPID_PUBLIC_KEY)
      ctx.addIssue({
        code: 'custom',
        path: ['VAPID_PUBLIC_KEY'],
        message:
          'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required when NODE_ENV=production (make a pair with: npx web-push generate-vapid-keys)',
      });
    if (env.EVENT_STORE === 'eventstoredb' && !env.EVENTSTORE_CONNECTION_STRING)
      ctx.addIssue({
        code: 'custom',
        path: ['EVENTSTORE_CONNECTION_STRING'],
        message: 'EVENTSTORE_CONNECTION_STRING is required when EVENT_STORE=eventstoredb',
      });
  })
  .transform(({ APP_URL, VAPID_SUBJECT, ...env }) => ({
    ...env,
    APP_URL: APP_URL ?? `http://localhost:${env.PORT}`,
    VAPID_SUBJECT: VAPID_SUBJECT ?? `mailto:${mailAdresse(env.MAIL_FROM)}`,
  }));

export type Config = z.infer<typeof schema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Secrets that may also come from a file (docker compose secrets, Kubernetes, systemd credentials):
 * `JWT_SECRET_FILE=/run/secrets/jwt_secret` reads the secret from there. The file's content,
 * trimmed, wins over the plain variable; a file that cannot be read stops start-up.
 */
const SECRET_FILE_VARIABLES = [
  'JWT_SECRET',
  'VAPID_PRIVATE_KEY',
  'DATABASE_URL',
  'EVENTSTORE_CONNECTION_STRING',
  'SMTP_URL',
  'AUDIT_ANKER_SCHLUESSEL',
] as const;

function withSecretFiles(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const resolved = { ...env };
  for (const name of SECRET_FILE_VARIABLES) {
    const file = env[`${name}_FILE`];
    if (file === undefined || file === '') continue;
    try {
      resolved[name] = readFileSync(file, 'utf8').trim();
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
      throw new ConfigError(`Configuration error: ${name}_FILE: cannot read ${file} (${reason})`);
    }
  }
  return resolved;
}

/** Parses the environment once at start; a wrong value stops the process with one clear line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = schema.safeParse(withSecretFiles(env));
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new ConfigError(`Configuration error: ${issue.path.join('.') || 'environment'}: ${issue.message}`);
  }
  return result.data;
}

/**
 * The prefix of this installation's BullMQ keys: QUEUE_PREFIX, or `waldkita-<database name>`.
 * Every process of one installation uses the same database and so the same queues, while test apps
 * (a fresh database each) and other installations on the same Redis never take each other's jobs.
 */
export function queuePrefix(config: Pick<Config, 'QUEUE_PREFIX' | 'DATABASE_URL'>): string {
  if (config.QUEUE_PREFIX) return config.QUEUE_PREFIX;
  const database = decodeURIComponent(new URL(config.DATABASE_URL).pathname.slice(1)) || 'waldkita';
  return `waldkita-${database.replace(/[^A-Za-z0-9_.-]/g, '_')}`;
}
