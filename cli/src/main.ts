#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '@waldkita/platform/config';
import { ServiceUnavailableError } from '@waldkita/platform/service-errors';
import { admin } from './commands/admin.js';
import { audit } from './commands/audit.js';
import { replay } from './commands/replay.js';
import { seedDemo } from './commands/seed-demo.js';
import { ROLES, type Role, start } from './commands/start.js';

const USAGE = `usage: waldkita <command>
  start [--role all|command-api|query-api|projector]   serve the app (default: every role in one process)
  admin create-admin --email E --password P --nachname N
  seed-demo                                             fill an empty store with a demo kindergarten
  replay [--check]                                      rebuild every read model from the event log, verify, swap in
                                                        (--check: only compare the live read models with a fresh fold)
  audit verify                                          check the event log's hash chain (exit 1 names the first broken link)`;

async function main(argv: string[]): Promise<number | 'running'> {
  const [command, ...rest] = argv;
  const config = loadConfig();
  switch (command) {
    case 'start': {
      const { values } = parseArgs({ args: rest, options: { role: { type: 'string', default: process.env.ROLE ?? 'all' } } });
      if (!ROLES.includes(values.role as Role)) {
        console.error(`Unknown role "${values.role}". Roles: ${ROLES.join(', ')}`);
        return 2;
      }
      await start(config, values.role as Role);
      return 'running';
    }
    case 'admin':
      return admin(config, rest);
    case 'seed-demo':
      return seedDemo(config);
    case 'replay':
      return replay(config, rest);
    case 'audit':
      return audit(config, rest);
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
