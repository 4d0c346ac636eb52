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
