import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources (the "source" export condition), so
// tests run against src without a build; `npm test` still builds first for the browser tests.
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    include: ['*/src/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    // Two test files run at once on two cores beside PostgreSQL, Redis and Chromium: whole-app tests
    // that sign in at the production password cost or start processes took over 30 s in CI there.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: true,
    maxWorkers: 2,
    // New password hashes at scrypt N = 2^12 instead of 2^17 (platform/src/auth/passwords.ts); the
    // sign-in load tests go back to the production cost.
    env: { WALDKITA_TEST_SCRYPT_N: '4096' },
    // expect.poll gives up after 1 s by default; while the suite loads both cores a browser's
    // first render after the prerendered frame, or a read model, can take longer than that (two
    // CI runs failed so). A poll that succeeds returns at once; only a failing one waits longer.
    expect: { poll: { timeout: 5000 } },
    reporters: ['default', './vitest.summary-reporter.ts'],
    // i18next-icu's ES build imports intl-messageformat's default export, which Node's own loader
    // resolves to the CommonJS module object; through Vite it gets the class, as in the browser.
    server: { deps: { inline: ['i18next-icu'] } },
  },
});
