// npm run bench — measures, asserts nothing. Writes bench/results/latest.json and prints a table.
// Runs against the built packages (npm run bench builds first), the local PostgreSQL and Redis.
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { registriereEltern } from '@waldkita/command-api/eltern/registriere-eltern';
import { legeGruppeAn } from '@waldkita/command-api/gruppe/lege-gruppe-an';
import { KALENDER_STREAM, kalenderDecider } from '@waldkita/domain/kalender/schliesszeiten';
import { planeRota } from '@waldkita/domain/rota/rota-planer';
import { handleCommand } from '@waldkita/platform/command-handler';
import { loadConfig } from '@waldkita/platform/config';
import { verifyHashChain } from '@waldkita/platform/event-store/hash-chain';
import { PostgresEventStore } from '@waldkita/platform/event-store/postgres-event-store';
import { createTestDatabase } from '@waldkita/platform/testing/test-database';
import { checkReadModels, replayReadModels } from '@waldkita/projector/runtime/replay';
import { startProjector } from '@waldkita/projector/runtime/runner';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { openRuntime } from '../cli/dist/runtime.js';
import { buildServer } from '../cli/dist/server.js';
import { generateReplayLog } from './replay-log.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const quick = process.argv.includes('--quick');
const APPEND_SECONDS = quick ? 2 : 10;
const APPEND_CONCURRENCY = 16;
const REPLAY_EVENTS = quick ? 100_000 : 1_000_000;
/** `--only=replay,http`: run just these parts (appends, replay, http, planer, import). */
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
 * own: both folds, the comparison and the swap, as `npm run replay` does; then `--check` and
 * `audit verify` over the same log.
 */
async function benchReplay() {
  const replayDb = await createTestDatabase('waldkita_bench_replay');
  const store = new PostgresEventStore(replayDb.pool);
  try {
    let t0 = performance.now();
    const generated = await generateReplayLog(store, REPLAY_EVENTS);
    const generate = { events: generated, seconds: +((performance.now() - t0) / 1000).toFixed(2) };
    generate.eventsPerSecond = Math.round(generated / generate.seconds);
    const rssBefore = rssMb();
    let peakRss = rssBefore;
    let lastLine = 0;
    const result = await replayReadModels(store, replayDb.pool, {
      onProgress: ({ phase, applied, total, eventsPerSecond }) => {
        peakRss = Math.max(peakRss, rssMb());
        if (performance.now() - lastLine > 5000 || phase !== 'fold') {
          lastLine = performance.now();
          console.log(`  replay ${phase}: ${applied}/${total} events, ${Math.round(eventsPerSecond)} events/s, rss ${rssMb()} MB`);
        }
      },
    });
    peakRss = Math.max(peakRss, rssMb());
    const replay = {
      events: result.applied,
      seconds: +result.seconds.toFixed(2),
      eventsPerSecond: Math.round(result.eventsPerSecond),
      projectorPausedSeconds: +result.lockedSeconds.toFixed(2),
      rssBeforeMb: rssBefore,
      peakRssMb: peakRss,
      tables: Object.fromEntries(result.tables.map((t) => [t.table, t.rows])),
    };
    t0 = performance.now();
    const check = await checkReadModels(store, replayDb.pool);
    const checkRun = {
      events: check.applied,
      seconds: +((performance.now() - t0) / 1000).toFixed(2),
      differences: check.differences.length,
    };
    const audit = await benchAuditVerify(replayDb.pool);
    return { generate, replay, check: checkRun, audit, maxRssMb: maxRssMb() };
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

const cannon = (url, headers = {}) =>
  new Promise((resolve, reject) =>
    autocannon({ url, headers, connections: 32, duration: HTTP_SECONDS }, (error, result) => (error ? reject(error) : resolve(result))),
  );

async function benchHttp(databaseUrl) {
  const bare = Fastify();
  bare.get('/ping', async () => ({ ok: true }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareResult = await cannon(`http://127.0.0.1:${bare.server.address().port}/ping`);
  await bare.close();

  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    JWT_SECRET: 'bench-secret-0123456789-0123456789-0123456789',
  });
  const runtime = await openRuntime(config, { redis: true });
  const projector = startProjector(runtime.store, runtime.pool);
  const { gruppeId } = await legeGruppeAn(runtime, 'Füchse', { actorId: null });
  const { elternId } = await registriereEltern(
    runtime,
    { nachname: 'Fuchs', nameKind: 'Mila', email: `bench-${randomUUID()}@example.org`, gruppeId, rollen: ['ROLE_ELTERN'] },
    { actorId: null },
  );
  await new Promise((resolve) => setTimeout(resolve, 500));
  const token = await runtime.tokens.sign({ sub: elternId, email: 'bench@example.org', gruppeId, roles: ['ROLE_ELTERN'] });
  const server = await buildServer(runtime, ['command-api', 'query-api']);
  await server.listen({ port: 0, host: '127.0.0.1' });
  const appResult = await cannon(`http://127.0.0.1:${server.server.address().port}/api/auth/current-user`, {
    authorization: `Bearer ${token}`,
  });
  await server.close();
  await projector.stop();
  await runtime.close();
  const row = (r) => ({ requestsPerSecond: Math.round(r.requests.average), p99Ms: r.latency.p99, non2xx: r.non2xx, errors: r.errors });
  const bareRow = row(bareResult);
  const appRow = row(appResult);
  return { bareFastify: bareRow, currentUser: appRow, ratio: +(appRow.requestsPerSecond / bareRow.requestsPerSecond).toFixed(3) };
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
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: importDb.databaseUrl,
    JWT_SECRET: 'bench-secret-0123456789-0123456789-0123456789',
  });
  const runtime = await openRuntime(config, { redis: true });
  const projector = startProjector(runtime.store, runtime.pool);
  const server = await buildServer(runtime, ['command-api', 'query-api']);
  try {
    const { elternId } = await registriereEltern(
      runtime,
      { nachname: 'Leitung', nameKind: null, email: 'leitung@bench.example', gruppeId: null, rollen: ['ROLE_ADMIN'] },
      { actorId: null },
    );
    await handleCommand(runtime.store, KALENDER_STREAM, kalenderDecider, { type: 'BestaetigeFerien', data: {} }, { actorId: null });
    const token = await runtime.tokens.sign({ sub: elternId, email: 'leitung@bench.example', gruppeId: null, roles: ['ROLE_ADMIN'] });
    await server.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${server.server.address().port}`;
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
    await server.close();
    await projector.stop();
    await runtime.close();
    await importDb.drop();
  }
}

const loadAverageAtStart = +os.loadavg()[0].toFixed(2);
const db = await createTestDatabase('waldkita_bench');
try {
  console.log(
    `bench: ${quick ? 'quick' : 'full'} run on ${os.cpus().length} cores (load average ${loadAverageAtStart}), database ${db.name}${only ? `, only ${only}` : ''}`,
  );
  const appends = runs('appends') ? await benchAppends(db.pool) : null;
  if (appends) console.log('appends done');
  const replay = runs('replay') ? await benchReplay() : null;
  if (replay) console.log('replay done');
  const http = runs('http') ? await benchHttp(db.databaseUrl) : null;
  if (http) console.log('http done');
  const planer = runs('planer') ? benchPlaner() : null;
  const importRun = runs('import') ? await benchImport() : null;
  const results = {
    measuredAt: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    // Other work on the machine makes every figure smaller; the 1-minute load average says how much.
    loadAverageAtStart,
    loadAverageAtEnd: +os.loadavg()[0].toFixed(2),
    quick,
    appends,
    replay,
    http,
    planer,
    import: importRun,
  };
  // A partial run (--only) does not overwrite the last full figures.
  const file = path.join(here, 'results', only ? 'partial.json' : 'latest.json');
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  const table = {};
  if (appends)
    table['single-event appends (expected revision)'] = {
      value: `${appends.appendsPerSecond}/s`,
      detail: `p50 ${appends.p50Ms} ms, p99 ${appends.p99Ms} ms, ${appends.concurrency} writers`,
      target: '≥ 1,000/s, p99 ≤ 50 ms',
    };
  if (replay) {
    table['generate the replay log (appendToStream)'] = {
      value: `${replay.generate.eventsPerSecond} events/s`,
      detail: `${replay.generate.events} events in ${replay.generate.seconds} s`,
      target: '',
    };
    table['replay: two folds, compare, swap'] = {
      value: `${replay.replay.eventsPerSecond} events/s`,
      detail: `${replay.replay.events} events in ${replay.replay.seconds} s, projector paused ${replay.replay.projectorPausedSeconds} s, peak RSS ${replay.replay.peakRssMb} MB (process max ${replay.maxRssMb} MB)`,
      target: '≥ 20,000/s',
    };
    table['replay --check'] = {
      value: `${replay.check.seconds} s`,
      detail: `${replay.check.events} events, ${replay.check.differences} differences`,
      target: '',
    };
    table['audit verify (hash chain)'] = {
      value: `${replay.audit.eventsPerSecond} events/s`,
      detail: `${replay.audit.checked} events, ${replay.audit.streams} streams in ${replay.audit.seconds} s, broken links ${replay.audit.brokenLinks}`,
      target: '',
    };
  }
  if (http) {
    table['bare Fastify route'] = {
      value: `${http.bareFastify.requestsPerSecond} req/s`,
      detail: `p99 ${http.bareFastify.p99Ms} ms`,
      target: '',
    };
    table['GET /api/auth/current-user'] = {
      value: `${http.currentUser.requestsPerSecond} req/s`,
      detail: `p99 ${http.currentUser.p99Ms} ms, non-2xx ${http.currentUser.non2xx}`,
      target: `ratio ${http.ratio}`,
    };
  }
  if (planer)
    table['rota planner, 30 groups × 53 weeks × 25 families'] = {
      value: `${planer.medianMs} ms`,
      detail: `max ${planer.maxMs} ms`,
      target: '',
    };
  if (importRun) {
    table[`CSV import, ${importRun.rows} rows`] = {
      value: `${importRun.endToEndSeconds} s`,
      detail: `into an empty kindergarten; appended in ${importRun.appendedSeconds} s, read models included after`,
      target: '< 5 s for 10,000 rows',
    };
    const next = importRun.naechstesJahr;
    table[`CSV import, next year's ${importRun.rows} rows`] = {
      value: `${next.endToEndSeconds} s`,
      detail: `${next.bekannteFamilien} known, ${next.neueFamilien} new, ${next.entfernteFamilien} leaving, planned rota retired; appended in ${next.appendedSeconds} s`,
      target: '< 5 s for 10,000 rows',
    };
  }
  console.table(table);
  console.log(`written to ${path.relative(process.cwd(), file)}`);
} finally {
  await db.drop();
  process.exit(0);
}
