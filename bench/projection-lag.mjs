// Projection lag under a steady write load: how long after a command's append commits do the read
// models (the projector's checkpoint) include it?
//
// The app runs as in production (`node cli/dist/main.js start`: command-api, query-api, projector,
// reactors and mail worker in one process), its mails sent through a real SMTP server in this
// process (smtp-server: every message received over SMTP and counted, then dropped). The
// load comes from this process over HTTP, paced at RATE commands/s: GRUPPEN groups of FAMILIEN
// families, one chain of commands per group, one command after another; each family reports an
// absence and deletes it again, and per round one family of the group offers one of its duties for
// a swap and withdraws the offer (which mails the group's other families). A chain waits for the
// next slot of the pace; when every chain is busy the slots fall behind and the achieved rate says so.
//
// How lag is measured: one connection of this process LISTENs on the log's channel (every append
// notifies with its stream's name once it has committed, before the app answers) and on the
// projector's channel (every batch notifies with its new checkpoint once that has committed).
// Every stream gets at most one command at a time (its chain's), so the k-th commit notice of a
// stream belongs to the k-th command on it; its position comes from the answer's X-Event-Position.
// The commit happened before both its notice and the answer arrived: the earlier of the two is
// taken as its moment. Lag = arrival of the first checkpoint ≥ that position − that moment (0 when
// the checkpoint came first); the figure is low by the time from the commit to that first signal.
// An append that goes as one statement notifies in that statement, so its notice leaves with the
// commit; an append in a transaction notifies in a statement after it (one local round trip).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { registriereEltern } from '@waldkita/command-api/eltern/registriere-eltern';
import { legeGruppeAn } from '@waldkita/command-api/gruppe/lege-gruppe-an';
import { weiseWasserdiensteZu } from '@waldkita/command-api/wasserdienst/weise-wasserdienste-zu';
import { abwesenheitenStream } from '@waldkita/domain/abwesenheit/abwesenheit';
import { aktuelleWoche, wochenAb } from '@waldkita/domain/kalender/iso-woche';
import { dienstplanStream, TAUSCH_WOCHEN } from '@waldkita/domain/wasserdienst/dienstplan';
import { loadConfig } from '@waldkita/platform/config';
import { comparePositions, parsePosition } from '@waldkita/platform/event-store/event-store';
import { PROJECTED_CHANNEL } from '@waldkita/platform/read-models';
import { createTestDatabase } from '@waldkita/platform/testing/test-database';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { openRuntime } from '../cli/dist/runtime.js';
import { freePort, loadAverage, medianOf, startProcess } from './processes.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const MAIN = path.join(here, '..', 'cli', 'dist', 'main.js');
const JWT_SECRET = 'bench-lag-secret-0123456789-0123456789-0123456789';
/** A fixed VAPID key pair: production requires one (docs/push.md). */
const VAPID = {
  VAPID_PUBLIC_KEY: 'BFFH5jcemZB9SXsgXcLVfrNtGfIKuJid96vWY9LfLhxEiLzv7HOBQGJeCriYWV7arNIvFzPsdIPYRvA5Kg1B2mI',
  VAPID_PRIVATE_KEY: 'ol7xvq-2wNWkSEA8QXIrJ857_HVUaPVfGxj11fSPAKg',
};
/** The channel every append notifies on (platform/src/event-store/postgres-event-store.ts). */
const EVENTS_CHANNEL = 'waldkita_events';

/** Commands a second; LAG_RATE sets another pace (e.g. 200, to compare with a lighter load). */
const RATE = Number(process.env.LAG_RATE ?? 1000);
/** Chains of commands at once: enough that 1,000 commands/s do not wait on the answers of the previous ones. */
const GRUPPEN = 48;
const FAMILIEN = 3;
const AUFWAERMEN_S = 2;
/** How long to wait, after the load, for the projector to cover the last command. */
const NACHLAUF_MS = 30_000;

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const round2 = (x) => +x.toFixed(2);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Groups, families and their duties in the swappable weeks, written through the command functions. */
async function seed(databaseUrl) {
  const runtime = await openRuntime(
    loadConfig({ ...process.env, NODE_ENV: 'production', DATABASE_URL: databaseUrl, JWT_SECRET, ...VAPID }),
    {
      redis: false,
    },
  );
  try {
    const wochen = wochenAb(aktuelleWoche(new Date()), TAUSCH_WOCHEN);
    const gruppen = [];
    for (let g = 0; g < GRUPPEN; g++) {
      const { gruppeId } = await legeGruppeAn(runtime, `Lag-Gruppe ${g}`, { actorId: null });
      const familien = [];
      for (let f = 0; f < FAMILIEN; f++) {
        const email = `lag-${g}-${f}@bench.example`;
        const ergebnis = await registriereEltern(
          runtime,
          { nachname: `Familie${g}x${f}`, nameKind: `Kind${f}`, email, gruppeId, rollen: ['ROLE_ELTERN'] },
          { actorId: null },
        );
        const token = await runtime.tokens.sign({ sub: ergebnis.elternId, email, gruppeId, roles: ['ROLE_ELTERN'], sv: 0 });
        familien.push({ elternId: ergebnis.elternId, token, dienste: [] });
      }
      const { zuweisungen } = await weiseWasserdiensteZu(
        runtime,
        gruppeId,
        wochen.map((woche, i) => ({ ...woche, elternId: familien[i % FAMILIEN].elternId })),
        { actorId: null },
      );
      for (const z of zuweisungen) familien.find((f) => f.elternId === z.elternId).dienste.push(z.wasserdienstId);
      gruppen.push({ gruppeId, familien });
    }
    return gruppen;
  } finally {
    await runtime.close();
  }
}

/**
 * A real SMTP server for the app's mails (no TLS, any sender and recipient): each message is read
 * to its end and counted, as a mail server would take it, and dropped.
 */
async function startSmtp() {
  const stats = { mails: 0, recipients: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 100,
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        stats.mails++;
        stats.recipients += session.envelope.rcptTo.length;
        callback(null, 'OK');
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    stats,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** CPU time (user + system) a process has used so far, in ms (Linux: /proc/<pid>/stat; elsewhere null). */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/** The listening connection: commit notices per stream and the projector's checkpoints, with their arrival times. */
async function listen(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const commits = new Map();
  const checkpoints = [];
  client.on('notification', ({ channel, payload }) => {
    const t = performance.now();
    if (channel === EVENTS_CHANNEL) {
      // "stream@revision": the stream's commits in order
      const stream = payload.slice(0, payload.lastIndexOf('@'));
      const list = commits.get(stream);
      if (list) list.push(t);
      else commits.set(stream, [t]);
    } else if (channel === PROJECTED_CHANNEL) {
      const position = parsePosition(payload);
      if (position) checkpoints.push({ t, position });
    }
  });
  await client.query(`LISTEN ${EVENTS_CHANNEL}`);
  await client.query(`LISTEN ${PROJECTED_CHANNEL}`);
  return { client, commits, checkpoints };
}

/** One timed command over HTTP; any answer but 2xx fails the run. */
async function befehl(baseUrl, token, method, url, body) {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
  const position = parsePosition(response.headers.get('x-event-position') ?? '');
  if (!position) throw new Error(`${method} ${url} answered without X-Event-Position`);
  return { position, response, text };
}

/** One run: AUFWAERMEN_S s of load not counted, then `seconds` s counted. */
async function lauf(baseUrl, databaseUrl, gruppen, seconds, run, smtp, appPid) {
  const listener = await listen(databaseUrl);
  const mailsBefore = smtp.stats.mails;
  const cpuBefore = cpuMs(appPid);
  try {
    const intervalMs = 1000 / RATE;
    const start = performance.now() + 50;
    const messenAb = start + AUFWAERMEN_S * 1000;
    const bis = messenAb + seconds * 1000;
    let naechster = start;
    let spaet = 0;
    /**
     * Waits for the next slot of the pace (RATE a second); a chain that comes late takes the next
     * free slot, but slots missed while every chain was busy are not caught up later, so the load
     * never exceeds RATE and the achieved rate shows how much of it the app kept up with. Answers
     * false once the run is over, except for the second command of a pair (`abschliessen`), which
     * always runs so that no absence or offer stays open for the next run.
     */
    const naechsterSlot = async (abschliessen = false) => {
      const now = performance.now();
      if (now >= bis && !abschliessen) return false;
      if (naechster < now - intervalMs) {
        if (now >= messenAb) spaet += Math.floor((now - naechster) / intervalMs);
        naechster = now;
      }
      const at = naechster;
      naechster += intervalMs;
      if (at > now) await sleep(at - now);
      return true;
    };
    /** Every command, in the order sent per stream; counted when sent within the measured window. */
    const gesendet = [];
    const senden = async (stream, token, method, url, body) => {
      const t0 = performance.now();
      const eintrag = { stream, t0, gezaehlt: t0 >= messenAb && t0 < bis };
      gesendet.push(eintrag);
      const result = await befehl(baseUrl, token, method, url, body);
      eintrag.t1 = performance.now();
      eintrag.position = result.position;
      return result;
    };
    const kette = async ({ gruppeId, familien }, g) => {
      for (let runde = 0; ; runde++) {
        for (const [f, familie] of familien.entries()) {
          const stream = abwesenheitenStream(familie.elternId);
          const woche = { jahr: new Date().getFullYear() + 1, kalenderwoche: 1 + ((runde * FAMILIEN + f + g) % 52) };
          if (!(await naechsterSlot())) return;
          const { text } = await senden(stream, familie.token, 'POST', '/api/abwesenheit', woche);
          await naechsterSlot(true);
          await senden(stream, familie.token, 'DELETE', `/api/abwesenheit/${JSON.parse(text).id}`);
        }
        const anbieter = familien[runde % familien.length];
        const wasserdienstId = anbieter.dienste[runde % anbieter.dienste.length];
        const plan = dienstplanStream(gruppeId);
        if (!(await naechsterSlot())) return;
        const { response } = await senden(plan, anbieter.token, 'POST', '/api/tausch', {
          elternId: anbieter.elternId,
          wasserdienstId,
        });
        await naechsterSlot(true);
        await senden(plan, anbieter.token, 'DELETE', `/api/tausch/${response.headers.get('x-tausch-id')}`);
      }
    };
    await Promise.all(gruppen.map(kette));
    const last = gesendet.reduce((a, b) => (comparePositions(a.position, b.position) >= 0 ? a : b)).position;
    const nachlaufBis = performance.now() + NACHLAUF_MS;
    while (!listener.checkpoints.some((c) => comparePositions(c.position, last) >= 0)) {
      if (performance.now() > nachlaufBis) throw new Error(`the projector did not reach the last command within ${NACHLAUF_MS / 1000} s`);
      await sleep(20);
    }
    // The k-th commit notice of a stream belongs to the k-th command on it.
    const proStream = new Map();
    for (const e of gesendet) proStream.set(e.stream, [...(proStream.get(e.stream) ?? []), e]);
    const lags = [];
    /** The same from the answer's arrival alone: not shifted by when the commit notice leaves. */
    const lagsNachAntwort = [];
    const dauern = [];
    for (const [stream, befehle] of proStream) {
      const notices = listener.commits.get(stream) ?? [];
      if (notices.length !== befehle.length)
        throw new Error(`stream ${stream}: ${befehle.length} commands but ${notices.length} commit notices — cannot pair them`);
      befehle.forEach((e, k) => {
        if (!e.gezaehlt) return;
        const commit = Math.min(notices[k], e.t1);
        const covered = listener.checkpoints.find((c) => comparePositions(c.position, e.position) >= 0);
        lags.push(Math.max(0, covered.t - commit));
        lagsNachAntwort.push(Math.max(0, covered.t - e.t1));
        dauern.push(e.t1 - e.t0);
      });
    }
    lags.sort((a, b) => a - b);
    lagsNachAntwort.sort((a, b) => a - b);
    dauern.sort((a, b) => a - b);
    const gezaehlt = gesendet.filter((e) => e.gezaehlt);
    const ergebnis = {
      commands: gezaehlt.length,
      seconds,
      targetRate: RATE,
      commandsPerSecond: Math.round(gezaehlt.length / seconds),
      missedSlots: spaet,
      lagP50Ms: round2(percentile(lags, 50)),
      lagP95Ms: round2(percentile(lags, 95)),
      lagP99Ms: round2(percentile(lags, 99)),
      lagMaxMs: round2(lags.at(-1)),
      lagAfterAnswerP50Ms: round2(percentile(lagsNachAntwort, 50)),
      lagAfterAnswerP99Ms: round2(percentile(lagsNachAntwort, 99)),
      commandP50Ms: round2(percentile(dauern, 50)),
      commandP99Ms: round2(percentile(dauern, 99)),
      checkpoints: listener.checkpoints.length,
      /** Mails the SMTP server received during the run (warm-up and the wait after the load included). */
      mailsSent: smtp.stats.mails - mailsBefore,
      /**
       * The app's CPU time (user + system, clock ticks of 10 ms) per command sent in the run,
       * warm-up included: what a command costs the app, much less sensitive to other load than lag.
       */
      appCpuMsPerCommand: cpuBefore === null ? null : round2((cpuMs(appPid) - cpuBefore) / gesendet.length),
      loadAverageAtEnd: loadAverage(),
    };
    console.log(
      `  lag run ${run + 1}/3: ${ergebnis.commandsPerSecond} of ${RATE} commands/s, lag p50 ${ergebnis.lagP50Ms} ms, p99 ${ergebnis.lagP99Ms} ms, max ${ergebnis.lagMaxMs} ms; ${ergebnis.mailsSent} mails over SMTP; app CPU ${ergebnis.appCpuMsPerCommand} ms/command; load average ${ergebnis.loadAverageAtEnd}`,
    );
    return ergebnis;
  } finally {
    await listener.client.end();
  }
}

/**
 * The projection-lag part of `npm run bench` (`--only=lag`): a database and an app of its own,
 * three runs of `seconds` seconds at RATE commands/s; the run with the median lag p99 counts.
 */
export async function benchProjectionLag({ seconds }) {
  const db = await createTestDatabase('waldkita_bench_lag');
  const smtp = await startSmtp();
  let app = null;
  try {
    const gruppen = await seed(db.databaseUrl);
    const port = await freePort();
    app = await startProcess('the app', MAIN, ['start'], {
      NODE_ENV: 'production',
      DATABASE_URL: db.databaseUrl,
      JWT_SECRET,
      ...VAPID,
      PORT: String(port),
      HOST: '127.0.0.1',
      SMTP_URL: smtp.url,
    });
    const baseUrl = `http://127.0.0.1:${port}`;
    const result = await medianOf('lagP99Ms', async (run) => {
      const ergebnis = await lauf(baseUrl, db.databaseUrl, gruppen, seconds, run, smtp, app.pid);
      if (!app.alive()) throw new Error('the app exited during the projection-lag bench');
      return ergebnis;
    });
    return { ...result, groups: GRUPPEN, familiesPerGroup: FAMILIEN };
  } finally {
    await app?.stop();
    await smtp.close();
    await db.drop();
  }
}

// `node bench/projection-lag.mjs [seconds]` (after `npm run build`): this part alone, 60 s a run
// unless told otherwise, its figures printed as JSON.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = await benchProjectionLag({ seconds: Number(process.argv[2] ?? 60) });
  console.log(JSON.stringify(result, null, 2));
  process.exit(0);
}
