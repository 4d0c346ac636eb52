// Processes of the bench: the app and the references each run in a process of their own, and the
// load comes from autocannon in yet another, so no figure shares an event loop with its client.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NODE_FLAGS } from '@waldkita/platform/node-flags';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..');
const AUTOCANNON = path.join(root, 'node_modules', 'autocannon', 'autocannon.js');

/** The 1-minute load average: other work on the machine makes every figure smaller. */
export const loadAverage = () => +os.loadavg()[0].toFixed(2);

/** The machine, written beside every figure. */
export const machine = () => ({
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model ?? 'unknown',
  memoryGb: +(os.totalmem() / 2 ** 30).toFixed(1),
  os: `${os.type()} ${os.release()}`,
  node: process.version,
});

export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = server.address();
        server.close(() => resolve(port));
      });
  });

/** Every process the bench started, so that a failure still ends them. */
const started = new Set();

export function stopAll() {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  started.clear();
}

/**
 * Starts `node <script> …args` and waits until it prints `listening on`. Its output is kept (the
 * last 20 KB) and shown if it fails to start or exits while the bench still needs it.
 */
export async function startProcess(name, script, args, env) {
  // The app's own flags (platform/src/node-flags.ts), and BENCH_NODE_ARGS (e.g. "--cpu-prof
  // --cpu-prof-dir=/tmp/prof"): Node flags for the measured processes, to profile them; Node does
  // not take --cpu-prof from NODE_OPTIONS.
  const nodeArgs = [...NODE_FLAGS, ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)];
  const child = spawn(process.execPath, [...nodeArgs, script, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let stopping = false;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let failedToStart;
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start within 60 s:\n${output}`)), 60_000);
    const ready = () => {
      if (!output.includes('listening on')) return;
      clearTimeout(timer);
      child.stdout.off('data', ready);
      resolve();
    };
    child.stdout.on('data', ready);
    failedToStart = (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code ?? signal}) before listening:\n${output}`));
    };
    child.once('exit', failedToStart);
  });
  child.off('exit', failedToStart);
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`${name} exited unexpectedly (${code ?? signal}):\n${output}`);
  });
  return {
    pid: child.pid,
    output: () => output,
    alive: () => child.exitCode === null && child.signalCode === null,
    async stop() {
      stopping = true;
      started.delete(child);
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * HTTP load from autocannon in a process of its own (`--json`): `connections` at once for
 * `seconds`. Errors, timeouts and non-2xx answers fail the measurement: a figure of failures is
 * no figure.
 */
export function cannon(url, { headers = {}, connections = 32, seconds = 10 } = {}) {
  const args = [AUTOCANNON, '--json', '--no-progress', '-c', String(connections), '-d', String(seconds)];
  for (const [key, value] of Object.entries(headers)) args.push('-H', `${key}=${value}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    started.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      started.delete(child);
      if (code !== 0) return reject(new Error(`autocannon ${url} exited with ${code}:\n${stderr}`));
      let result;
      try {
        result = JSON.parse(stdout);
      } catch {
        return reject(new Error(`autocannon ${url} printed no JSON:\n${stdout}\n${stderr}`));
      }
      if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0)
        return reject(
          new Error(
            `GET ${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers of ${result.requests.total}`,
          ),
        );
      resolve({ requestsPerSecond: Math.round(result.requests.average), p50Ms: result.latency.p50, p99Ms: result.latency.p99 });
    });
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Runs `measure` and records the 1-minute load average before and after beside its result. */
export async function withLoad(measure) {
  const before = loadAverage();
  const result = await measure();
  return { ...result, loadAverage: [before, loadAverage()] };
}

/**
 * Of several runs (each with its `loadAverage`), the one with the median `key`, with the values of
 * every run and the lowest and highest load average seen over all of them.
 */
export function pickMedian(runs, key) {
  const middle = median(runs.map((r) => r[key]));
  const chosen = runs.find((r) => r[key] === middle);
  const loads = runs.flatMap((r) => r.loadAverage);
  return { ...chosen, runs: runs.map((r) => r[key]), loadAverage: [Math.min(...loads), Math.max(...loads)] };
}

/** Runs `measure` three times (or `times`) one after another: the median run (pickMedian). */
export async function medianOf(key, measure, times = 3) {
  const runs = [];
  for (let i = 0; i < times; i++) runs.push(await withLoad(() => measure(i)));
  return pickMedian(runs, key);
}
