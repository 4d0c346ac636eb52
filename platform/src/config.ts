import { z } from 'zod';

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
    APP_URL: z.url().default('http://localhost:3000'),
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
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.JWT_SECRET)
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'JWT_SECRET is required when NODE_ENV=production' });
    if (env.EVENT_STORE === 'eventstoredb' && !env.EVENTSTORE_CONNECTION_STRING)
      ctx.addIssue({
        code: 'custom',
        path: ['EVENTSTORE_CONNECTION_STRING'],
        message: 'EVENTSTORE_CONNECTION_STRING is required when EVENT_STORE=eventstoredb',
      });
  });

export type Config = z.infer<typeof schema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment once at start; a wrong value stops the process with one clear line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = schema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new ConfigError(`Configuration error: ${issue.path.join('.') || 'environment'}: ${issue.message}`);
  }
  return result.data;
}
