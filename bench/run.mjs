// npm run bench — measures, asserts nothing. Writes bench/results/latest.json and prints a table.
// Runs against the built packages (npm run bench builds first), the local PostgreSQL and Redis.
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { registriereEltern } from '@waldkita/command-api/eltern/registriere-eltern';
import { legeGruppeAn } from '@waldkita/command-api/gruppe/lege-gruppe-an';
import { loadConfig } from '@waldkita/platform/config';
import { PostgresEventStore } from '@waldkita/platform/event-store/postgres-event-store';
import { createTestDatabase } from '@waldkita/platform/testing/test-database';
import { replayReadModels } from '@waldkita/projector/runtime/replay';
import { startProjector } from '@waldkita/projector/runtime/runner';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { openRuntime } from '../cli/dist/runtime.js';
import { buildServer } from '../cli/dist/server.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const quick = process.argv.includes('--quick');
const APPEND_SECONDS = quick ? 2 : 10;
const APPEND_CONCURRENCY = 16;
const REPLAY_EVENTS = quick ? 20_000 : 200_000;
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

/** A realistic log for the replay: registrations and role changes of many families. */
async function generateLog(pool, count) {
  await pool.query(
    `INSERT INTO events (event_id, stream_name, stream_revision, event_type, data, metadata)
     SELECT gen_random_uuid(), 'eltern-' || id, rev, CASE WHEN rev = 0 THEN 'ElternRegistriert' ELSE 'RollenGeaendert' END,
       CASE WHEN rev = 0 THEN jsonb_build_object('elternId', id, 'nachname', 'Familie ' || n, 'nameKind', 'Kind ' || n,
              'email', 'familie' || n || '@bench.example', 'gruppeId', null, 'rollen', jsonb_build_array('ROLE_ELTERN'))
            ELSE jsonb_build_object('elternId', id, 'rollen', CASE WHEN rev % 2 = 1 THEN jsonb_build_array('ROLE_ELTERN', 'ROLE_AUDITOR') ELSE jsonb_build_array('ROLE_ELTERN') END) END,
       jsonb_build_object('actorId', null, 'correlationId', gen_random_uuid(), 'causationId', null, 'occurredAt', now())
     FROM (SELECT n, gen_random_uuid() AS id FROM generate_series(1, $1::int / 4) n) f, generate_series(0, 3) rev
     ORDER BY n, rev`,
    [count],
  );
}

async function benchReplay(pool) {
  await generateLog(pool, REPLAY_EVENTS);
  const store = new PostgresEventStore(pool);
  const result = await replayReadModels(store, pool);
  await store.close();
  return { events: result.applied, seconds: +result.seconds.toFixed(2), eventsPerSecond: Math.round(result.eventsPerSecond) };
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

const db = await createTestDatabase('waldkita_bench');
try {
  console.log(`bench: ${quick ? 'quick' : 'full'} run on ${os.cpus().length} cores, database ${db.name}`);
  const appends = await benchAppends(db.pool);
  console.log('appends done');
  const replay = await benchReplay(db.pool);
  console.log('replay done');
  const http = await benchHttp(db.databaseUrl);
  const results = {
    measuredAt: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    quick,
    appends,
    replay,
    http,
  };
  mkdirSync(path.join(here, 'results'), { recursive: true });
  writeFileSync(path.join(here, 'results', 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.table({
    'single-event appends (expected revision)': {
      value: `${appends.appendsPerSecond}/s`,
      detail: `p50 ${appends.p50Ms} ms, p99 ${appends.p99Ms} ms, ${appends.concurrency} writers`,
      target: '≥ 1,000/s, p99 ≤ 50 ms',
    },
    'replay into new read models': {
      value: `${replay.eventsPerSecond} events/s`,
      detail: `${replay.events} events in ${replay.seconds} s`,
      target: '≥ 20,000/s',
    },
    'bare Fastify route': { value: `${http.bareFastify.requestsPerSecond} req/s`, detail: `p99 ${http.bareFastify.p99Ms} ms`, target: '' },
    'GET /api/auth/current-user': {
      value: `${http.currentUser.requestsPerSecond} req/s`,
      detail: `p99 ${http.currentUser.p99Ms} ms, non-2xx ${http.currentUser.non2xx}`,
      target: `ratio ${http.ratio}`,
    },
  });
  console.log(`written to ${path.relative(process.cwd(), path.join(here, 'results', 'latest.json'))}`);
} finally {
  await db.drop();
  process.exit(0);
}
