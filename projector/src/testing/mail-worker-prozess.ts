import { TokenService } from '@waldkita/platform/auth/tokens';
import { loadConfig } from '@waldkita/platform/config';
import { createMailTransport } from '../mail/mail-transport.js';
import { startMailWorker } from '../mail/mail-worker.js';
import { connectQueueRedis, projectorLog, queuePrefix, type WorkerTuning } from '../runtime/jobs.js';

/** A mail worker alone, as a process of its own runs it (see mail-worker-prozess.mjs): tests kill it mid-job. */
export async function startMailWorkerProzess(env: NodeJS.ProcessEnv, tuning: WorkerTuning) {
  const config = loadConfig(env);
  const connection = await connectQueueRedis(config);
  const tokens = new TokenService(config.JWT_SECRET!, config.JWT_TTL_SECONDS);
  const worker = startMailWorker({
    connection,
    prefix: queuePrefix(config),
    transport: createMailTransport(config),
    kontext: { appUrl: config.APP_URL, linkToken: (linkId) => tokens.passwortLinkToken(linkId) },
    log: projectorLog(),
    tuning,
  });
  await worker.waitUntilReady();
  return worker;
}
