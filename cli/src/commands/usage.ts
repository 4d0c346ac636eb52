// The commands' usage lines and flags, apart from the commands themselves: main.ts answers
// --help and refuses unknown flags from these alone, and loads a command's module (and with it the
// server, the projector or pg_dump's wrapper) only when the command runs.

/** The flags of `admin create-admin` (node's parseArgs). */
export const ADMIN_OPTIONS = { email: { type: 'string' }, password: { type: 'string' }, nachname: { type: 'string' } } as const;

export const ADMIN_USAGE = 'usage: npm run admin -- create-admin --email E --password P --nachname N';

export const AUDIT_USAGE = `usage: npm run audit -- verify [--anker <file> [--schluessel <public.pem>]]
       npm run audit -- anchor [--ausgabe <file>]      (key: AUDIT_ANKER_SCHLUESSEL_FILE)
       npm run audit -- schluessel <file>              (writes a new key pair: <file> and <file>.pub)
       npm run audit -- export --anker <file> [--familie <id>] [--stream <name>]… [--typ <type>]… --ausgabe <file.jsonl>`;

export const AUDIT_OPTIONS = {
  anker: { type: 'string' },
  schluessel: { type: 'string' },
  ausgabe: { type: 'string' },
  familie: { type: 'string' },
  stream: { type: 'string', multiple: true },
  typ: { type: 'string', multiple: true },
} as const;

export const BACKUP_USAGE = 'usage: npm run backup -- <file>';

export const BACKUP_OPTIONS = {} as const;

export const REPLAY_USAGE = 'usage: npm run replay [-- --check]';

/** The flags of `replay` (node's parseArgs). */
export const REPLAY_OPTIONS = { check: { type: 'boolean', default: false } } as const;

export const RESTORE_USAGE = 'usage: npm run restore -- <file> [--reapply-erasures <newer backup file | file of family ids>]';

/** The flags of `restore` (node's parseArgs). */
export const RESTORE_OPTIONS = { 'reapply-erasures': { type: 'string' } } as const;

export const SEED_DEMO_USAGE = 'usage: npm run seed:demo';

export const ROLES = ['all', 'command-api', 'query-api', 'projector'] as const;

export type Role = (typeof ROLES)[number];
