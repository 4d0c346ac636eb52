// The nightly retention job's work in a process of its own (the built app), for the test that
// kills it with SIGKILL between and inside erasures (cli/src/loeschung-absturz.test.ts).
// Environment: the app's (DATABASE_URL, REDIS_URL, JWT_SECRET); argv[2]: the moment the job is for (ISO).
import { loadConfig, queuePrefix } from '@waldkita/platform/config';
import { loescheNachAufbewahrungsfrist } from '@waldkita/projector/datenschutz/aufbewahrung';
import { openRuntime } from '../../dist/runtime.js';

const config = loadConfig(process.env);
const runtime = await openRuntime(config, { redis: true });
const geloescht = await loescheNachAufbewahrungsfrist(
  { ...runtime, queuePrefix: queuePrefix(config), now: () => new Date(), retentionDays: config.RETENTION_DAYS },
  new Date(process.argv[2]),
);
console.log(`erased ${geloescht.length}`);
await runtime.close();
