import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { TokenService } from '@waldkita/platform/auth/tokens';
import { startTestSmtp, type TestSmtp } from '@waldkita/platform/testing/test-smtp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectQueueRedis } from '../runtime/jobs.js';
import { startTestWorkers, TEST_SECRET, type TestWorkers } from '../testing/test-workers.js';
import { MAIL_JOB_OPTIONS, mailJobId } from './mail-queue.js';
import { createMailTransport } from './mail-transport.js';
import { gesendetKey, startMailWorker } from './mail-worker.js';

const PROZESS = fileURLToPath(new URL('../testing/mail-worker-prozess.mjs', import.meta.url));
/** Short locks, so a dead worker's job is taken over within seconds instead of 30 s. */
const TUNING = { lockDuration: 1500, stalledInterval: 500 };
const adresse = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.org`;

/** Starts the mail worker in a process of its own; resolves once it takes jobs. */
function starteWorkerProzess(env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [PROZESS, JSON.stringify(TUNING)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let ausgabe = '';
  const bereit = new Promise<ChildProcess>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker process did not start:\n${ausgabe}`)), 30_000);
    const lies = (d: Buffer) => {
      ausgabe += d;
      if (ausgabe.includes('mail worker ready')) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout.on('data', lies);
    child.stderr.on('data', lies);
    child.once('exit', (code) => reject(new Error(`worker process exited (${code}):\n${ausgabe}`)));
  });
  return bereit;
}

describe('mail: a worker that dies mid-send', () => {
  let smtp: TestSmtp;
  let app: TestWorkers;
  let ersatz: ReturnType<typeof startMailWorker> | null = null;

  beforeAll(async () => {
    smtp = await startTestSmtp({ holdData: true });
    // Reactors and queues here; the only mail worker at first is the child process.
    app = await startTestWorkers({ smtpUrl: smtp.url, workerOptions: { mailWorker: false, tuning: TUNING } });
  });
  afterAll(async () => {
    await ersatz?.close();
    await app?.close();
    await smtp?.close();
  });

  const neuerWorker = async () => {
    const connection = await connectQueueRedis(app.config);
    const tokens = new TokenService(TEST_SECRET, 3600);
    const w = startMailWorker({
      connection,
      prefix: app.prefix,
      transport: createMailTransport(app.config),
      kontext: { appUrl: app.config.APP_URL, linkToken: (id) => tokens.passwortLinkToken(id) },
      log: { info: () => undefined, error: () => undefined },
      tuning: TUNING,
    });
    w.on('closed', () => connection.disconnect());
    ersatz = w;
    return w;
  };

  it('is killed (SIGKILL) while the SMTP server holds the message: a new worker sends it, and it arrives exactly once', async () => {
    const child = await starteWorkerProzess({
      DATABASE_URL: app.config.DATABASE_URL,
      SMTP_URL: smtp.url,
      APP_URL: app.config.APP_URL,
      JWT_SECRET: TEST_SECRET,
    });
    const email = adresse('absturz');
    const { elternId } = await app.familie({ nachname: 'Absturz', email, gruppeId: null, mitPasswort: false });
    await smtp.waitForHeld(20_000);
    const beendet = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await beendet;
    await app.warte(async () => smtp.stats.dropped === 1, 'the SMTP server to drop the unfinished message');
    expect(smtp.mails).toEqual([]);

    smtp.release();
    await neuerWorker();
    const mail = await smtp.waitForMail((m) => m.envelope.to.includes(email), 20_000);
    await app.mailsErledigt();
    expect(smtp.mails.filter((m) => m.envelope.to.includes(email))).toHaveLength(1);
    expect(smtp.stats.dataPhases).toBe(2);
    expect(mail.subject).toBe('Willkommen im Elternportal des Waldkindergartens');
    const [job] = await app.workers.mailQueue.getCompleted();
    expect(job?.id).toMatch(new RegExp(`-${elternId}$`));
  });

  it('does not send again a mail the server had accepted before the worker died (its job is retried)', async () => {
    // The state a crash right after the server's "250 OK" leaves: mail sent and marked, job not completed.
    const email = adresse('schongesendet');
    const id = mailJobId('ereignis-vor-dem-absturz', 'familie');
    const connection = await connectQueueRedis(app.config);
    await connection.set(gesendetKey(app.prefix, id), '1');
    connection.disconnect();
    const vorher = smtp.stats.dataPhases;
    await app.workers.mailQueue.add(
      'passwort-geaendert',
      {
        art: 'passwort-geaendert',
        an: { elternId: 'familie', email, nachname: 'Schon' },
        grund: 'aenderung',
        am: new Date().toISOString(),
      },
      { ...MAIL_JOB_OPTIONS, jobId: id },
    );
    await app.mailsErledigt();
    expect(await (await app.workers.mailQueue.getJob(id))?.isCompleted()).toBe(true);
    expect(smtp.stats.dataPhases).toBe(vorher);
    expect(smtp.mails.filter((m) => m.envelope.to.includes(email))).toEqual([]);
  });
});
