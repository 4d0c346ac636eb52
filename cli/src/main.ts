#!/usr/bin/env node
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '@waldkita/platform/config';
import { ServiceUnavailableError } from '@waldkita/platform/service-errors';
import {
  ADMIN_OPTIONS,
  ADMIN_USAGE,
  AUDIT_OPTIONS,
  AUDIT_USAGE,
  BACKUP_OPTIONS,
  BACKUP_USAGE,
  REPLAY_OPTIONS,
  REPLAY_USAGE,
  RESTORE_OPTIONS,
  RESTORE_USAGE,
  ROLES,
  type Role,
  SEED_DEMO_USAGE,
} from './commands/usage.js';

const USAGE = `usage: waldkita <command> [--help]
  start [--role all|command-api|query-api|projector]   serve the app (default: every role in one process)
  admin create-admin --email E --password P --nachname N
  seed-demo                                             fill a store that is empty or holds only admins with a demo kindergarten
  replay [--check]                                      rebuild every read model from the event log, verify, swap in
                                                        (--check: only compare the live read models with a fresh fold)
  audit verify [--anker <file>]                         check the event log's hash chain (exit 1 names the first broken link),
                                                        with --anker also against a signed anchor
  audit anchor [--ausgabe <file>]                       sign an anchor over the whole log (key: AUDIT_ANKER_SCHLUESSEL_FILE)
  audit schluessel <file>                               make the anchors' Ed25519 key pair
  backup <file>                                         write one consistent backup of the log, the tables beside it and the keys
  restore <file> [--reapply-erasures <file>]            load a backup into an empty database, rebuild the read models, verify`;

const START_USAGE = `usage: npm start -- [--role ${ROLES.join('|')}]   (or: node cli/dist/main.js start …; ROLE sets the default)`;

type Command = {
  /** What `<command> --help` prints: the command's usage and what it does. */
  help: string;
  usage: string;
  /** The command's flags, and whether it takes words besides them (admin create-admin, audit verify). */
  options: ParseArgsConfig['options'];
  positionals: boolean;
};

const START_OPTIONS = { role: { type: 'string', default: process.env.ROLE ?? 'all' } } as const;

const COMMANDS: Record<string, Command> = {
  start: {
    usage: START_USAGE,
    help: 'Serves the app: every role in one process (all), or one role per process.',
    options: START_OPTIONS,
    positionals: false,
  },
  admin: {
    usage: ADMIN_USAGE,
    help: 'Creates an admin account (the first one of a new installation); an existing e-mail changes nothing.',
    options: ADMIN_OPTIONS,
    positionals: true,
  },
  'seed-demo': {
    usage: SEED_DEMO_USAGE,
    help: 'Fills a store that is empty or holds only the admins of create-admin with a demo kindergarten and prints the logins.',
    options: {},
    positionals: false,
  },
  replay: {
    usage: REPLAY_USAGE,
    help: 'Rebuilds every read model from the event log beside the live ones, verifies and swaps them in; --check only compares.',
    options: REPLAY_OPTIONS,
    positionals: false,
  },
  audit: {
    usage: AUDIT_USAGE,
    help:
      "Recomputes the event log's hash chain and checks the tables beside the log; with --anker, also that the log holds exactly " +
      'what a signed anchor covered. anchor signs a new anchor (docs/audit.md, "Anchors"); schluessel makes the key pair.',
    options: AUDIT_OPTIONS,
    positionals: true,
  },
  backup: {
    usage: BACKUP_USAGE,
    help:
      "Writes the event log, the tables beside it (logins, links, group names, the families' keys …) and the schema, " +
      'from one snapshot, with pg_dump; read models are left out (restore rebuilds them). See docs/sicherung.md.',
    options: BACKUP_OPTIONS,
    positionals: true,
  },
  restore: {
    usage: RESTORE_USAGE,
    help:
      'Loads a backup into an EMPTY database (DATABASE_URL; refused otherwise), runs the migrations, rebuilds the read models ' +
      'and ends with audit verify and replay --check. --reapply-erasures erases again the families a newer backup (or a list of ids) had erased.',
    options: RESTORE_OPTIONS,
    positionals: true,
  },
};

/** `--help` or `-h` among a command's arguments (before a `--`), whatever else they hold. */
const wantsHelp = (args: string[]) =>
  parseArgs({ args, strict: false, allowPositionals: true, options: { help: { type: 'boolean', short: 'h' } } }).values.help === true;

async function main(argv: string[]): Promise<number | 'running'> {
  const [command, ...rest] = argv;
  // Help is answered before the configuration is read or anything is opened.
  if (command === '--help' || command === '-h' || command === 'help') {
    console.log(USAGE);
    return 0;
  }
  const spec = command !== undefined && Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (!spec) {
    console.error(USAGE);
    return 2;
  }
  if (wantsHelp(rest)) {
    console.log(`${spec.usage}\n${spec.help}`);
    return 0;
  }
  // Unknown flags are refused before the configuration is read or anything is opened.
  let values: ReturnType<typeof parseArgs>['values'];
  try {
    ({ values } = parseArgs({ args: rest, options: spec.options, allowPositionals: spec.positionals }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${spec.usage}`);
    return 2;
  }
  switch (command) {
    case 'start': {
      const role = String(values.role);
      if (!ROLES.includes(role as Role)) {
        console.error(`Unknown role "${role}". Roles: ${ROLES.join(', ')}\n${START_USAGE}`);
        return 2;
      }
      const { start } = await import('./commands/start.js');
      await start(loadConfig(), role as Role);
      return 'running';
    }
    case 'admin':
      return (await import('./commands/admin.js')).admin(loadConfig(), rest);
    case 'seed-demo':
      return (await import('./commands/seed-demo.js')).seedDemo(loadConfig(), rest);
    case 'replay':
      return (await import('./commands/replay.js')).replay(loadConfig(), rest);
    case 'audit':
      return (await import('./commands/audit.js')).audit(loadConfig(), rest);
    case 'backup':
      return (await import('./commands/backup.js')).backup(loadConfig(), rest);
    case 'restore':
      return (await import('./commands/restore.js')).restore(loadConfig(), rest);
    default:
      console.error(USAGE);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== 'running') process.exit(code);
  },
  (error: unknown) => {
    // Configuration and unreachable services: one clear line, no stack trace.
    if (error instanceof ConfigError || error instanceof ServiceUnavailableError) console.error(error.message);
    else console.error(error);
    process.exit(1);
  },
);
