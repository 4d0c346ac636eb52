import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { abwesenheitDecider, abwesenheitenStream } from '@waldkita/domain/abwesenheit/abwesenheit';
import { elternDecider, elternStream } from '@waldkita/domain/eltern/eltern';
import { type IsoWoche, wochenAb, wochenSchluessel } from '@waldkita/domain/kalender/iso-woche';
import { KALENDER_STREAM, kalenderDecider } from '@waldkita/domain/kalender/schliesszeiten';
import { SAISON_STREAM, saisonDecider } from '@waldkita/domain/saison/saison';
import { dienstplanStream } from '@waldkita/domain/wasserdienst/dienstplan';
import { empfaenger, startTestSmtp, type TestSmtp } from '@waldkita/platform/testing/test-smtp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kwMitFreitag } from '../mail/mail-templates.js';
import { startTestWorkers, type TestWorkers } from '../testing/test-workers.js';
import { rotaJobId } from './rota-jobs.js';
import { faelligAb, mitternachtInBerlin } from './saison-rota.js';

/** The app's clock: Friday 20 November 2026, 10:00 in Berlin. */
const JETZT = new Date('2026-11-20T10:00:00+01:00');
const woche = (jahr: number, kalenderwoche: number): IsoWoche => ({ jahr, kalenderwoche });

const starte = (smtpUrl?: string) =>
  startTestWorkers({ now: () => JETZT, smtpUrl, env: { MAIL_DIR: mkdtempSync(path.join(tmpdir(), 'waldkita-rota-mail-')) } });

/** The import's deadline, as the CSV import appended it on 10 November; answers the event's id. */
async function setzeFrist(app: TestWorkers, frist: string, quelle: 'import' | 'admin' = 'import') {
  await app.command(SAISON_STREAM, saisonDecider, { type: 'SetzeAbwesenheitsfrist', data: { frist, quelle, heute: '2026-11-10' } });
  return (await app.store.readStream(SAISON_STREAM)).events.at(-1)!.id;
}

const dienste = async (app: TestWorkers, gruppeId: string) =>
  (
    await app.db.pool.query<{ jahr: number; kalenderwoche: number; eltern_id: string }>(
      'SELECT jahr, kalenderwoche, eltern_id FROM rm.wasserdienst WHERE gruppe_id = $1 ORDER BY jahr, kalenderwoche',
      [gruppeId],
    )
  ).rows;

const warteAufJob = async (app: TestWorkers, id: string) =>
  app.warte(async () => (await app.workers.rotaQueue.getJobState(id)) === 'completed', `rota job ${id}`, 20_000);

describe('the season rota: planned by itself once the import deadline has passed', () => {
  let app: TestWorkers;
  const familien: Record<string, string> = {};
  let fuechse: string;
  let eulen: string;
  let fristEvent: string;
  let smtp: TestSmtp;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    app = await starte(smtp.url);
    fuechse = await app.gruppe('Füchse');
    eulen = await app.gruppe('Eulen');
    for (const [name, gruppeId] of [
      ['Amsel', fuechse],
      ['Biber', fuechse],
      ['Dachs', fuechse],
      ['Elster', eulen],
      ['Fink', eulen],
      ['Gams', eulen],
      ['Hirsch', eulen],
      ['Igel', fuechse],
    ] as [string, string][])
      familien[name] = (await app.familie({ nachname: name, email: `${name.toLowerCase()}@example.org`, gruppeId })).elternId;
    // Igel left before the deadline; the Christmas holidays are two whole weeks across the year end.
    await app.command(elternStream(familien.Igel!), elternDecider, { type: 'EntferneEltern', data: { elternId: familien.Igel! } });
    await app.command(KALENDER_STREAM, kalenderDecider, {
      type: 'LegeFerienAn',
      data: { art: 'Weihnachtsferien', von: '2026-12-21', bis: '2027-01-01', ids: Array.from({ length: 20 }, () => randomUUID()) },
    });
    // Amsel reported KW 50/2026 before the deadline.
    await app.command(abwesenheitenStream(familien.Amsel!), abwesenheitDecider, {
      type: 'MeldeAbwesenheit',
      data: {
        abwesenheitId: randomUUID(),
        elternId: familien.Amsel!,
        jahr: 2026,
        kalenderwoche: 50,
        heute: '2026-11-10',
        aktuelleWoche: woche(2026, 46),
        frist: '2026-11-18',
      },
    });
    await app.verarbeitet();
    fristEvent = await setzeFrist(app, '2026-11-18');
    await warteAufJob(app, rotaJobId(fristEvent));
    await app.merkeStreams(dienstplanStream(fuechse), dienstplanStream(eulen));
    await app.verarbeitet();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('is due at 00:00 in Berlin on the day after the deadline', () => {
    expect(faelligAb('2026-11-18').toISOString()).toBe('2026-11-18T23:00:00.000Z');
    expect(faelligAb('2026-07-31').toISOString()).toBe('2026-07-31T22:00:00.000Z');
    expect(mitternachtInBerlin('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z'); // the night clocks go forward
  });

  it('plans 52 weeks from the week after next of the day it runs (KW 49 on Friday of KW 47), none earlier', async () => {
    const rows = [...(await dienste(app, fuechse)), ...(await dienste(app, eulen))];
    expect(rows.filter((r) => r.jahr === 2026 && r.kalenderwoche < 49)).toEqual([]);
    expect(rows.find((r) => r.jahr === 2026 && r.kalenderwoche === 49)).toBeDefined();
    expect(rows.at(-1)).toMatchObject({ jahr: 2027 });
    expect(Math.max(...rows.filter((r) => r.jahr === 2027).map((r) => r.kalenderwoche))).toBe(47);
  });

  it('gives every group one family per open week, across the year end, fairly, with the holidays free', async () => {
    const geplant = wochenAb(woche(2026, 49), 52);
    const frei = new Set([wochenSchluessel(woche(2026, 52)), wochenSchluessel(woche(2026, 53))]);
    const offen = geplant.filter((w) => !frei.has(wochenSchluessel(w))).map(wochenSchluessel);
    expect(offen).toHaveLength(50);
    for (const [gruppeId, mitglieder] of [
      [fuechse, ['Amsel', 'Biber', 'Dachs']],
      [eulen, ['Elster', 'Fink', 'Gams', 'Hirsch']],
    ] as [string, string[]][]) {
      const rows = await dienste(app, gruppeId);
      expect(rows.map(wochenSchluessel)).toEqual(offen);
      const proFamilie = new Map(mitglieder.map((m) => [familien[m]!, 0]));
      for (const r of rows) proFamilie.set(r.eltern_id, (proFamilie.get(r.eltern_id) ?? 0) + 1);
      expect(proFamilie.size).toBe(mitglieder.length); // nobody outside the group's active families
      const anzahl = [...proFamilie.values()];
      expect(Math.max(...anzahl) - Math.min(...anzahl)).toBeLessThanOrEqual(1);
    }
    expect((await dienste(app, fuechse)).map((r) => r.eltern_id)).not.toContain(familien.Igel);
  });

  it('respects an absence reported before the deadline', async () => {
    const kw50 = (await dienste(app, fuechse)).find((r) => r.jahr === 2026 && r.kalenderwoche === 50);
    expect(kw50?.eltern_id).toBeDefined();
    expect(kw50?.eltern_id).not.toBe(familien.Amsel);
  });

  it('records the plan for the audit trail and logs it', async () => {
    const { events } = await app.store.readStream(dienstplanStream(fuechse));
    const geplant = events.filter((e) => e.type === 'RotaGeplant');
    expect(geplant).toHaveLength(1);
    expect(geplant[0]!.metadata).toMatchObject({ actorId: null, causationId: fristEvent });
    expect(geplant[0]!.data).toMatchObject({ von: woche(2026, 49), bis: woche(2027, 47), zugewiesen: 50 });
    expect(app.logZeilen.map((z) => z.message)).toContain('rota: group Füchse planned KW 49/2026 – KW 47/2027: 50 duties');
  });

  it('tells every active family once by mail of all its new weeks, each with its Friday', async () => {
    const aktive = ['Amsel', 'Biber', 'Dachs', 'Elster', 'Fink', 'Gams', 'Hirsch'];
    await smtp.waitForMails(aktive.length, (m) => m.subject!.startsWith('Ihre Wasserdienste'));
    await app.mailsErledigt();
    const rows = [...(await dienste(app, fuechse)), ...(await dienste(app, eulen))];
    for (const name of aktive) {
      const mails = smtp.mails.filter((m) => empfaenger(m).includes(`${name.toLowerCase()}@example.org`));
      const eigene = rows.filter((r) => r.eltern_id === familien[name]);
      // '2026/2027' for a family on duty before and after the year end, else the one year
      expect(mails.map((m) => m.subject)).toEqual([`Ihre Wasserdienste ${[...new Set(eigene.map((r) => r.jahr))].join('/')}`]);
      expect(eigene.length).toBeGreaterThanOrEqual(12);
      const zeilen = mails[0]!.text!.split('\n').filter((z) => z.startsWith('- KW '));
      expect(zeilen).toEqual(eigene.map((r) => `- ${kwMitFreitag(r)}`));
    }
    const amsel = smtp.mails.find((m) => empfaenger(m).includes('amsel@example.org'))!;
    expect(amsel.subject).toBe('Ihre Wasserdienste 2026/2027');
    expect(amsel.text).toContain('Liebe Familie Amsel,');
    expect(amsel.text).toContain('die Wasserdienste Ihrer Gruppe für KW 49/2026 bis KW 47/2027 sind eingeteilt.');
    expect(amsel.text).toMatch(/^- KW \d+\/20\d\d – Freitag, \d\d\.\d\d\.20\d\d$/m);
    expect(amsel.html).toContain(`<li>${kwMitFreitag(rows.find((r) => r.eltern_id === familien.Amsel)!)}</li>`);
    expect(smtp.mails.filter((m) => empfaenger(m).includes('igel@example.org'))).toEqual([]);
    expect(smtp.mails.filter((m) => m.subject!.startsWith('Ihre Wasserdienste'))).toHaveLength(aktive.length);
  });

  it('changes nothing when the job runs again', async () => {
    const revisionen = async () =>
      Promise.all([fuechse, eulen].map(async (g) => (await app.store.readStream(dienstplanStream(g))).revision));
    const vorher = await revisionen();
    const zuvor = await dienste(app, fuechse);
    await app.workers.rotaQueue.add('saison-planen', { fristEventId: fristEvent, frist: '2026-11-18' }, { jobId: 'rota-nochmal' });
    await warteAufJob(app, 'rota-nochmal');
    await app.merkeStreams(dienstplanStream(fuechse), dienstplanStream(eulen));
    await app.verarbeitet();
    expect(await revisionen()).toEqual(vorher);
    expect(await dienste(app, fuechse)).toEqual(zuvor);
    await app.mailsErledigt();
    expect(smtp.mails.filter((m) => m.subject!.startsWith('Ihre Wasserdienste'))).toHaveLength(7);
  });
});

describe('the season rota when the deadline changes before it is due', () => {
  let app: TestWorkers;
  let gruppeId: string;

  beforeAll(async () => {
    app = await starte();
    gruppeId = await app.gruppe('Füchse');
    for (const name of ['Amsel', 'Biber']) await app.familie({ nachname: name, email: `${name}@example.org`, gruppeId });
  });
  afterAll(() => app?.close());

  const rotaGeplant = async () =>
    (await app.store.readStream(dienstplanStream(gruppeId))).events.filter((e) => e.type === 'RotaGeplant').length;

  it('waits for a deadline in the future and follows a deadline an admin moved later', async () => {
    const id = await setzeFrist(app, '2026-11-25');
    await app.verarbeitet();
    const job = await app.workers.rotaQueue.getJob(rotaJobId(id));
    expect(await job?.getState()).toBe('delayed');
    expect(job?.delay).toBe(faelligAb('2026-11-25').getTime() - JETZT.getTime());

    await setzeFrist(app, '2026-11-30', 'admin');
    await app.verarbeitet();
    await job!.promote(); // run it now, as if 26 November had come
    await app.warte(async () => app.logZeilen.some((z) => z.message.includes('the deadline is now 2026-11-30')), 'the job to wait again');
    await app.warte(async () => (await job!.getState()) === 'delayed', 'the job to be delayed again');
    expect(await rotaGeplant()).toBe(0);
  });

  it('plans nothing in the job of an import that a newer import superseded', async () => {
    const alt = (await app.workers.rotaQueue.getDelayed())[0]!;
    const neu = await setzeFrist(app, '2026-11-19');
    await warteAufJob(app, rotaJobId(neu));
    expect(await rotaGeplant()).toBe(1);
    await alt.promote();
    await warteAufJob(app, alt.id!);
    expect(await rotaGeplant()).toBe(1);
    expect(app.logZeilen.map((z) => z.message)).toContain(
      'rota: the import deadline 2026-11-25 was superseded by a newer import (deadline 2026-11-19); this job plans nothing',
    );
  });
});
