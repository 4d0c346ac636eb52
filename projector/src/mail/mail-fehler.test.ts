import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseMail, startTestSmtp, type TestSmtp } from '@waldkita/platform/testing/test-smtp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestWorkers, type TestWorkers } from '../testing/test-workers.js';
import { MAIL_JOB_OPTIONS } from './mail-queue.js';

const adresse = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.org`;
const BACKOFF_MS = 300;

describe('mail: an SMTP server that refuses', () => {
  let smtp: TestSmtp;
  let app: TestWorkers;
  let gruppeId: string;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    // the production retry policy with a short first delay: 300 ms, 600 ms, 1.2 s …
    app = await startTestWorkers({
      smtpUrl: smtp.url,
      workerOptions: { mailJobOptions: { ...MAIL_JOB_OPTIONS, attempts: 4, backoff: { type: 'exponential', delay: BACKOFF_MS } } },
    });
    gruppeId = await app.gruppe('Füchse');
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('is tried again with growing pauses, and the mail arrives once', async () => {
    smtp.failNext(2);
    const start = smtp.stats.dataPhases;
    const email = adresse('geduldig');
    await app.familie({ nachname: 'Geduldig', email, gruppeId, mitPasswort: false });
    await smtp.waitForMail((m) => m.envelope.to.includes(email));
    await app.mailsErledigt();
    expect(smtp.mails.filter((m) => m.envelope.to.includes(email))).toHaveLength(1);
    expect(smtp.stats.dataPhases - start).toBe(3);
    const [a, b, c] = smtp.stats.dataPhaseTimes.slice(start);
    expect(b! - a!).toBeGreaterThanOrEqual(BACKOFF_MS);
    expect(c! - b!).toBeGreaterThanOrEqual(2 * BACKOFF_MS);
    expect(app.logZeilen.filter((z) => z.level === 'error')).toEqual([]);
  });

  it("keeps failing: lands in the failed set and is logged at error level with the family's id, subject and reason", async () => {
    smtp.failAll(451);
    const start = smtp.stats.dataPhases;
    const email = adresse('unerreichbar');
    const { elternId } = await app.familie({ nachname: 'Unerreichbar', email, gruppeId, mitPasswort: false });
    await app.warte(async () => (await app.workers.mailQueue.getFailedCount()) === 1, 'the failed job', 20_000);
    smtp.acceptAll();
    const [failed] = await app.workers.mailQueue.getFailed();
    expect(failed).toMatchObject({
      name: 'willkommen',
      attemptsMade: 4,
      failedReason: expect.stringContaining('Bitte später erneut versuchen'),
    });
    expect(failed!.data.an.email).toBe(email);
    expect(smtp.stats.dataPhases - start).toBe(4);
    expect(smtp.mails.filter((m) => m.envelope.to.includes(email))).toEqual([]);
    const fehler = app.logZeilen.filter((z) => z.level === 'error').map((z) => z.message);
    expect(fehler).toHaveLength(1);
    expect(fehler[0]).toContain(`family=${elternId}`);
    expect(fehler[0]).not.toContain(email);
    expect(fehler[0]).toContain('subject="Willkommen im Elternportal des Waldkindergartens"');
    expect(fehler[0]).toContain('after 4 attempts');
    expect(fehler[0]).toContain('451');
  });

  it('gives up at once when the server refuses for good (5xx)', async () => {
    smtp.failNext(1, 550);
    const start = smtp.stats.dataPhases;
    const email = adresse('gibtsnicht');
    const { elternId } = await app.familie({ nachname: 'Gibtsnicht', email, gruppeId, mitPasswort: false });
    await app.warte(async () => (await app.workers.mailQueue.getFailedCount()) === 2, 'the second failed job');
    await app.mailsErledigt();
    expect(smtp.stats.dataPhases - start).toBe(1);
    expect(smtp.mails.filter((m) => m.envelope.to.includes(email))).toEqual([]);
    const fehler = app.logZeilen.filter((z) => z.level === 'error').map((z) => z.message);
    expect(fehler.at(-1)).toMatch(new RegExp(`after 1 attempts: family=${elternId} .*550`));
    expect(fehler.at(-1)).not.toContain(email);
  });
});

describe('mail: without SMTP_URL', () => {
  let app: TestWorkers;
  const ordner = mkdtempSync(path.join(tmpdir(), 'waldkita-mail-'));

  beforeAll(async () => {
    app = await startTestWorkers({ env: { MAIL_DIR: ordner } });
  });
  afterAll(() => app?.close());

  it("writes each mail as an .eml file into MAIL_DIR, named by the family's id, and logs one line with the id and the file's name", async () => {
    const email = adresse('offline');
    const { elternId } = await app.familie({ nachname: 'Offline', email, gruppeId: null, mitPasswort: false });
    await app.verarbeitet();
    await app.mailsErledigt();
    const dateien = readdirSync(ordner);
    expect(dateien).toHaveLength(1);
    expect(dateien[0]).toMatch(new RegExp(`^[0-9T-]+Z-${elternId}-[0-9a-f]{12}\\.eml$`));
    const datei = path.join(ordner, dateien[0]!);
    const mail = await parseMail(readFileSync(datei));
    expect(mail.subject).toBe('Willkommen im Elternportal des Waldkindergartens');
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe(email);
    expect(mail.text).toContain('Liebe Familie Offline,');
    expect(mail.text).toContain('/password-reset?token=');
    const zeilen = app.logZeilen.filter((z) => z.message.includes(dateien[0]!));
    expect(zeilen).toEqual([{ level: 'info', message: `mail to family ${elternId} written to ${dateien[0]}` }]);
    expect(app.logZeilen.some((z) => z.message.includes(email) || z.message.includes('Offline'))).toBe(false);
  });
});
