// Duty kinds and hours at kindergarten scale (`npm run bench -- --only=dienste`): 50 families in
// two groups, Wasserdienst and nine other kinds (weekly, weekend, weekdays; per group or for the
// whole kindergarten; one or two families a date). Measured through the started app over HTTP, as
// an admin and a family use it:
//   - planning the ten kinds for a year: the ten `POST /api/admin/dienstarten/{id}/planen` (every
//     group of a kind in one call), one after the other — three years, one after the other, the
//     median counts;
//   - a family's calendar feed (`GET /api/kalender/<token>.ics`) holding every kind: the median
//     and p95 of many requests, one at a time;
//   - the admin's hours table of the 50 families (`GET /api/admin/stunden?jahr=`): the same.
import { randomUUID } from 'node:crypto';
import { registriereEltern } from '@waldkita/command-api/eltern/registriere-eltern';
import { legeGruppeAn } from '@waldkita/command-api/gruppe/lege-gruppe-an';
import { createTestDatabase } from '@waldkita/platform/testing/test-database';
import { removeTestQueues } from '@waldkita/platform/testing/test-queues';
import { loadAverage } from './processes.mjs';

const GRUPPEN = 2;
const FAMILIEN_PRO_GRUPPE = 25;

/** Nine kinds beside Wasserdienst, as a kindergarten defines them (docs/api-dienste.md). */
const DIENSTARTEN = [
  { name: 'Putzdienst', rhythmus: 'wochenende', bereich: 'kita', stunden: 3 },
  { name: 'Tee kochen', rhythmus: 'woche', aktivVonMonat: 11, aktivBisMonat: 3, bereich: 'gruppe', stunden: 0.5 },
  { name: 'Kochen', rhythmus: 'wochentage', wochentage: [1, 2, 3, 4, 5], bereich: 'gruppe', familienProTermin: 2, stunden: 2 },
  { name: 'Wäsche', rhythmus: 'woche', bereich: 'gruppe', stunden: 1 },
  { name: 'Gartenpflege', rhythmus: 'wochenende', aktivVonMonat: 4, aktivBisMonat: 10, bereich: 'kita', familienProTermin: 2, stunden: 3 },
  { name: 'Einkauf', rhythmus: 'wochentage', wochentage: [1, 4], bereich: 'kita', stunden: 1 },
  { name: 'Bollerwagen', rhythmus: 'woche', bereich: 'gruppe', stunden: 0.5 },
  { name: 'Müll', rhythmus: 'wochentage', wochentage: [5], bereich: 'gruppe', stunden: 0.25 },
  { name: 'Vorlesen', rhythmus: 'wochentage', wochentage: [2, 3], bereich: 'gruppe', stunden: 1 },
];

/** Median and p95 of `count` requests one after the other (after a few not counted), in ms. */
async function latencies(count, request) {
  for (let i = 0; i < 10; i++) await request();
  const times = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    await request();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const at = (p) => +times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(2);
  return { requests: count, medianMs: at(0.5), p95Ms: at(0.95) };
}

/**
 * `bench`: the helpers of bench/run.mjs — startApp(databaseUrl), openBenchRuntime(databaseUrl),
 * registriereBenchAdmin(runtime), signIn(baseUrl, email, password), call(baseUrl, token, method, url, body).
 */
export async function benchDienste({ quick }, bench) {
  const { startApp, openBenchRuntime, registriereBenchAdmin, signIn, call } = bench;
  const db = await createTestDatabase('waldkita_bench_dienste');
  let app = null;
  try {
    const runtime = await openBenchRuntime(db.databaseUrl);
    let familie;
    try {
      await registriereBenchAdmin(runtime);
      for (let g = 0; g < GRUPPEN; g++) {
        const { gruppeId } = await legeGruppeAn(runtime, `Gruppe ${g + 1}`, { actorId: null });
        for (let i = 0; i < FAMILIEN_PRO_GRUPPE; i++) {
          const eltern = {
            nachname: `Familie ${g + 1}-${i + 1}`,
            nameKind: `Kind ${i + 1}`,
            email: `dienste-${g}-${i}-${randomUUID()}@bench.example`,
            gruppeId,
            rollen: ['ROLE_ELTERN'],
            ...(g === 0 && i === 0 ? { passwort: 'bench-passwort' } : {}),
          };
          await registriereEltern(runtime, eltern, { actorId: null });
          if (g === 0 && i === 0) familie = eltern.email;
        }
      }
    } finally {
      await runtime.close();
    }
    app = await startApp(db.databaseUrl);
    const base = app.baseUrl;
    const admin = await signIn(base, 'leitung@bench.example', 'bench-passwort');
    const eltern = await signIn(base, familie, 'bench-passwort');
    await call(base, admin, 'POST', '/api/admin/confirm-holidays');
    const arten = ['wasserdienst'];
    for (const art of DIENSTARTEN) arten.push((await call(base, admin, 'POST', '/api/admin/dienstarten', art)).body.id);

    /** Waits until the read models have passed `position` (the query side stops marking reads stale). */
    const projected = async (position) => {
      for (const t0 = performance.now(); performance.now() - t0 < 120_000; ) {
        const r = await fetch(`${base}/api/dienstarten`, { headers: { authorization: `Bearer ${admin}`, 'x-min-position': position } });
        await r.arrayBuffer();
        if (r.headers.get('x-read-model-stale') !== 'true') return;
      }
      throw new Error('the read models did not catch up with the plans within 2 minutes');
    };

    const jahr = new Date().getFullYear() + 1;
    const planRuns = [];
    let position = null;
    let termine = 0;
    for (let run = 0; run < 3; run++) {
      const before = loadAverage();
      const t0 = performance.now();
      let vergeben = 0;
      const jeArt = [];
      for (const [i, id] of arten.entries()) {
        const t1 = performance.now();
        const { body, response } = await call(base, admin, 'POST', `/api/admin/dienstarten/${id}/planen`, {
          von: `${jahr + run}-01-01`,
          bis: `${jahr + run}-12-31`,
        });
        position = response.headers.get('x-event-position') ?? position;
        const zugewiesen = body.plaene.reduce((n, p) => n + p.zugewiesen, 0);
        vergeben += zugewiesen;
        jeArt.push(`${i === 0 ? 'Wasserdienst' : DIENSTARTEN[i - 1].name} ${zugewiesen}: ${(performance.now() - t1).toFixed(0)}`);
      }
      const ms = performance.now() - t0;
      termine = vergeben;
      planRuns.push({ ms: +ms.toFixed(1), termine: vergeben, loadAverage: [before, loadAverage()] });
      console.log(
        `  dienste: planned ten kinds for ${jahr + run} (${vergeben} dates) in ${ms.toFixed(0)} ms (kind dates: ms — ${jeArt.join(', ')})`,
      );
    }
    if (position) await projected(position);
    const plan = [...planRuns].sort((a, b) => a.ms - b.ms)[1];

    // The family's feed, now with every kind, and the admin's hours table of the first planned year.
    const { body: abo } = await call(base, eltern, 'POST', '/api/kalender/abo');
    const feedUrl = `${base}${new URL(abo.url).pathname}`;
    const ics = await (await fetch(feedUrl)).text();
    const eintraege = ics.split('BEGIN:VEVENT').length - 1;
    const count = quick ? 100 : 500;
    const feedBefore = loadAverage();
    const feed = await latencies(count, async () => {
      const r = await fetch(feedUrl);
      await r.arrayBuffer();
      if (r.status !== 200) throw new Error(`the calendar feed answered ${r.status}`);
    });
    feed.loadAverage = [feedBefore, loadAverage()];
    const stundenUrl = `${base}/api/admin/stunden?jahr=${jahr}`;
    const tabelle = (await call(base, admin, 'GET', `/api/admin/stunden?jahr=${jahr}`)).body;
    const stundenBefore = loadAverage();
    const stunden = await latencies(count, async () => {
      const r = await fetch(stundenUrl, { headers: { authorization: `Bearer ${admin}` } });
      await r.arrayBuffer();
      if (r.status !== 200) throw new Error(`the hours table answered ${r.status}`);
    });
    stunden.loadAverage = [stundenBefore, loadAverage()];
    return {
      families: GRUPPEN * FAMILIEN_PRO_GRUPPE,
      groups: GRUPPEN,
      kinds: arten.length,
      plan: { ...plan, runs: planRuns.map((r) => r.ms), lastTermine: termine },
      feed: { ...feed, entries: eintraege, bytes: Buffer.byteLength(ics) },
      stunden: { ...stunden, families: tabelle.familien.length },
    };
  } finally {
    await app?.stop();
    await removeTestQueues(`waldkita-${db.name}`).catch(() => undefined);
    await db.drop();
  }
}
