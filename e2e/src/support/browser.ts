import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page, type Request } from 'playwright-core';
import { expect, vi } from 'vitest';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../screenshots');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export const chromiumAvailable = existsSync(CHROMIUM);

// How long one browser test may take, in every test file that imports this module (vi.setConfig
// acts on the file it runs in): a walk through several screens at two widths, with axe and
// screenshots, takes 10–20 s on a quiet 2-core machine and three times that while the rest of the
// suite shares the cores, beyond the 30 s of the other tests. A test that sets its own keeps it.
vi.setConfig({ testTimeout: 120_000 });

/**
 * What went wrong in a browser context without the user's doing, one line each: errors on the
 * console, uncaught exceptions, requests that failed, and answers of 400 and above. Not counted: a
 * refused write (4xx to anything but GET), which answers what the user entered or clicked and is
 * shown to them; a 401, the server ending a session that is over; and whatever the test itself
 * fulfilled or aborted with `route`. Chromium's 'Failed to load resource' lines are left to the
 * answer they report.
 */
type Watch = { problems: string[]; allowed: RegExp[]; checked: boolean };
const watches = new WeakMap<BrowserContext, Watch>();
const MAX_TEXT = 200;

const shorten = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text);
const where = (url: string | undefined) => {
  if (!url) return '';
  try {
    const { pathname, search, protocol } = new URL(url);
    return protocol.startsWith('http') ? `${pathname}${search}` : shorten(url);
  } catch {
    return shorten(url);
  }
};

/** Requests a test answered or aborted itself through `route` (a failure made on purpose). */
const madeByTest = new WeakSet<Request>();

/** Marks every request whose route handler fulfils or aborts it, on `target.route(…)` from now on. */
function markRoutedFailures(target: Pick<Page, 'route'>) {
  const route = target.route.bind(target);
  target.route = (url, handler, options) =>
    route(
      url,
      (intercepted, request) => {
        const { abort, fulfill } = intercepted;
        intercepted.abort = (...args) => {
          madeByTest.add(request);
          return abort.apply(intercepted, args);
        };
        intercepted.fulfill = (...args) => {
          madeByTest.add(request);
          return fulfill.apply(intercepted, args);
        };
        return handler(intercepted, request);
      },
      options,
    );
}

/** Records every problem of `context` (and of each page it opens) from now on. */
export function watchConsole(context: BrowserContext): Watch {
  const existing = watches.get(context);
  if (existing) return existing;
  const watch: Watch = { problems: [], allowed: [], checked: false };
  watches.set(context, watch);
  markRoutedFailures(context);
  for (const page of context.pages()) markRoutedFailures(page);
  context.on('page', markRoutedFailures);
  const add = (problem: string) => watch.problems.push(problem);
  context.on('console', (message) => {
    if (message.type() !== 'error' || message.text().startsWith('Failed to load resource:')) return;
    add(`console error on ${where(message.page()?.url())}: ${shorten(message.text())}`);
  });
  context.on('weberror', (error) => add(`uncaught error on ${where(error.page()?.url())}: ${shorten(String(error.error()))}`));
  context.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? 'failed';
    // a request the page itself gave up (navigating away, a component unmounted): nobody waits for it
    if (reason === 'net::ERR_ABORTED' || madeByTest.has(request)) return;
    add(`request failed: ${request.method()} ${where(request.url())} (${reason})`);
  });
  context.on('response', (response) => {
    const status = response.status();
    const method = response.request().method();
    if (status < 400 || (status < 500 && method !== 'GET') || madeByTest.has(response.request())) return;
    // the server ending a session that is over (expired, or ended by a password change elsewhere):
    // the app answers it by signing out, which the tests check where it matters
    if (status === 401) return;
    add(`${method} ${where(response.url())} answered ${status}`);
  });
  return watch;
}

/**
 * Lets the problems matching `patterns` pass for the page's context: for tests that break
 * something on purpose (a stopped service, a route made to fail, an expired link).
 */
export function allowBrowserProblems(page: Page, ...patterns: RegExp[]) {
  watchConsole(page.context()).allowed.push(...patterns);
}

/** The problems of `context` no test allowed, so far. */
export const browserProblems = (context: BrowserContext): string[] => {
  const watch = watches.get(context);
  return watch ? watch.problems.filter((problem) => !watch.allowed.some((pattern) => pattern.test(problem))) : [];
};

/** Fails with the list of problems of `contexts` that no earlier call reported. */
function expectNoBrowserProblems(contexts: BrowserContext[]) {
  const problems: string[] = [];
  for (const context of contexts) {
    const watch = watches.get(context);
    if (!watch || watch.checked) continue;
    watch.checked = true;
    problems.push(...browserProblems(context));
  }
  if (problems.length > 0)
    throw new Error(`The browser reported ${problems.length} problem(s) no user caused:\n${problems.map((p) => `  ${p}`).join('\n')}`);
}

/**
 * Debian's Chromium, headless, with the flags this machine needs (no sandbox as root, no background
 * traffic). Every context it opens is watched (`watchConsole`): closing the context, or the browser,
 * fails with the list of console errors and failed requests that no user caused.
 */
export async function launchBrowser({ serviceWorkers = 'block' }: { serviceWorkers?: 'allow' | 'block' } = {}): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
  const contexts: BrowserContext[] = [];
  const newContext = browser.newContext.bind(browser);
  // browser.newPage opens its context through this.newContext: pages opened that way are watched too
  browser.newContext = async (options) => {
    // The service worker is the PWA test's subject (e2e/src/pwa.test.ts). Elsewhere it stays out:
    // its background precache would outlive the app a test stops, and page.route would not see what
    // it answers from its cache.
    // A German browser unless a test names another language: before sign-in the browser's languages
    // choose the portal's (docs/i18n.md), and Chromium on its own would say en-US.
    const context = await newContext({ serviceWorkers, locale: 'de-DE', ...options });
    watchConsole(context);
    contexts.push(context);
    const close = context.close.bind(context);
    context.close = async (closeOptions) => {
      await close(closeOptions);
      expectNoBrowserProblems([context]);
    };
    return context;
  };
  const closeBrowser = browser.close.bind(browser);
  browser.close = async (options) => {
    await closeBrowser(options);
    expectNoBrowserProblems(contexts);
  };
  return browser;
}

export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 800 };

/** Saves a screenshot under e2e/screenshots/ for people to look at. */
export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/**
 * Runs axe-core (WCAG 2.1 A/AA) in the page and fails with the list of violations, if any.
 * Finite animations (a toast fading in) finish first: axe would measure a half-transparent
 * element's contrast, which no user keeps seeing.
 */
export async function expectNoAxeViolations(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Evaluated through the DevTools protocol: the app's CSP (script-src 'self') stays in force.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global script
    const result = await (window as any).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations.map(
      (v: { id: string; help: string; nodes: { target: string[] }[] }) =>
        `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    );
  });
  expect(violations).toEqual([]);
}

/** The page fits the viewport's width: nothing to scroll sideways on a phone. */
export async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}
