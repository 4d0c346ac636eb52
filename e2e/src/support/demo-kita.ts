import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { DESKTOP, launchBrowser } from './browser.js';
import { type BuiltApp, startBuiltApp } from './built-app.js';
import { apiLogin, DEMO_PASSWORD, demoEmail, type Login, openSignedIn } from './session.js';

export type DemoKitaOptions = {
  /**
   * Extra environment of the app (`startBuiltApp`). A function is read when the app starts, so it
   * may name a stand-in (weather, SMTP) that a `beforeAll` registered before `demoKita` started.
   */
  env?: NodeJS.ProcessEnv | (() => NodeJS.ProcessEnv);
  /** 'allow' only where the service worker is under test (pwa, push-karte); see `launchBrowser`. */
  serviceWorkers?: 'allow' | 'block';
  /** false: the app starts with an empty database, without `seed-demo`. */
  seed?: boolean;
  /** false: the app alone, without Chromium (`browser` and the pages are not available). */
  browser?: boolean;
};

type Viewport = { width: number; height: number };

/** Start, migration and `seed-demo` (two dozen scrypt hashes) take a minute or two on a busy machine. */
const START_TIMEOUT_MS = 180_000;
const SEED_TIMEOUT_MS = 120_000;

/**
 * The demo kindergarten for one describe block of browser tests: registers the hooks that start
 * the built app on a fresh database, seed it with `seed-demo` and launch Chromium (beforeAll),
 * close every context a test opened (afterEach: closing fails the test with the browser problems
 * no user caused, see `launchBrowser`), and close the browser and stop the app (afterAll).
 *
 * Call it inside `describe`. Hooks of the file run in the order registered and the after-hooks in
 * reverse: a stand-in the app needs is started in a `beforeAll` registered before `demoKita` (and
 * closed after the app stops); setup that needs the seeded app goes in a `beforeAll` registered
 * after it. `app`, `baseUrl` and `browser` are getters, readable once the hooks have run; the
 * functions may be destructured (`const { login, openAs } = kita`).
 */
export function demoKita<Eltern = unknown>({
  env,
  serviceWorkers = 'block',
  seed = true,
  browser: mitBrowser = true,
}: DemoKitaOptions = {}) {
  let app: BuiltApp | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    app = await startBuiltApp(typeof env === 'function' ? env() : env);
    if (seed) {
      const seeded = await app.cli(['seed-demo'], SEED_TIMEOUT_MS);
      expect(seeded.code, seeded.stderr).toBe(0);
    }
    if (mitBrowser) browser = await launchBrowser({ serviceWorkers });
  }, START_TIMEOUT_MS);
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    try {
      await browser?.close();
    } finally {
      await app?.stop();
    }
  });

  const laufendeApp = () => {
    if (!app) throw new Error('demoKita: the app is not running (its beforeAll has not run or failed)');
    return app;
  };
  const laufenderBrowser = () => {
    if (!browser) throw new Error('demoKita: no browser (its beforeAll has not run or failed, or it was started with browser: false)');
    return browser;
  };

  /**
   * Signs in through the API as `wer`: an e-mail address, or the surname of a demo family
   * ('Fuchs' → familie.fuchs@demo.waldkita.example), with the demo password unless told otherwise.
   */
  const login = <E = Eltern>(wer: string, kennwort = DEMO_PASSWORD): Promise<Login<E>> =>
    apiLogin<E>(laufendeApp().baseUrl, wer.includes('@') ? wer : demoEmail(wer), kennwort);

  /**
   * A fresh browser context signed in as `wer` (a login, or whom `login` takes), opened at `path`
   * (`openSignedIn`); closed after the test. `vorDemLaden` runs on the context before the first load.
   */
  const openAs = async (
    wer: Login | string,
    path: string,
    viewport: Viewport = DESKTOP,
    options: { vorDemLaden?: (context: BrowserContext) => Promise<unknown> } = {},
  ): Promise<Page> => {
    const who = typeof wer === 'string' ? await login(wer) : wer;
    return openSignedIn(laufenderBrowser(), contexts, laufendeApp().baseUrl, who, path, viewport, options);
  };

  /** A browser context with exactly these options (nobody signed in), closed after the test. */
  const newContext = async (options: BrowserContextOptions): Promise<BrowserContext> => {
    const context = await laufenderBrowser().newContext(options);
    contexts.push(context);
    return context;
  };

  return {
    /** The built app: `baseUrl`, `env`, `databaseUrl`, `cli([...])`. */
    get app(): BuiltApp {
      return laufendeApp();
    },
    get baseUrl(): string {
      return laufendeApp().baseUrl;
    },
    get browser(): Browser {
      return laufenderBrowser();
    },
    /** The contexts closed after the current test (for `openSignedIn` against another app). */
    contexts,
    login,
    openAs,
    newContext,
  };
}
