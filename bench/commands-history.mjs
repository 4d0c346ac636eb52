// Commands against long histories, in process through handleCommand (the path every command route
// takes): does a command cost the same after five seasons as on a fresh database, and how close does
// it come to a bare append?
//
// Each phase gets a database of its own with GRUPPEN groups of FAMILIEN families:
//   dienstplan-*:    per season a reset, 52 weekly duties and swap offers, most withdrawn again;
//                    1,500 events per group after five seasons
//   abwesenheiten-*: 100 events per family (absences reported and deleted again)
// Then 16 families at once, for SEKUNDEN seconds, each one command after another: report an absence,
// delete it, offer one of its duties for a swap, withdraw the offer. Phases:
//   frisch:     no history (the reference)
//   vollstaendig: five seasons, every command folds its whole stream (as without snapshots)
//   snapshot:   five seasons, deciders with their snapshot codec (the default)
// After each phase, in its database and as many at once as there are families: raw single-event
// appends (appendToStream with the expected revision, as the bench's `appends` part), the
// reference a command is compared with (issue 30: at least 0.8 of it, 2,000/s, p99 ≤ 50 ms).
// Every phase runs LAEUFE times; its line carries the medians (and each run's figures).
//
// Run after `npx tsc -b platform` (it uses the built packages): node bench/commands-history.mjs
// Env: SEKUNDEN (default 10, after AUFWAERMEN = 2 s not counted), GRUPPEN (2), FAMILIEN (8 per group),
// PHASEN (frisch,vollstaendig,snapshot), LAEUFE (3).
// A lost race (two conflicts in a row: the app's 409) is sent again and counted; any other
// refusal or error fails the run with exit 1.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { abwesenheitDecider, abwesenheitenStream } from '@waldkita/domain/abwesenheit/abwesenheit';
import { dienstplanDecider, dienstplanStream } from '@waldkita/domain/wasserdienst/dienstplan';
import { handleCommand } from '@waldkita/platform/command-handler';
import { WrongExpectedRevisionError } from '@waldkita/platform/event-store/event-store';
import { PostgresEventStore } from '@waldkita/platform/event-store/postgres-event-store';
import { createTestDatabase } from '@waldkita/platform/testing/test-database';

const SEKUNDEN = Number(process.env.SEKUNDEN ?? 10);
/** Run before measuring (JIT, pool, each stream's first fold), not counted. */
const AUFWAERMEN = Number(process.env.AUFWAERMEN ?? 2);
const GRUPPEN = Number(process.env.GRUPPEN ?? 2);
const FAMILIEN = Number(process.env.FAMILIEN ?? 8);
const PHASEN = (process.env.PHASEN ?? 'frisch,vollstaendig,snapshot').split(',');
const LAEUFE = Number(process.env.LAEUFE ?? 3);
const SAISONS = [2022, 2023, 2024, 2025, 2026];
const PLAN_EVENTS = 1500;
const ABWESENHEIT_EVENTS = 100;
/** The week the commands are decided in: the last season's week 10. */
const HEUTE = { jahr: 2026, kalenderwoche: 10 };

const ereignis = (type, data) => ({
  id: randomUUID(),
  type,
  data,
  metadata: { actorId: null, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() },
});

/** Five seasons of one group's plan; the last season's duties are the ones swapped now. */
function planHistorie(gruppeId, familien, mitHistorie) {
  const events = [];
  const saisons = mitHistorie ? SAISONS : SAISONS.slice(-1);
  const proSaison = Math.floor(PLAN_EVENTS / SAISONS.length);
  for (const [s, jahr] of saisons.entries()) {
    const start = events.length;
    if (s > 0) events.push(ereignis('DienstplanZurueckgesetzt', { gruppeId, importId: randomUUID() }));
    const dienste = [];
    for (let kw = 1; kw <= 52; kw++) {
      const dienst = { wasserdienstId: randomUUID(), elternId: familien[kw % familien.length], jahr, kalenderwoche: kw };
      dienste.push(dienst);
      events.push(ereignis('WasserdienstZugewiesen', { gruppeId, ...dienst }));
    }
    if (!mitHistorie) break;
    for (let i = 0; events.length - start < proSaison - 1; i++) {
      const d = dienste[i % dienste.length];
      const tauschId = randomUUID();
      const angebot = { gruppeId, tauschId, wasserdienstId: d.wasserdienstId, elternId: d.elternId };
      events.push(ereignis('TauschAngeboten', { ...angebot, jahr: d.jahr, kalenderwoche: d.kalenderwoche, nachricht: null }));
      events.push(ereignis('TauschZurueckgezogen', angebot));
    }
  }
  return events;
}

function abwesenheitHistorie(elternId, mitHistorie) {
  const events = [];
  for (let i = 0; mitHistorie && events.length < ABWESENHEIT_EVENTS; i++) {
    const a = { abwesenheitId: randomUUID(), elternId, jahr: SAISONS[i % SAISONS.length], kalenderwoche: 1 + (i % 52) };
    events.push(ereignis('AbwesenheitGemeldet', a));
    events.push(ereignis('AbwesenheitGeloescht', a));
  }
  return events;
}

async function append(store, stream, events) {
  for (let i = 0; i < events.length; i += 500) await store.appendToStream(stream, events.slice(i, i + 500), i === 0 ? 'no_stream' : i - 1);
}

const ohneSnapshot = (decider) => ({ ...decider, snapshot: undefined });

/** CPU time (ms) of this database's server processes (Linux /proc; Postgres on this machine). */
async function pgCpuMs(pool) {
  const { rows } = await pool.query('SELECT pid FROM pg_stat_activity WHERE datname = current_database()');
  const ms = new Map();
  for (const { pid } of rows) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ms.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS);
    } catch {
      // gone, or not on this machine
    }
  }
  return ms;
}
const TICKS = 100;

/**
 * CPU time from `ab` (a performance.now() time) on, per operation counted since: this process's
 * (user + system) and the database's server processes' (Postgres, same machine).
 */
function cpuAb(ab, pool) {
  let start = null;
  const timer = setTimeout(
    async () => {
      const app = process.cpuUsage();
      start = { app, pg: await pgCpuMs(pool).catch(() => null) };
    },
    Math.max(0, ab - performance.now()),
  );
  return {
    async msJe(anzahl) {
      clearTimeout(timer);
      if (start === null || anzahl === 0) return { app: null, pg: null };
      const { user, system } = process.cpuUsage(start.app);
      const pgNow = start.pg ? await pgCpuMs(pool).catch(() => null) : null;
      let pg = null;
      if (pgNow) {
        pg = 0;
        for (const [pid, ms] of pgNow) pg += ms - (start.pg.get(pid) ?? 0);
      }
      return {
        app: Number(((user + system) / 1000 / anzahl).toFixed(3)),
        pg: pg === null ? null : Number((pg / anzahl).toFixed(3)),
      };
    },
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const perzentil = (sortiert, q) => sortiert[Math.min(sortiert.length - 1, Math.floor(q * sortiert.length))];

/** Raw single-event appends: `writers` at once, each to a stream of its own, with the expected revision. */
async function rohAppends(store, writers, pool) {
  const dauern = [];
  const messenAb = performance.now() + AUFWAERMEN * 1000;
  const bis = messenAb + SEKUNDEN * 1000;
  const cpu = cpuAb(messenAb, pool);
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      const stream = `bench-roh-${w}-${randomUUID()}`;
      let expected = 'no_stream';
      while (performance.now() < bis) {
        const start = performance.now();
        const result = await store.appendToStream(stream, [ereignis('BenchEreignis', { w })], expected);
        if (start >= messenAb) dauern.push(performance.now() - start);
        expected = result.nextExpectedRevision;
      }
    }),
  );
  dauern.sort((a, b) => a - b);
  return {
    cpuMs: await cpu.msJe(dauern.length),
    proSekunde: Math.round(dauern.length / SEKUNDEN),
    p50: Number(perzentil(dauern, 0.5).toFixed(1)),
    p99: Number(perzentil(dauern, 0.99).toFixed(1)),
  };
}

/** A phase LAEUFE times: the medians of commands/s, p50, p99 and of the raw appends beside them. */
async function phase(name) {
  const laeufe = [];
  for (let i = 0; i < LAEUFE; i++) laeufe.push(await einLauf(name));
  const m = (key) => median(laeufe.map((l) => l[key]));
  const rohAppendsProSekunde = m('rohAppendsProSekunde');
  const proSekunde = m('proSekunde');
  return {
    phase: name,
    befehle: m('befehle'),
    proSekunde,
    p50: m('p50'),
    p99: m('p99'),
    verloreneRennen: m('verloreneRennen'),
    planEvents: laeufe[0].planEvents,
    abwesenheitEvents: laeufe[0].abwesenheitEvents,
    familien: GRUPPEN * FAMILIEN,
    rohAppendsProSekunde,
    rohAppendsP99: m('rohAppendsP99'),
    /** This process's CPU time per command and per raw append (the app's side only, not Postgres'). */
    cpuMsJeBefehl: m('cpuMsJeBefehl'),
    cpuMsJeRohAppend: m('cpuMsJeRohAppend'),
    /** The same for the database's server processes (Linux, Postgres on this machine; null elsewhere). */
    pgCpuMsJeBefehl: m('pgCpuMsJeBefehl'),
    pgCpuMsJeRohAppend: m('pgCpuMsJeRohAppend'),
    /** Commands/s over raw appends/s (medians of the same runs); issue 30's target: ≥ 0.8. */
    verhaeltnis: Number((proSekunde / rohAppendsProSekunde).toFixed(2)),
    laeufe: laeufe.map((l) => ({ proSekunde: l.proSekunde, p99: l.p99, rohAppendsProSekunde: l.rohAppendsProSekunde, last: l.last })),
  };
}

async function einLauf(name) {
  const mitHistorie = name !== 'frisch';
  const deciders =
    name === 'vollstaendig'
      ? { plan: ohneSnapshot(dienstplanDecider), abwesenheit: ohneSnapshot(abwesenheitDecider) }
      : { plan: dienstplanDecider, abwesenheit: abwesenheitDecider };
  const db = await createTestDatabase('waldkita_bench_history');
  const store = new PostgresEventStore(db.pool);
  try {
    const familien = [];
    for (let g = 0; g < GRUPPEN; g++) {
      const gruppeId = randomUUID();
      const eltern = Array.from({ length: FAMILIEN }, () => randomUUID());
      await append(store, dienstplanStream(gruppeId), planHistorie(gruppeId, eltern, mitHistorie));
      for (const elternId of eltern) {
        const events = abwesenheitHistorie(elternId, mitHistorie);
        if (events.length > 0) await append(store, abwesenheitenStream(elternId), events);
        familien.push({ elternId, gruppeId });
      }
    }
    const dauern = [];
    let verloreneRennen = 0;
    const messenAb = Date.now() + AUFWAERMEN * 1000;
    const bis = messenAb + SEKUNDEN * 1000;
    const cpu = cpuAb(performance.now() + AUFWAERMEN * 1000, db.pool);
    /** One command as one request; lost races (the app's 409) are sent again, each try counted. */
    const befehl = async (stream, decider, command, elternId) => {
      for (;;) {
        const start = performance.now();
        try {
          return await handleCommand(store, stream, decider, command, { actorId: elternId });
        } catch (error) {
          if (!(error instanceof WrongExpectedRevisionError)) throw error;
          if (Date.now() >= messenAb) verloreneRennen++;
        } finally {
          if (Date.now() >= messenAb) dauern.push(performance.now() - start);
        }
      }
    };
    // Each family knows its own duties in the swappable weeks from the plan as written.
    const eigene = new Map();
    for (const { elternId, gruppeId } of familien) {
      const { events } = await store.readStream(dienstplanStream(gruppeId));
      const letzte = events.filter((e) => e.type === 'WasserdienstZugewiesen' && e.data.jahr === HEUTE.jahr);
      eigene.set(
        elternId,
        letzte.filter(
          (e) =>
            e.data.elternId === elternId && e.data.kalenderwoche >= HEUTE.kalenderwoche && e.data.kalenderwoche < HEUTE.kalenderwoche + 12,
        ),
      );
    }
    const schleife = async ({ elternId, gruppeId }, f) => {
      const dienste = eigene.get(elternId);
      for (let runde = 0; Date.now() < bis; runde++) {
        const abwesenheitId = randomUUID();
        const stream = abwesenheitenStream(elternId);
        const woche = { jahr: 2027, kalenderwoche: 1 + ((f + runde) % 52) };
        const meldung = { abwesenheitId, elternId, ...woche, heute: '2026-03-02', aktuelleWoche: HEUTE, frist: null };
        await befehl(stream, deciders.abwesenheit, { type: 'MeldeAbwesenheit', data: meldung }, elternId);
        await befehl(stream, deciders.abwesenheit, { type: 'LoescheAbwesenheit', data: { abwesenheitId, elternId } }, elternId);
        if (dienste.length === 0) continue;
        const { wasserdienstId } = dienste[runde % dienste.length].data;
        const tauschId = randomUUID();
        const plan = dienstplanStream(gruppeId);
        await befehl(
          plan,
          deciders.plan,
          { type: 'BieteTauschAn', data: { gruppeId, tauschId, wasserdienstId, elternId, nachricht: null, heute: HEUTE } },
          elternId,
        );
        await befehl(plan, deciders.plan, { type: 'ZieheTauschZurueck', data: { gruppeId, tauschId, elternId } }, elternId);
      }
    };
    await Promise.all(familien.map(schleife));
    const cpuMs = await cpu.msJe(dauern.length);
    const sekunden = SEKUNDEN;
    const last = os.loadavg()[0];
    dauern.sort((a, b) => a - b);
    const p = (q) => perzentil(dauern, q);
    const roh = await rohAppends(store, familien.length, db.pool);
    const laengen = await db.pool.query(
      "SELECT max(revision) FILTER (WHERE stream_name LIKE 'dienstplan-%') AS plan, max(revision) FILTER (WHERE stream_name LIKE 'abwesenheiten-%') AS abw FROM streams",
    );
    return {
      phase: name,
      befehle: dauern.length,
      proSekunde: Math.round(dauern.length / sekunden),
      p50: Number(p(0.5).toFixed(1)),
      p99: Number(p(0.99).toFixed(1)),
      verloreneRennen,
      planEvents: Number(laengen.rows[0].plan) + 1,
      abwesenheitEvents: Number(laengen.rows[0].abw) + 1,
      rohAppendsProSekunde: roh.proSekunde,
      rohAppendsP99: roh.p99,
      cpuMsJeBefehl: cpuMs.app,
      cpuMsJeRohAppend: roh.cpuMs.app,
      pgCpuMsJeBefehl: cpuMs.pg,
      pgCpuMsJeRohAppend: roh.cpuMs.pg,
      last: Number(last.toFixed(2)),
    };
  } finally {
    await store.close();
    await db.drop();
  }
}

try {
  const ergebnisse = [];
  for (const name of PHASEN) {
    const ergebnis = await phase(name);
    ergebnisse.push(ergebnis);
    console.log(JSON.stringify(ergebnis));
  }
  console.log(
    `\n${os.cpus().length} cores, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}, ${GRUPPEN * FAMILIEN} families, ${SEKUNDEN} s per run, medians of ${LAEUFE} runs`,
  );
  console.table(ergebnisse.map(({ laeufe, ...rest }) => rest));
} catch (error) {
  console.error(error);
  process.exit(1);
}
