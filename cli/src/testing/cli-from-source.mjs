// The CLI (cli/src/main.ts) in a process of its own, straight from the TypeScript sources, for
// tests that watch it as an operator would: exit code and output. Node runs JavaScript only, so
// Vite loads the sources, as Vitest does for the tests themselves. Arguments as for the CLI.
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
// main.ts runs the command given in process.argv on import.
await vite.ssrLoadModule(fileURLToPath(new URL('../main.ts', import.meta.url)));
