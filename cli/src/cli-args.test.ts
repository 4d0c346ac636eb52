import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CLI = fileURLToPath(new URL('./testing/cli-from-source.mjs', import.meta.url));

type Result = { code: number | null; stdout: string; stderr: string };

/**
 * The CLI from source, with an environment that stops every command that reads the configuration
 * (PORT is no number) and no database or Redis to reach: an answer with exit 0 or 2 shows that
 * nothing was read, opened or written.
 */
const runCli = (args: string[]) =>
  new Promise<Result>((resolve, reject) => {
    const env = {
      ...process.env,
      PORT: 'neunzig',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/waldkita',
      REDIS_URL: 'redis://127.0.0.1:1',
    };
    const child = spawn(process.execPath, [CLI, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });

const COMMANDS = [
  { args: ['start'], usage: 'usage: npm start -- [--role all|command-api|query-api|projector]' },
  {
    args: ['admin', 'create-admin', '--email', 'leitung@example.org', '--password', 'geheim-genug', '--nachname', 'Leitung'],
    usage: 'usage: npm run admin -- create-admin',
  },
  { args: ['seed-demo'], usage: 'usage: npm run seed:demo' },
  { args: ['replay'], usage: 'usage: npm run replay [-- --check]' },
  { args: ['audit', 'verify'], usage: 'usage: npm run audit -- verify' },
];

// Each test starts the CLI from its sources up to three times (Vite transforms the module graph
// each time: about 6 s a start on a quiet 2-core machine, more while the suite shares the cores).
describe('the operator commands’ arguments', { timeout: 120_000 }, () => {
  it('waldkita --help lists every command and exits with 0', async () => {
    const result = await runCli(['--help']);
    expect(result.code).toBe(0);
    for (const command of ['start', 'admin create-admin', 'seed-demo', 'replay', 'audit verify'])
      expect(result.stdout).toContain(`  ${command}`);
    expect(result.stderr).toBe('');
  });

  it.each(COMMANDS)('$args.0 --help prints its usage and exits with 0 before reading the configuration', async ({ args, usage }) => {
    for (const help of ['--help', '-h']) {
      const result = await runCli([args[0]!, help]);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout.startsWith(usage)).toBe(true);
      expect(result.stderr).toBe('');
    }
    // also after the command's own arguments
    const late = await runCli([...args, '--help']);
    expect(late.code, late.stderr).toBe(0);
    expect(late.stdout.startsWith(usage)).toBe(true);
  });

  it.each(COMMANDS)('$args.0 refuses an unknown flag with its usage and exit 2, touching nothing', async ({ args, usage }) => {
    const result = await runCli([...args, '--schnell']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("Unknown option '--schnell'");
    expect(result.stderr).toContain(usage);
    expect(result.stdout).toBe('');
  });

  it('seed-demo refuses a stray argument, and an unknown command gets the list of commands', async () => {
    const stray = await runCli(['seed-demo', 'waldkita_demo']);
    expect(stray.code).toBe(2);
    expect(stray.stderr).toContain('usage: npm run seed:demo');
    const unknown = await runCli(['saeen']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('usage: waldkita <command>');
  });
});
