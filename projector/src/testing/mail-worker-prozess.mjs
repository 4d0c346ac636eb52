// A mail worker in a process of its own, for tests that kill it mid-job (SIGKILL). Node runs
// JavaScript only, so Vite loads the TypeScript sources, as Vitest does for the tests themselves.
// Environment: the app's (DATABASE_URL, REDIS_URL, SMTP_URL, APP_URL, JWT_SECRET); argv[2]: tuning as JSON.
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const vite = await createServer({
  configFile: false,
  root,
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false },
  optimizeDeps: { noDiscovery: true, include: [] },
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
});
const { startMailWorkerProzess } = await vite.ssrLoadModule(fileURLToPath(new URL('./mail-worker-prozess.ts', import.meta.url)));
await startMailWorkerProzess(process.env, JSON.parse(process.argv[2] ?? '{}'));
console.log('mail worker ready');
