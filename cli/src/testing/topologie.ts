import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { NODE_FLAGS } from '@waldkita/platform/node-flags';
import { MAIN } from './app-prozess.js';

/**
 * The compose topology without Docker (docs/deployment.md, "Restarts behind Caddy"): each role as
 * a process of its own on a fixed port, so it can be stopped and started again where the proxy
 * expects it, and Debian's Caddy in front of them with the repository's Caddyfile.
 */

export const CADDY = '/usr/bin/caddy';

export type Rolle = 'command-api' | 'query-api' | 'projector';

/** Keeps the last `max` characters of a process's output, for the message of a failure. */
const anhaengen = (bisher: string, neu: string, max = 64_000) => {
  const text = bisher + neu;
  return text.length > max ? text.slice(-max) : text;
};

/**
 * `node cli/dist/main.js start --role <rolle>` on `port`. `starte()` resolves once it listens (with
 * the ms it took), `stoppe(signal)` once it has gone (with the ms since the signal). Started again,
 * it listens on the same port.
 */
export class RollenProzess {
  prozess: ChildProcess | null = null;
  ausgabe = '';

  constructor(
    readonly name: string,
    readonly rolle: Rolle,
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  get baseUrl() {
    return `http://127.0.0.1:${this.port}`;
  }

  get laeuft() {
    return this.prozess !== null && this.prozess.exitCode === null && this.prozess.signalCode === null;
  }

  async starte(): Promise<number> {
    const beginn = performance.now();
    const prozess = spawn(process.execPath, [...NODE_FLAGS, MAIN, 'start', '--role', this.rolle], {
      env: { ...process.env, LOG_LEVEL: 'info', ...this.env, PORT: String(this.port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.prozess = prozess;
    let seitStart = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.name} did not start within 30 s:\n${seitStart}`)), 30_000);
      const lies = (d: Buffer) => {
        this.ausgabe = anhaengen(this.ausgabe, d.toString());
        seitStart = anhaengen(seitStart, d.toString());
        if (seitStart.includes('listening on')) {
          clearTimeout(timer);
          resolve();
        }
      };
      prozess.stdout!.on('data', lies);
      prozess.stderr!.on('data', lies);
      prozess.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`${this.name} exited (${code ?? signal}) while starting:\n${seitStart}`));
      });
    });
    prozess.removeAllListeners('exit');
    return performance.now() - beginn;
  }

  async stoppe(signal: 'SIGTERM' | 'SIGKILL'): Promise<{ ms: number; code: number | null }> {
    const prozess = this.prozess;
    if (!prozess || !this.laeuft) return { ms: 0, code: prozess?.exitCode ?? null };
    const beginn = performance.now();
    const code = await new Promise<number | null>((resolve) => {
      prozess.once('exit', (c) => resolve(c));
      prozess.kill(signal);
    });
    return { ms: performance.now() - beginn, code };
  }
}

/** Waits until `url` answers 200 (a role's /readyz, Caddy's site). */
export async function bisBereit(url: string, timeoutMs = 20_000) {
  const ende = Date.now() + timeoutMs;
  for (;;) {
    const status = await fetch(url).then(
      async (r) => {
        await r.arrayBuffer();
        return r.status;
      },
      () => 0,
    );
    if (status === 200) return;
    if (Date.now() > ende) throw new Error(`${url} did not answer 200 within ${timeoutMs} ms (last: ${status || 'no connection'})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export type Caddy = { baseUrl: string; prozess: ChildProcess; ausgabe: () => string; stoppe: () => Promise<void> };

/**
 * Debian's Caddy with `caddyfile` as it is: its addresses come from the environment it documents
 * (SITE_ADDRESS, WEB_ROOT, QUERY_API_UPSTREAMS, COMMAND_API_UPSTREAMS). The one address the
 * Caddyfile leaves to Caddy's default, the admin endpoint (localhost:2019, which another Caddy on
 * the machine may hold), is moved to a free port in the adapted JSON; nothing else is changed.
 * Its state (autosave, certificates) goes to `dir`.
 */
export async function starteCaddy(options: {
  caddyfile: string;
  dir: string;
  port: number;
  adminPort: number;
  webRoot: string;
  queryApis: string[];
  commandApis: string[];
}): Promise<Caddy> {
  const env = {
    ...process.env,
    HOME: options.dir,
    XDG_DATA_HOME: path.join(options.dir, 'data'),
    XDG_CONFIG_HOME: path.join(options.dir, 'config'),
    SITE_ADDRESS: `:${options.port}`,
    WEB_ROOT: options.webRoot,
    QUERY_API_UPSTREAMS: options.queryApis.join(' '),
    COMMAND_API_UPSTREAMS: options.commandApis.join(' '),
  };
  const { stdout } = await promisify(execFile)(CADDY, ['adapt', '--config', options.caddyfile, '--adapter', 'caddyfile'], { env });
  const config = JSON.parse(stdout) as Record<string, unknown>;
  config.admin = { listen: `127.0.0.1:${options.adminPort}` };
  const json = path.join(options.dir, 'caddy.json');
  writeFileSync(json, JSON.stringify(config, null, 2));
  const prozess = spawn(CADDY, ['run', '--config', json], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let ausgabe = '';
  const lies = (d: Buffer) => {
    ausgabe = anhaengen(ausgabe, d.toString());
  };
  prozess.stdout!.on('data', lies);
  prozess.stderr!.on('data', lies);
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const beendet = new Promise<void>((resolve) => prozess.once('exit', () => resolve()));
  try {
    await Promise.race([
      bisBereit(`${baseUrl}/`),
      beendet.then(() => {
        throw new Error(`caddy exited:\n${ausgabe}`);
      }),
    ]);
  } catch (error) {
    prozess.kill('SIGKILL');
    throw error;
  }
  return {
    baseUrl,
    prozess,
    ausgabe: () => ausgabe,
    async stoppe() {
      if (prozess.exitCode !== null || prozess.signalCode !== null) return;
      prozess.kill('SIGTERM');
      await beendet;
    },
  };
}

/** One request of the load: what was asked, when, how long it took, and what came back. */
export type Messung = { art: string; start: number; ms: number; status: number; fehler?: string; retried?: boolean };

/**
 * An open-loop load: `proSekunde` requests a second, each started on its tick whether or not the
 * earlier ones have been answered (a browser does not wait for another user's request).
 */
export function starteLast(proSekunde: number, anfrage: (i: number) => Promise<Omit<Messung, 'start' | 'ms'>>) {
  const messungen: Messung[] = [];
  const laufend = new Set<Promise<void>>();
  const beginn = performance.now();
  let i = 0;
  let aus = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    if (aus) return;
    const n = i++;
    const start = performance.now();
    const p = anfrage(n)
      .catch((error: unknown): Omit<Messung, 'start' | 'ms'> => ({ art: 'unbekannt', status: 0, fehler: String(error) }))
      .then((ergebnis) => {
        messungen.push({ ...ergebnis, start: start - beginn, ms: performance.now() - start });
      })
      .finally(() => laufend.delete(p));
    laufend.add(p);
    // Scheduled from the start, not from the last tick, so the rate does not drift.
    timer = setTimeout(tick, Math.max(0, beginn + ((n + 1) * 1000) / proSekunde - performance.now()));
  };
  tick();
  return {
    messungen,
    /** ms since the load began. */
    jetzt: () => performance.now() - beginn,
    async stoppe() {
      aus = true;
      clearTimeout(timer);
      await Promise.all([...laufend]);
      return messungen;
    },
  };
}

export const perzentil = (werte: number[], p: number) => {
  if (!werte.length) return 0;
  const sortiert = [...werte].sort((a, b) => a - b);
  return sortiert[Math.min(sortiert.length - 1, Math.ceil((p / 100) * sortiert.length) - 1)]!;
};
