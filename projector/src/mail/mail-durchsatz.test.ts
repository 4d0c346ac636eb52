import { TokenService } from '@waldkita/platform/auth/tokens';
import { startTestSmtp, type TestSmtp } from '@waldkita/platform/testing/test-smtp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectQueueRedis } from '../runtime/jobs.js';
import { startTestWorkers, TEST_SECRET, type TestWorkers } from '../testing/test-workers.js';
import { createMailTransport } from './mail-transport.js';
import { startMailWorker } from './mail-worker.js';

const FAMILIEN = 1000;

/** Runs `task` over 0…n-1, `limit` at a time, as the import does. */
async function parallel(n: number, limit: number, task: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < n) await task(next++);
    }),
  );
}

describe('mail throughput: the welcome mails of an import of 1,000 families', () => {
  let smtp: TestSmtp;
  let app: TestWorkers;
  let worker: ReturnType<typeof startMailWorker> | null = null;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    // The reactor queues the mails; the worker starts only once all 1,000 jobs wait, so it is timed alone.
    app = await startTestWorkers({ smtpUrl: smtp.url, workerOptions: { mailWorker: false } });
  });
  afterAll(async () => {
    await worker?.close();
    await app?.close();
    await smtp?.close();
  });

  it('sends every welcome mail exactly once and reports mails per second', async () => {
    const gruppeId = await app.gruppe('Füchse');
    const beginn = performance.now();
    await parallel(FAMILIEN, 8, async (i) => {
      await app.familie({ nachname: `Familie${i}`, email: `familie${i}@example.org`, gruppeId, mitPasswort: false });
    });
    const angelegt = performance.now();
    await app.verarbeitet();
    await app.warte(async () => (await app.workers.mailQueue.getWaitingCount()) === FAMILIEN, '1,000 waiting mail jobs', 60_000);
    const eingereiht = performance.now();

    const connection = await connectQueueRedis(app.config);
    const tokens = new TokenService(TEST_SECRET, 3600);
    const start = performance.now();
    const w = startMailWorker({
      connection,
      prefix: app.prefix,
      transport: createMailTransport(app.config),
      kontext: { appUrl: app.config.APP_URL, linkToken: (id) => tokens.passwortLinkToken(id) },
      log: { info: () => undefined, error: () => undefined },
    });
    w.on('closed', () => connection.disconnect());
    worker = w;
    await smtp.waitForMails(FAMILIEN, () => true, 120_000);
    const sekunden = (performance.now() - start) / 1000;
    await app.mailsErledigt();

    const adressen = smtp.mails.flatMap((m) => m.envelope.to);
    expect(adressen).toHaveLength(FAMILIEN);
    expect(new Set(adressen).size).toBe(FAMILIEN);
    const proSekunde = FAMILIEN / sekunden;
    console.log(
      `mail throughput: ${FAMILIEN} welcome mails in ${sekunden.toFixed(2)} s = ${proSekunde.toFixed(0)} mails/s ` +
        `(worker concurrency 5, pooled SMTP, in-process server parsing every mail); ` +
        `appending 1,000 registrations took ${((angelegt - beginn) / 1000).toFixed(2)} s, projecting and queueing them ${((eingereiht - angelegt) / 1000).toFixed(2)} s`,
    );
    // Far below what it does even on a busy 2-core machine (26–55 mails/s): catches a worker that sends one at a time with pauses.
    expect(proSekunde).toBeGreaterThan(5);
  }, 240_000);
});
