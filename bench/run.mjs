// npm run bench — measures, asserts nothing. Writes bench/results/latest.json and latest.md and
// prints a table. Runs against the built packages (npm run bench builds first), the local
// PostgreSQL and Redis. The app and the references run in processes of their own, the HTTP load
// comes from autocannon in another (bench/processes.mjs); every figure is the median of three runs
// with the load average beside it. Any failure is printed and ends the run with exit 1.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { registriereEltern } from '@waldkita/command-api/eltern/registriere-eltern';
import { legeGruppeAn } from '@waldkita/command-api/gruppe/lege-gruppe-an';
import { planeRota } from '@waldkita/domain/rota/rota-planer';
import { loadConfig } from '@waldkita/platform/config';
import { PostgresEventStore } from '@waldkita/platform/event-store/postgres-event-store';
import { verifyHashChain } from '@waldkita/platform/event-store/verify-hash-chain';
import { createTestDatabase } from '@waldkita/platform/testing/test-database';
import { removeTestQueues } from '@waldkita/platform/testing/test-queues';
import { checkReadModels, replayReadModels } from '@waldkita/projector/app';
import { openRuntime } from '../cli/dist/runtime.js';
import { benchDienste } from './dienste-scale.mjs';
import { benchLighthouse, lighthouseRows } from './lighthouse.mjs';
import { cannon, freePort, loadAverage, machine, medianOf, pickMedian, startProcess, stopAll, withLoad } from './processes.mjs';
import { benchProjectionLag } from './projection-lag.mjs';
import { generateReplayLog } from './replay-log.mjs';
import { appWeight, helloWorldWeight } from './web-weight.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const quick = process.argv.includes('--quick');
const APPEND_SECONDS = quick ? 2 : 10;
const APPEND_CONCURRENCY = 16;
const REPLAY_EVENTS = quick ? 100_000 : 1_000_000;
/** `--only=replay,http`: run just these parts (appends, replay, http — with the web weight —, commands, lag, planer, import, dienste, lighthouse). */
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const runs = (part) => !only || only.includes(part);
const HTTP_SECONDS = quick ? 2 : 10;

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const meta = () => ({ actorId: null, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() });

async function benchAppends(pool) {
  const store = new PostgresEventStore(pool);
  const latencies = [];
  const deadline = performance.now() + APPEND_SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: APPEND_CONCURRENCY }, async (_, worker) => {
      const stream = `bench-${worker}-${randomUUID()}`;
      let expected = 'no_stream';
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const result = await store.appendToStream(
          stream,
          [{ id: randomUUID(), type: 'BenchEreignis', data: { worker }, metadata: meta() }],
          expected,
        );
        latencies.push(performance.now() - t0);
        expected = result.nextExpectedRevision;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  await store.close();
  return {
    appends: latencies.length,
    concurrency: APPEND_CONCURRENCY,
    appendsPerSecond: Math.round(latencies.length / seconds),
    p50Ms: +percentile(latencies, 50).toFixed(2),
    p99Ms: +percentile(latencies, 99).toFixed(2),
  };
}

/** Resident set size in MB, now and at the process's peak so far. */
const rssMb = () => Math.round(process.memoryUsage().rss / 2 ** 20);
const maxRssMb = () => Math.round(process.resourceUsage().maxRSS / 1024);

/**
 * Replay of a generated log of REPLAY_EVENTS events (bench/replay-log.mjs) on a database of its
 * own: both folds, the comparison and the swap, as `npm run replay` does, three times over the
 * same log (the median counts); then `--check` and `audit verify` over it.
 */
async function benchReplay() {
  const replayDb = await createTestDatabase('waldkita_bench_replay');
  const store = new PostgresEventStore(replayDb.pool);
  try {
    let t0 = performance.now();
    const generated = await generateReplayLog(store, REPLAY_EVENTS);
    const generate = { events: generated, seconds: +((performance.now() - t0) / 1000).toFixed(2), loadAverage: loadAverage() };
    generate.eventsPerSecond = Math.round(generated / generate.seconds);
    const replay = await medianOf('eventsPerSecond', async (run) => {
      const rssBefore = rssMb();
      let peakRss = rssBefore;
      let lastLine = 0;
      const result = await replayReadModels(store, replayDb.pool, {
        onProgress: ({ phase, applied, total, eventsPerSecond }) => {
          peakRss = Math.max(peakRss, rssMb());
          if (performance.now() - lastLine > 5000 || phase !== 'fold') {
            lastLine = performance.now();
            console.log(
              `  replay ${run + 1}/3 ${phase}: ${applied}/${total} events, ${Math.round(eventsPerSecond)} events/s, rss ${rssMb()} MB`,
            );
          }
        },
      });
      return {
        events: result.applied,
        seconds: +result.seconds.toFixed(2),
        eventsPerSecond: Math.round(result.eventsPerSecond),
        projectorPausedSeconds: +result.lockedSeconds.toFixed(2),
        rssBeforeMb: rssBefore,
        peakRssMb: Math.max(peakRss, rssMb()),
        tables: Object.fromEntries(result.tables.map((t) => [t.table, t.rows])),
      };
    });
    const check = await withLoad(async () => {
      t0 = performance.now();
      const result = await checkReadModels(store, replayDb.pool);
      return { events: result.applied, seconds: +((performance.now() - t0) / 1000).toFixed(2), differences: result.differences.length };
    });
    if (check.differences > 0) throw new Error(`replay --check found ${check.differences} differences after the replay`);
    const audit = await withLoad(() => benchAuditVerify(replayDb.pool));
    if (audit.brokenLinks > 0) throw new Error(`audit verify found ${audit.brokenLinks} broken links in the generated log`);
    return { generate, replay, check, audit, maxRssMb: maxRssMb() };
  } finally {
    await store.close();
    await replayDb.drop();
  }
}

/** `audit verify` over the replay's log: the hash chain of every stream, recomputed. */
async function benchAuditVerify(pool) {
  const t0 = performance.now();
  const result = await verifyHashChain(pool, {});
  const seconds = (performance.now() - t0) / 1000;
  return {
    checked: result.checked,
    streams: result.streams,
    unhashed: result.unhashed,
    brokenLinks: result.brokenLinks,
    seconds: +seconds.toFixed(2),
    eventsPerSecond: Math.round(result.checked / Math.max(seconds, 1e-3)),
  };
}

const JWT_SECRET = 'bench-secret-0123456789-0123456789-0123456789';
/** A fixed VAPID key pair: production requires one (docs/push.md). */
const VAPID = {
  VAPID_PUBLIC_KEY: 'BFFH5jcemZB9SXsgXcLVfrNtGfIKuJid96vWY9LfLhxEiLzv7HOBQGJeCriYWV7arNIvFzPsdIPYRvA5Kg1B2mI',
  VAPID_PRIVATE_KEY: 'ol7xvq-2wNWkSEA8QXIrJ857_HVUaPVfGxj11fSPAKg',
};
const MAIN = path.join(here, '..', 'cli', 'dist', 'main.js');

/** The built app (`node cli/dist/main.js start`, every role) on `databaseUrl`, in a process of its own. */
async function startApp(databaseUrl) {
  const port = await freePort();
  const app = await startProcess('the app', MAIN, ['start'], {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    JWT_SECRET,
    ...VAPID,
    PORT: String(port),
    HOST: '127.0.0.1',
  });
  return { ...app, baseUrl: `http://127.0.0.1:${port}` };
}

/** Opens the runtime on `databaseUrl` in this process, for writing what a run starts from. */
const openBenchRuntime = (databaseUrl) =>
  openRuntime(loadConfig({ ...process.env, NODE_ENV: 'production', DATABASE_URL: databaseUrl, JWT_SECRET, ...VAPID }), { redis: false });

/** The admin every HTTP part signs in as: leitung@bench.example / bench-passwort. */
const registriereBenchAdmin = (runtime) =>
  registriereEltern(
    runtime,
    {
      nachname: 'Leitung',
      nameKind: null,
      email: 'leitung@bench.example',
      gruppeId: null,
      rollen: ['ROLE_ADMIN'],
      passwort: 'bench-passwort',
    },
    { actorId: null },
  );

/** Signs in through the app as a family does; answers the token. */
async function signIn(baseUrl, email, kennwort) {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, kennwort }).toString(),
  });
  const body = await response.json();
  if (response.status !== 200) throw new Error(`sign-in of ${email} answered ${response.status}: ${JSON.stringify(body)}`);
  return body.jwt;
}

/** An API call that must succeed; answers the parsed body and the response. */
async function call(baseUrl, token, method, url, body) {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
  return { body: text ? JSON.parse(text) : null, response };
}

/**
 * Reads under load: a group of 12 families with a planned year (closing weeks left out), one of
 * them signed in; autocannon against each list and, in the same rounds, against a bare Fastify
 * route (bench/bare-fastify.mjs), each in a process of its own. Three rounds, the median counts.
 * Also the web weight of /login beside React's hello-world.
 */
async function benchHttp(databaseUrl, withWeb) {
  const runtime = await openBenchRuntime(databaseUrl);
  let elternEmail;
  let gruppeId;
  try {
    ({ gruppeId } = await legeGruppeAn(runtime, 'Füchse', { actorId: null }));
    const neu = (i, extra = {}) => ({
      nachname: `Familie${i}`,
      nameKind: `Kind${i}`,
      email: `bench-${i}-${randomUUID()}@example.org`,
      gruppeId,
      rollen: ['ROLE_ELTERN'],
      ...extra,
    });
    for (let i = 1; i < 12; i++) await registriereEltern(runtime, neu(i), { actorId: null });
    const eltern = neu(0, { passwort: 'bench-passwort' });
    elternEmail = eltern.email;
    await registriereEltern(runtime, eltern, { actorId: null });
    await registriereBenchAdmin(runtime);
  } finally {
    await runtime.close();
  }
  const app = await startApp(databaseUrl);
  const bare = await startProcess('bare Fastify', path.join(here, 'bare-fastify.mjs'), [], { PORT: String(await freePort()) });
  try {
    const barePort = /listening on (\d+)/.exec(bare.output())[1];
    const token = await signIn(app.baseUrl, elternEmail, 'bench-passwort');
    // The read side knows the family once the projector has caught up with the log, which after
    // the replay part holds a million events: wait for that (up to 5 minutes) before planning
    // (the planner takes the families from the read models) and before measuring.
    for (let i = 0; ; i++) {
      const response = await fetch(`${app.baseUrl}/api/auth/current-user`, { headers: { authorization: `Bearer ${token}` } });
      await response.arrayBuffer();
      if (response.status === 200) break;
      if (response.status !== 401 || i >= 3000) throw new Error(`current-user answered ${response.status} while the projector caught up`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const admin = await signIn(app.baseUrl, 'leitung@bench.example', 'bench-passwort');
    const jahr = new Date().getFullYear() + 1;
    await call(app.baseUrl, admin, 'POST', '/api/admin/holiday-weeks', { holidayType: 'Sommerferien', jahr, startKW: 32, endKW: 34 });
    await call(app.baseUrl, admin, 'POST', '/api/admin/confirm-holidays');
    await call(app.baseUrl, admin, 'POST', '/api/admin/wasserdienst/bulk-assign', { jahr, startKW: 1, endKW: 52 });
    // The plan is read once the projector has it.
    let dienste = [];
    for (let i = 0; i < 100 && dienste.length === 0; i++) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      dienste = (await call(app.baseUrl, token, 'GET', '/api/wasserdienst/events')).body;
    }
    if (dienste.length === 0) throw new Error('the planned rota did not reach the read model within 10 s');

    // The app's reads are sent as a phone's browser asks for them: compressed where it pays.
    const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };
    const targets = {
      bareFastify: { url: `http://127.0.0.1:${barePort}/ping`, headers: {} },
      currentUser: { url: `${app.baseUrl}/api/auth/current-user`, target: 0.3 },
      wasserdienstEvents: { url: `${app.baseUrl}/api/wasserdienst/events`, target: 0.3, rows: dienste.length },
      tausch: { url: `${app.baseUrl}/api/tausch/gruppe/${gruppeId}`, target: 0.2 },
      schliesszeiten: { url: `${app.baseUrl}/api/schliesszeiten`, target: 0.2 },
      abwesenheit: { url: `${app.baseUrl}/api/abwesenheit`, target: 0.2 },
    };
    const runs = Object.fromEntries(Object.keys(targets).map((name) => [name, []]));
    for (let round = 0; round < 3; round++)
      for (const [name, { url, headers }] of Object.entries(targets)) {
        const result = await withLoad(() =>
          cannon(url, { headers: headers ?? { authorization: `Bearer ${token}`, ...BROWSER }, connections: 32, seconds: HTTP_SECONDS }),
        );
        if (!app.alive()) throw new Error('the app exited during the HTTP bench');
        runs[name].push(result);
        console.log(`  http round ${round + 1}/3 ${name}: ${result.requestsPerSecond} req/s, p99 ${result.p99Ms} ms`);
      }
    const bareRow = pickMedian(runs.bareFastify, 'requestsPerSecond');
    const rows = { bareFastify: bareRow };
    for (const [name, { target, rows: listRows }] of Object.entries(targets)) {
      if (name === 'bareFastify') continue;
      const row = pickMedian(runs[name], 'requestsPerSecond');
      rows[name] = {
        ...row,
        ratio: +(row.requestsPerSecond / bareRow.requestsPerSecond).toFixed(3),
        target,
        ...(listRows ? { rows: listRows } : {}),
      };
    }
    const web = withWeb
      ? await withLoad(async () => ({ login: await appWeight(app.baseUrl), helloWorld: await helloWorldWeight() }))
      : null;
    return { connections: 32, seconds: HTTP_SECONDS, ...rows, web };
  } finally {
    await bare.stop();
    await app.stop();
  }
}

/** The rota planner alone: 30 groups × 53 weeks of 2026 × 25 families, a few absences each. */
function benchPlaner() {
  const runs = quick ? 3 : 10;
  const times = [];
  for (let run = 0; run < runs; run++) {
    const t0 = performance.now();
    for (let g = 0; g < 30; g++) {
      const familien = Array.from({ length: 25 }, (_, i) => `g${g}-f${i}`);
      const abwesenheiten = familien.flatMap((elternId, i) =>
        [3, 17, 31].map((k) => ({ elternId, woche: { jahr: 2026, kalenderwoche: ((k + i) % 53) + 1 } })),
      );
      planeRota({
        von: { jahr: 2026, kalenderwoche: 1 },
        bis: { jahr: 2026, kalenderwoche: 53 },
        familien,
        freieWochen: [32, 33, 34, 52].map((kalenderwoche) => ({ jahr: 2026, kalenderwoche })),
        abwesenheiten,
        bestehend: [],
        seed: `bench-${run}-${g}`,
      });
    }
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return {
    runs,
    groups: 30,
    weeks: 53,
    familiesPerGroup: 25,
    medianMs: +times[Math.floor(times.length / 2)].toFixed(1),
    maxMs: +times.at(-1).toFixed(1),
  };
}

/**
 * The yearly import end to end: upload of a 10,000-row file until the read models show all of it.
 * First into an empty kindergarten; then, after a rota for 2027 has been planned, the next year's
 * file: 9,000 families known, 1,000 new, 1,000 leaving, every plan retired.
 */
async function benchImport() {
  const rows = quick ? 2_000 : 10_000;
  const importDb = await createTestDatabase('waldkita_bench_import');
  let app = null;
  try {
    const runtime = await openBenchRuntime(importDb.databaseUrl);
    try {
      await registriereBenchAdmin(runtime);
    } finally {
      await runtime.close();
    }
    app = await startApp(importDb.databaseUrl);
    const base = app.baseUrl;
    const token = await signIn(base, 'leitung@bench.example', 'bench-passwort');
    await call(base, token, 'POST', '/api/admin/confirm-holidays');
    const headers = { authorization: `Bearer ${token}` };
    /** Waits until the read models have caught up with `position` (query-api stops marking reads stale). */
    const projected = async (position, t0) => {
      while (performance.now() - t0 < 300_000) {
        const stats = await fetch(`${base}/api/admin/stats`, { headers: { ...headers, 'x-min-position': position ?? '' } });
        await stats.arrayBuffer();
        if (stats.headers.get('x-read-model-stale') !== 'true') return;
      }
      throw new Error('read models did not catch up within 5 minutes');
    };
    const importiere = async (first) => {
      const lines = ['Nachname Kind;Vorname Kind;Gruppe;Brief-E-Mail'];
      for (let i = first; i < first + rows; i++) lines.push(`Familie${i};Kind${i};Gruppe ${i % 30};familie${i}@bench.example`);
      const form = new FormData();
      form.append('csvFile', new Blob([lines.join('\r\n')], { type: 'text/csv' }), 'eltern.csv');
      form.append('deadline', '2027-03-31');
      const t0 = performance.now();
      const response = await fetch(`${base}/api/admin/import-eltern`, { method: 'POST', headers, body: form });
      const answer = await response.json();
      if (response.status !== 200) throw new Error(`import answered ${response.status}: ${JSON.stringify(answer)}`);
      const appended = performance.now() - t0;
      await projected(response.headers.get('x-event-position'), t0);
      return {
        successCount: answer.successCount,
        neueFamilien: answer.neueFamilien,
        bekannteFamilien: answer.bekannteFamilien,
        entfernteFamilien: answer.entfernteFamilien,
        appendedSeconds: +(appended / 1000).toFixed(2),
        endToEndSeconds: +((performance.now() - t0) / 1000).toFixed(2),
      };
    };
    const erstesJahr = await importiere(0);
    const t0 = performance.now();
    const plan = await fetch(`${base}/api/admin/wasserdienst/bulk-assign`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ jahr: 2027, startKW: 1, endKW: 52 }),
    });
    if (plan.status !== 200) throw new Error(`bulk-assign answered ${plan.status}: ${await plan.text()}`);
    await plan.arrayBuffer();
    await projected(plan.headers.get('x-event-position'), t0);
    const naechstesJahr = await importiere(Math.round(rows / 10));
    return { rows, ...erstesJahr, naechstesJahr };
  } finally {
    await app?.stop();
    // the welcome mails the import queued (some 20,000 keys) go with the database
    await removeTestQueues(`waldkita-${importDb.name}`);
    await importDb.drop();
  }
}

/**
 * Commands against long histories: bench/commands-history.mjs, when present, in a process of its
 * own; it prints one JSON line per phase and fails with a non-zero exit.
 */
async function benchCommands() {
  const script = path.join(here, 'commands-history.mjs');
  if (!existsSync(script)) return null;
  const before = loadAverage();
  const output = await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], {
      cwd: path.join(here, '..'),
      env: { ...process.env, ...(quick && !process.env.SEKUNDEN ? { SEKUNDEN: '2' } : {}) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve(stdout) : reject(new Error(`bench/commands-history.mjs exited (${code ?? signal}):\n${stdout}`)),
    );
  });
  const phases = output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line));
  if (phases.length === 0) throw new Error(`bench/commands-history.mjs printed no results:\n${output}`);
  return { phases, loadAverage: [before, loadAverage()] };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const load = (figure) => (figure?.loadAverage ? figure.loadAverage.join('–') : '');
const n = (value) => (typeof value === 'number' ? value.toLocaleString('en-US') : String(value));
/** ✓ or ✗ for a figure with a target, blank for a reference. */
const mark = (met) => (met === undefined ? '' : met ? '✓' : '✗');

/** Extra numbers a module returns beside the ones printed, as `key value` pairs (its figures, whatever they are named). */
const rest = (object, known) =>
  Object.entries(object)
    .filter(([key, value]) => !known.includes(key) && (typeof value === 'number' || typeof value === 'string'))
    .map(([key, value]) => `${key} ${n(value)}`)
    .join(', ');

/**
 * The printed and written table: one row per figure, beside its target (issue 30's where it sets
 * one), whether the figure meets it, and the 1-minute load average over its runs.
 */
function tableOf(results) {
  const { appends, replay, http, planer, import: importRun, commands, lag, dienste, lighthouse } = results;
  const table = [];
  const row = (what, value, target, met, detail, loadAverage) =>
    table.push({ what, value, target, met: mark(met), detail, load: loadAverage });
  if (appends)
    row(
      'reference: single-event appends (expected revision)',
      `${n(appends.appendsPerSecond)}/s`,
      '',
      undefined,
      `p50 ${appends.p50Ms} ms, p99 ${appends.p99Ms} ms, ${appends.concurrency} writers; runs ${appends.runs.join(', ')}`,
      load(appends),
    );
  if (replay) {
    row(
      'generate the replay log (appendToStream)',
      `${n(replay.generate.eventsPerSecond)} events/s`,
      '',
      undefined,
      `${n(replay.generate.events)} events in ${replay.generate.seconds} s`,
      String(replay.generate.loadAverage),
    );
    row(
      `replay of ${n(replay.replay.events)} events: two folds, compare, swap`,
      `${n(replay.replay.eventsPerSecond)} events/s`,
      '≥ 100,000 events/s on 1,000,000 events',
      replay.replay.eventsPerSecond >= 100_000,
      `${replay.replay.seconds} s, projector paused ${replay.replay.projectorPausedSeconds} s, peak RSS ${replay.replay.peakRssMb} MB; runs ${replay.replay.runs.join(', ')}`,
      load(replay.replay),
    );
    row(
      'replay --check',
      `${replay.check.seconds} s`,
      '',
      undefined,
      `${n(replay.check.events)} events, ${replay.check.differences} differences`,
      load(replay.check),
    );
    row(
      'audit verify (hash chain)',
      `${n(replay.audit.eventsPerSecond)} events/s`,
      '',
      undefined,
      `${n(replay.audit.checked)} events, ${n(replay.audit.streams)} streams in ${replay.audit.seconds} s`,
      load(replay.audit),
    );
  }
  if (http) {
    const names = {
      bareFastify: 'reference: bare Fastify route',
      currentUser: 'GET /api/auth/current-user',
      wasserdienstEvents: 'GET /api/wasserdienst/events',
      tausch: 'GET /api/tausch/gruppe/:id',
      schliesszeiten: 'GET /api/schliesszeiten',
      abwesenheit: 'GET /api/abwesenheit',
    };
    for (const [key, name] of Object.entries(names)) {
      const r = http[key];
      row(
        name + (r.rows ? ` (${r.rows} rows)` : ''),
        `${n(r.requestsPerSecond)} req/s`,
        r.target ? `ratio ≥ ${r.target}, p99 ≤ 10 ms` : '',
        r.target ? r.ratio >= r.target && r.p99Ms <= 10 : undefined,
        `p99 ${r.p99Ms} ms${r.ratio !== undefined ? `, ratio ${r.ratio}` : ''}; runs ${r.runs.join(', ')}`,
        load(r),
      );
    }
    if (http.web) {
      const { login, helloWorld } = http.web;
      row(
        'reference: React hello-world initial JS',
        kb(helloWorld.gzipBytes),
        '',
        undefined,
        `gzip -9, ${kb(helloWorld.bytes)} raw`,
        load(http.web),
      );
      row(
        '/login initial JS',
        kb(login.gzipBytes),
        '≤ 90 KB gzip, sent compressed',
        login.gzipBytes <= 90 * 1024,
        `gzip -9, ${login.files} files, ${kb(login.bytes)} raw; sent ${kb(login.sentBytes)} (${login.encodings.join(', ')})`,
        load(http.web),
      );
    }
  }
  if (commands)
    for (const phase of commands.phases) {
      // The ratio to the raw append rate: the module's own when it measured one, else the appends part of this run.
      const ratio = phase.verhaeltnis ?? phase.ratio ?? (appends ? +(phase.proSekunde / appends.appendsPerSecond).toFixed(2) : undefined);
      row(
        `commands with history: ${phase.phase}`,
        `${n(phase.proSekunde)}/s, p99 ${phase.p99} ms${ratio !== undefined ? `, ${ratio} × appends` : ''}`,
        '≥ 2,000/s at 16 families, p99 ≤ 50 ms, ≥ 0.8 × raw appends',
        phase.proSekunde >= 2000 && phase.p99 <= 50 && (ratio === undefined || ratio >= 0.8),
        `p50 ${phase.p50} ms; ${rest(phase, ['phase', 'proSekunde', 'p50', 'p99', 'verhaeltnis', 'ratio'])}`,
        load(commands),
      );
    }
  if (lag)
    row(
      `projection lag at ${n(lag.targetRate)} commands/s (HTTP)`,
      `p99 ${lag.lagP99Ms} ms at ${n(lag.commandsPerSecond)}/s`,
      'p99 ≤ 50 ms at 1,000 commands/s for 60 s',
      lag.lagP99Ms <= 50 && lag.commandsPerSecond >= 0.98 * 1000,
      `over ${lag.seconds} s; ${rest(lag, ['lagP99Ms', 'commandsPerSecond', 'targetRate', 'seconds'])}${lag.runs ? `; p99 runs ${lag.runs.join(', ')}` : ''}`,
      load(lag),
    );
  if (planer)
    row(
      'rota planner, 30 groups × 53 weeks × 25 families',
      `${planer.medianMs} ms`,
      '',
      undefined,
      `median of ${planer.runs}, max ${planer.maxMs} ms`,
      load(planer),
    );
  if (importRun) {
    row(
      `CSV import, ${n(importRun.rows)} rows (slower of two runs)`,
      `${importRun.endToEndSeconds} s`,
      '< 5 s for 10,000 rows',
      importRun.endToEndSeconds < 5,
      `into an empty kindergarten, until the read models show it; appended in ${importRun.appendedSeconds} s; runs ${importRun.runs.join(', ')}`,
      load(importRun),
    );
    const next = importRun.naechstesJahr;
    row(
      `CSV import, next year's ${n(importRun.rows)} rows`,
      `${next.endToEndSeconds} s`,
      '< 5 s for 10,000 rows',
      next.endToEndSeconds < 5,
      `${next.bekannteFamilien} known, ${next.neueFamilien} new, ${next.entfernteFamilien} leaving, planned rota retired; appended in ${next.appendedSeconds} s`,
      load(importRun),
    );
  }
  if (dienste) {
    const { plan, feed, stunden } = dienste;
    row(
      `plan ${dienste.kinds} duty kinds for ${dienste.families} families over a year`,
      `${plan.ms} ms`,
      '< 1 s',
      plan.ms < 1000,
      `${n(plan.termine)} dates in ${dienste.groups} groups, ten POST …/planen one after the other; median of three years, runs ${plan.runs.join(', ')} ms`,
      plan.loadAverage.join('–'),
    );
    row(
      'a family’s calendar feed with every kind',
      `${feed.medianMs} ms`,
      '< 10 ms',
      feed.medianMs < 10,
      `median of ${feed.requests} requests one at a time, p95 ${feed.p95Ms} ms; ${n(feed.entries)} entries, ${kb(feed.bytes)}`,
      load(feed),
    );
    row(
      `the admin’s hours table for ${stunden.families} families`,
      `${stunden.medianMs} ms`,
      '< 20 ms',
      stunden.medianMs < 20,
      `median of ${stunden.requests} requests one at a time, p95 ${stunden.p95Ms} ms`,
      load(stunden),
    );
  }
  if (lighthouse) {
    // The module's rows (names, figures); the targets of issue 30 against its hello-world of the same run.
    const hello = lighthouse.helloWorld;
    const keyOf = (what) =>
      ['helloWorld', 'login', 'dashboard', 'wasserdienst'].find((k) => what.includes(k === 'helloWorld' ? 'hello-world' : `/${k}`));
    for (const r of lighthouseRows(lighthouse)) {
      const key = keyOf(r.what);
      const page = key ? lighthouse[key] : null;
      if (!page || key === 'helloWorld' || !hello) {
        row(r.what, r.value, r.target ?? '', undefined, r.detail, load(r));
        continue;
      }
      const lcp = +(page.lcpMs / hello.lcpMs).toFixed(2);
      const tbt = hello.tbtMs > 0 ? +(page.tbtMs / hello.tbtMs).toFixed(2) : null;
      row(
        r.what,
        `${page.score}; LCP ${lcp}×, TBT ${page.tbtMs} ms, CLS ${page.cls}`,
        'score ≥ 95, LCP ≤ 1.3×, TBT ≤ 3× hello-world, CLS 0',
        page.score >= 95 && lcp <= 1.3 && page.tbtMs <= 3 * Math.max(hello.tbtMs, 0) && page.cls === 0,
        `${r.detail}; hello-world LCP ${hello.lcpMs} ms, TBT ${hello.tbtMs} ms${tbt !== null ? ` (→ ${tbt}×)` : ''}`,
        load(r),
      );
    }
  }
  return table;
}

const markdown = (results, table) => {
  const m = results.machine;
  return [
    `Measured ${results.measuredAt} (${results.quick ? 'quick' : 'full'} run), ${m.cpus} × ${m.cpuModel}, ${m.memoryGb} GB, ${m.os}, Node ${m.node}; load average ${results.loadAverageAtStart} at the start, ${results.loadAverageAtEnd} at the end.`,
    'Each figure is the median of three runs unless it says otherwise; load: the 1-minute load average over its runs. ✓/✗: the figure meets its target or not.',
    '',
    '| what | value | target | met | detail | load |',
    '|---|---|---|---|---|---|',
    ...table.map(
      (r) => `| ${[r.what, r.value, r.target, r.met, r.detail, r.load].map((c) => String(c ?? '').replaceAll('|', '\\|')).join(' | ')} |`,
    ),
    '',
  ].join('\n');
};

let exitCode = 0;
let db = null;
try {
  const loadAverageAtStart = loadAverage();
  db = await createTestDatabase('waldkita_bench');
  const m = machine();
  console.log(
    `bench: ${quick ? 'quick' : 'full'} run on ${m.cpus} × ${m.cpuModel} (load average ${loadAverageAtStart}), database ${db.name}${only ? `, only ${only}` : ''}`,
  );
  const appends = runs('appends') ? await medianOf('appendsPerSecond', () => benchAppends(db.pool)) : null;
  if (appends) console.log('appends done');
  const replay = runs('replay') ? await benchReplay() : null;
  if (replay) console.log('replay done');
  const http = runs('http') ? await benchHttp(db.databaseUrl, true) : null;
  if (http) console.log('http done');
  const commands = runs('commands') ? await benchCommands() : null;
  if (commands) console.log('commands done');
  const planer = runs('planer') ? await withLoad(async () => benchPlaner()) : null;
  // Two runs; of two values the "median" pickMedian takes is the larger: the slower run counts.
  const importRun = runs('import') ? await medianOf('endToEndSeconds', () => benchImport(), 2) : null;
  const dienste = runs('dienste')
    ? await withLoad(() => benchDienste({ quick }, { startApp, openBenchRuntime, registriereBenchAdmin, signIn, call }))
    : null;
  if (dienste) console.log('dienste done');
  const lag = runs('lag') ? await benchProjectionLag({ seconds: quick ? 10 : 60 }) : null;
  if (lag) console.log('lag done');
  const lighthouse = runs('lighthouse') ? await benchLighthouse({ quick }) : null;
  if (lighthouse) console.log('lighthouse done');
  const results = {
    measuredAt: new Date().toISOString(),
    machine: m,
    quick,
    // Other work on the machine makes every figure smaller; each figure carries the 1-minute load
    // average seen over its runs.
    loadAverageAtStart,
    loadAverageAtEnd: loadAverage(),
    appends,
    replay,
    http,
    commands,
    planer,
    import: importRun,
    dienste,
    lighthouse,
    lag,
  };
  const table = tableOf(results);
  // A partial run (--only) does not overwrite the last full figures.
  const name = only ? 'partial' : 'latest';
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(path.join(here, 'results', `${name}.json`), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(path.join(here, 'results', `${name}.md`), markdown(results, table));
  console.table(table);
  console.log(`written to bench/results/${name}.json and ${name}.md`);
} catch (error) {
  console.error('bench failed:', error);
  exitCode = 1;
} finally {
  stopAll();
  if (db) await removeTestQueues(`waldkita-${db.name}`).catch(() => undefined);
  await db?.drop().catch((error) => {
    console.error('dropping the bench database failed:', error);
    exitCode = 1;
  });
  process.exit(exitCode);
}
