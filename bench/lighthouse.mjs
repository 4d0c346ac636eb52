// Lighthouse, mobile preset (Moto G Power emulation, simulated slow 4G and 4× CPU slowdown), the
// performance category: /login signed out, /dashboard and /wasserdienst signed in as a family of
// the demo kindergarten (`seed-demo`), and React's hello-world page (bench/hello-world) as the
// reference, served by the same server (a second app process with WEB_DIST pointing at it, its
// files compressed beside them as the web build does). Each page three times (`--quick`: once);
// the medians of score and LCP count. Chromium is started by chrome-launcher.
//
// `node bench/lighthouse.mjs [--quick]` after `npm run build`, or `npm run bench -- --only=lighthouse`.
import { createECDH } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { createTestDatabase } from '@waldkita/platform/testing/test-database';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { freePort, loadAverage, startProcess, stopAll } from './processes.mjs';
import { buildHelloWorld } from './web-weight.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const MAIN = path.join(here, '..', 'cli', 'dist', 'main.js');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const JWT_SECRET = 'bench-secret-0123456789-0123456789-0123456789';
/** A fixed VAPID key pair: production requires one (docs/push.md). */
const VAPID = {
  VAPID_PUBLIC_KEY: 'BFFH5jcemZB9SXsgXcLVfrNtGfIKuJid96vWY9LfLhxEiLzv7HOBQGJeCriYWV7arNIvFzPsdIPYRvA5Kg1B2mI',
  VAPID_PRIVATE_KEY: 'ol7xvq-2wNWkSEA8QXIrJ857_HVUaPVfGxj11fSPAKg',
};
/** A family of `seed-demo` (cli/src/commands/seed-demo.ts), group Füchse. */
const FAMILIE = { email: 'familie.fuchs@demo.waldkita.example', kennwort: 'waldkita-demo' };

/** A fresh VAPID key pair (P-256, base64url), as production requires one (docs/push.md). */
function vapidKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const privat = ecdh.getPrivateKey();
  return {
    VAPID_PUBLIC_KEY: ecdh.getPublicKey().toString('base64url'),
    VAPID_PRIVATE_KEY: Buffer.concat([Buffer.alloc(32 - privat.length), privat]).toString('base64url'),
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Open-Meteo's forecast endpoint, answered locally: the dashboard's weather card never asks the internet. */
async function startWetterStandIn() {
  const server = http.createServer((_request, response) => {
    const heute = new Date().toISOString().slice(0, 10);
    const morgen = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        latitude: 47.72,
        longitude: 10.32,
        timezone: 'Europe/Berlin',
        current_units: { time: 'iso8601', interval: 'seconds', temperature_2m: '°C' },
        current: { time: `${heute}T10:00`, interval: 900, temperature_2m: 12.5 },
        daily_units: { time: 'iso8601', temperature_2m_max: '°C', temperature_2m_min: '°C', precipitation_sum: 'mm' },
        daily: { time: [heute, morgen], temperature_2m_max: [16, 18], temperature_2m_min: [4, 6], precipitation_sum: [0, 1.2] },
      }),
    );
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/v1/forecast`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Writes a .br and a .gz beside every text file under `dir`, as the web build does (vite-plugin-compression2). */
function compressBeside(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) compressBeside(file);
    else if (/\.(js|css|html|svg)$/.test(name)) {
      const bytes = readFileSync(file);
      writeFileSync(`${file}.br`, brotliCompressSync(bytes));
      writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
    }
  }
}

/** Runs the built CLI once (`seed-demo`); fails with its output. */
async function runCli(args, env) {
  const { spawn } = await import('node:child_process');
  await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MAIN, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`cli ${args.join(' ')} exited with ${code}:\n${output}`))));
  });
}

/** The built app (every role) in a process of its own on `databaseUrl`; `webDist` replaces the web client. */
async function startApp(name, databaseUrl, env) {
  const port = await freePort();
  const app = await startProcess(name, MAIN, ['start'], {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    JWT_SECRET,
    ...VAPID,
    PORT: String(port),
    HOST: '127.0.0.1',
    ...env,
  });
  return { ...app, baseUrl: `http://127.0.0.1:${port}` };
}

/** Where whole reports go when LIGHTHOUSE_REPORTS names a folder (one JSON per run, to read in the Lighthouse viewer). */
const REPORTS = process.env.LIGHTHOUSE_REPORTS;

/** One Lighthouse run (mobile preset, performance only) of `url` in the running Chromium. */
async function audit(port, url) {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  if (REPORTS) {
    mkdirSync(REPORTS, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'root'}-${Date.now()}.json`;
    writeFileSync(path.join(REPORTS, name), result.report);
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = lhr.categories.performance.score;
  if (score === null) throw new Error(`Lighthouse ${url}: no performance score (${lhr.runWarnings.join('; ')})`);
  // A screen behind the gate that sent the browser to /login measured the wrong page.
  const landed = new URL(lhr.finalDisplayedUrl).pathname;
  if (landed !== new URL(url).pathname) throw new Error(`Lighthouse ${url} ended on ${landed}`);
  const ms = (id) => Math.round(lhr.audits[id].numericValue);
  const lcpElement = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null;
  const opportunities = Object.values(lhr.audits)
    .filter((a) => a.details?.type === 'opportunity' && (a.details.overallSavingsMs ?? 0) > 0)
    .map((a) => `${a.id} (${Math.round(a.details.overallSavingsMs)} ms)`);
  return {
    score: Math.round(score * 100),
    lcpMs: ms('largest-contentful-paint'),
    fcpMs: ms('first-contentful-paint'),
    tbtMs: ms('total-blocking-time'),
    speedIndexMs: ms('speed-index'),
    cls: +lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3),
    lcpElement,
    opportunities,
  };
}

/** Where CPU profiles go when LIGHTHOUSE_PROFILES names a folder: each screen once more, throttled as Lighthouse simulates it. */
const PROFILES = process.env.LIGHTHOUSE_PROFILES;

/**
 * Loads `url` in a fresh tab at Lighthouse's 4 × CPU slowdown with a cold cache and records a CPU
 * profile (`.cpuprofile`, for Chromium's DevTools) until the page has been quiet for 3 s. Prints the
 * stretches of the main thread that ran more than 50 ms without a break, each with the functions
 * that spent most of it: what makes Lighthouse's total blocking time.
 */
async function profilePage(chromePort, url, name) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chromePort}`, defaultViewport: null });
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    const cdp = await page.createCDPSession();
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(url, { waitUntil: 'networkidle0' });
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const { profile } = await cdp.send('Profiler.stop');
    await page.close();
    mkdirSync(PROFILES, { recursive: true });
    writeFileSync(path.join(PROFILES, `${name}.cpuprofile`), JSON.stringify(profile));
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    const idle = new Set(['(idle)', '(program)', '(garbage collector)']);
    // Busy stretches: samples of script in a row, broken by a gap of more than 1 ms of idle.
    const stretches = [];
    let t = profile.startTime;
    let current = null;
    profile.samples.forEach((id, i) => {
      t += profile.timeDeltas[i];
      const node = nodes.get(id);
      if (idle.has(node.callFrame.functionName) && node.callFrame.functionName !== '(garbage collector)') {
        if (current && t - current.end > 1000) current = null;
        return;
      }
      if (!current) {
        current = { start: t, end: t, self: new Map() };
        stretches.push(current);
      }
      current.end = t;
      const key = `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/').pop()}:${node.callFrame.lineNumber + 1}`;
      current.self.set(key, (current.self.get(key) ?? 0) + profile.timeDeltas[i]);
    });
    console.log(`  profile ${name}: ${path.join(PROFILES, `${name}.cpuprofile`)}`);
    for (const s of stretches.filter((x) => x.end - x.start > 50_000)) {
      const top = [...s.self].sort((a, b) => b[1] - a[1]).slice(0, 6);
      console.log(
        `    at ${((s.start - profile.startTime) / 1000).toFixed(0)} ms, ${((s.end - s.start) / 1000).toFixed(0)} ms: ${top.map(([k, us]) => `${k} ${(us / 1000).toFixed(0)}`).join(', ')}`,
      );
    }
  } finally {
    await browser.disconnect();
  }
}

/** `times` runs of one page: the median score and the median LCP, with every run's figures. */
async function auditPage(port, url, times) {
  const runs = [];
  const before = loadAverage();
  for (let i = 0; i < times; i++) runs.push(await audit(port, url));
  const middle = median(runs.map((r) => r.lcpMs));
  const chosen = runs.find((r) => r.lcpMs === middle);
  return {
    ...chosen,
    score: median(runs.map((r) => r.score)),
    scores: runs.map((r) => r.score),
    lcpRuns: runs.map((r) => r.lcpMs),
    loadAverage: [before, loadAverage()],
  };
}

/** Puts a session into the browser's localStorage for `baseUrl`, the way the login screen stores it. */
async function storeSession(chromePort, baseUrl, { jwt, eltern }) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chromePort}`, defaultViewport: null });
  try {
    const page = await browser.newPage();
    // A page of the app's origin that loads none of its files, so the HTTP cache stays cold.
    await page.goto(`${baseUrl}/api/public-config`);
    await page.evaluate(
      (token, user) => {
        localStorage.setItem('authToken', token);
        localStorage.setItem('userData', user);
      },
      jwt,
      JSON.stringify(eltern),
    );
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

/**
 * Lighthouse over /login, /dashboard, /wasserdienst and the hello-world. Answers per page the
 * median score and LCP (ms), and the LCP ratio to the hello-world's.
 */
export async function benchLighthouse({ quick = false } = {}) {
  const times = quick ? 1 : 3;
  const appDb = await createTestDatabase('waldkita_bench_lh');
  const helloDb = await createTestDatabase('waldkita_bench_lh_hello');
  const helloDir = mkdtempSync(path.join(os.tmpdir(), 'waldkita-hello-lh-'));
  const mailDir = mkdtempSync(path.join(os.tmpdir(), 'waldkita-lh-mail-'));
  const wetter = await startWetterStandIn();
  const started = [];
  let chrome = null;
  try {
    const env = { WEATHER_API_URL: wetter.url, MAIL_DIR: mailDir, ...vapidKeys() };
    await runCli(['seed-demo'], { NODE_ENV: 'production', DATABASE_URL: appDb.databaseUrl, JWT_SECRET, ...VAPID, ...env });
    await buildHelloWorld(helloDir);
    compressBeside(helloDir);
    const app = await startApp('the app', appDb.databaseUrl, env);
    started.push(app);
    const hello = await startApp('the hello-world server', helloDb.databaseUrl, { ...env, WEB_DIST: helloDir });
    started.push(hello);

    // The family's session once the projector has its read models (the gate asks current-user).
    let login;
    for (let i = 0; ; i++) {
      const response = await fetch(`${app.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(FAMILIE).toString(),
      });
      login = await response.json();
      if (response.status === 200) break;
      if (i >= 300) throw new Error(`sign-in of ${FAMILIE.email} answered ${response.status}: ${JSON.stringify(login)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (let i = 0; ; i++) {
      const response = await fetch(`${app.baseUrl}/api/wasserdienst/events`, { headers: { authorization: `Bearer ${login.jwt}` } });
      const dienste = response.status === 200 ? await response.json() : [];
      if (dienste.length > 0) break;
      if (i >= 300) throw new Error(`the demo rota did not reach the read model (${response.status})`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
    const pages = {};
    pages.helloWorld = await auditPage(chrome.port, `${hello.baseUrl}/`, times);
    console.log(`  lighthouse hello-world: ${pages.helloWorld.scores.join(', ')}, LCP ${pages.helloWorld.lcpRuns.join(', ')} ms`);
    pages.login = await auditPage(chrome.port, `${app.baseUrl}/login`, times);
    console.log(`  lighthouse /login: ${pages.login.scores.join(', ')}, LCP ${pages.login.lcpRuns.join(', ')} ms`);
    // Lighthouse clears the HTTP cache before each run but keeps localStorage (clearStorageTypes).
    await storeSession(chrome.port, app.baseUrl, login);
    for (const [key, screen] of [
      ['dashboard', '/dashboard'],
      ['wasserdienst', '/wasserdienst'],
    ]) {
      pages[key] = await auditPage(chrome.port, `${app.baseUrl}${screen}`, times);
      console.log(`  lighthouse ${screen}: ${pages[key].scores.join(', ')}, LCP ${pages[key].lcpRuns.join(', ')} ms`);
    }
    if (PROFILES) {
      await profilePage(chrome.port, `${hello.baseUrl}/`, 'hello-world');
      for (const screen of ['/dashboard', '/wasserdienst']) await profilePage(chrome.port, `${app.baseUrl}${screen}`, screen.slice(1));
    }
    for (const key of ['login', 'dashboard', 'wasserdienst']) pages[key].lcpRatio = +(pages[key].lcpMs / pages.helloWorld.lcpMs).toFixed(2);
    return { runs: times, ...pages };
  } finally {
    chrome?.kill();
    for (const child of started) await child.stop();
    await wetter.close();
    await appDb.drop();
    await helloDb.drop();
    rmSync(helloDir, { recursive: true, force: true });
    rmSync(mailDir, { recursive: true, force: true });
  }
}

/** Rows for bench/run.mjs's table: the hello-world first, then the three screens. */
export function lighthouseRows(result) {
  const names = {
    helloWorld: 'reference: Lighthouse React hello-world',
    login: 'Lighthouse /login',
    dashboard: 'Lighthouse /dashboard',
    wasserdienst: 'Lighthouse /wasserdienst',
  };
  return Object.entries(names).map(([key, what]) => {
    const page = result[key];
    return {
      what,
      value: `${page.score}, LCP ${page.lcpMs} ms`,
      detail: `mobile, median of ${result.runs}: scores ${page.scores.join(', ')}, LCP ${page.lcpRuns.join(', ')} ms; FCP ${page.fcpMs} ms, TBT ${page.tbtMs} ms, CLS ${page.cls}${page.lcpRatio ? `; LCP ratio ${page.lcpRatio}` : ''}`,
      target: key === 'helloWorld' ? '' : 'score ≥ 95, LCP ≤ 1.3×, TBT ≤ 3× hello-world, CLS 0',
      loadAverage: page.loadAverage,
    };
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  let exitCode = 0;
  try {
    const result = await benchLighthouse({ quick: process.argv.includes('--quick') });
    console.table(lighthouseRows(result).map(({ loadAverage: l, ...row }) => ({ ...row, load: l.join('–') })));
    for (const key of ['login', 'dashboard', 'wasserdienst', 'helloWorld'])
      console.log(`${key}: LCP element ${result[key].lcpElement}; opportunities: ${result[key].opportunities.join(', ') || 'none'}`);
  } catch (error) {
    console.error('lighthouse bench failed:', error);
    exitCode = 1;
  } finally {
    stopAll();
    process.exit(exitCode);
  }
}
