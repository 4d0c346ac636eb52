// Needs the whole app: mail and push from the reactors, take-overs racing across command, projector and query, the daily job, replay.
// The routes alone (answers, events, board, distribution): command-api/src/tausch, query-api/src/tausch, query-api/src/wasserdienst.
import { weiseWasserdiensteZu } from '@waldkita/command-api/wasserdienst/weise-wasserdienste-zu';
import { STANDARD_WAHL } from '@waldkita/domain/push/benachrichtigungen';
import { fold } from '@waldkita/domain/shared/decider';
import { dienstplanDecider, dienstplanStream } from '@waldkita/domain/wasserdienst/dienstplan';
import { an, type ReceivedMail, startTestSmtp, type TestSmtp } from '@waldkita/platform/testing/test-smtp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replay } from './commands/replay.js';
import { apiClient, startTestApp, type TestApp } from './testing/test-app.js';
import { startTestPushReceiver, type TestPushReceiver } from './testing/test-push-receiver.js';

/** Friday of ISO week 47 of 2026, 10:00 in Berlin. */
const JETZT = new Date('2026-11-20T10:00:00+01:00');
const PASSWORT = 'abgeben-123';

type Familie = { elternId: string; email: string; token: string; nachname: string };

const betreff = (text: string) => (m: ReceivedMail) => m.subject === text;

describe('giving a duty away and taking it over (real app, real SMTP)', () => {
  let app: TestApp;
  let smtp: TestSmtp;
  let dienstPush: TestPushReceiver;
  let fuechse: string;
  const f: Record<string, Familie> = {};
  const { call, get, remember } = apiClient(() => app.baseUrl);
  /** wasserdienstId by "nachname kw". */
  const dienst: Record<string, string> = {};

  const familie = async (nachname: string, gruppe: string) => {
    const x = await app.angemeldeteFamilie(nachname, PASSWORT, remember, gruppe);
    return { ...x, nachname };
  };
  const verteilung = async (x: Familie) =>
    Object.fromEntries(
      ((await get(x.token, '/api/wasserdienst/verteilung')).body as { nachname: string; geplant: number }[]).map((z) => [
        z.nachname,
        z.geplant,
      ]),
    );

  beforeAll(async () => {
    [smtp, dienstPush] = await Promise.all([startTestSmtp(), startTestPushReceiver()]);
    app = await startTestApp({ now: () => JETZT, smtpUrl: smtp.url, env: { PUSH_ENDPOINT_ALLOWLIST: dienstPush.prefix } });
    for (const name of ['Fuchs', 'Bauer', 'Wagner', 'Huber', 'Klein', 'Lang']) f[name] = await familie(name, 'Füchse');
    fuechse = (await app.db.pool.query<{ gruppe_id: string }>(`SELECT gruppe_id FROM rm.gruppe WHERE name = 'Füchse'`)).rows[0]!.gruppe_id;
    const eintraege = [48, 49, 50, 51, 52, 53].map((kw) => ({ elternId: f.Fuchs!.elternId, jahr: 2026, kalenderwoche: kw }));
    const { zuweisungen, position } = await weiseWasserdiensteZu(app.runtime, fuechse, eintraege, { actorId: null });
    remember(position);
    zuweisungen.forEach((z) => {
      dienst[`Fuchs ${z.kalenderwoche}`] = z.wasserdienstId;
    });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await Promise.all([smtp?.close(), dienstPush?.close()]);
  });

  /** Fuchs's week 48, given away in the first test and taken over in the second. */
  let abgabe48 = '';

  it('“Dienst abgeben”: the group is mailed that the duty can be taken over without one in return, the giver is not', async () => {
    const antwort = await call(f.Fuchs!.token, 'POST', '/api/tausch', { wasserdienstId: dienst['Fuchs 48'], abgeben: true });
    expect(antwort.status).toBe(201);
    abgabe48 = antwort.headers.get('x-tausch-id')!;
    await smtp.waitForMails(5, betreff('Wasserdienst abzugeben: KW 48/2026'));
    const mail = smtp.mails.find(an(f.Bauer!.email))!;
    expect(mail.text).toContain('Familie Fuchs gibt ihren Wasserdienst in KW 48/2026 (Freitag, 27.11.2026) ab');
    expect(mail.text).toContain('„Übernehmen“');
    expect(smtp.mails.filter(an(f.Fuchs!.email))).toEqual([]);
  });

  it('“Übernehmen” without a duty in return: both families get a mail', async () => {
    expect(await call(f.Bauer!.token, 'PUT', `/api/tausch/${abgabe48}/accept`, {})).toEqual({
      status: 200,
      body: { id: abgabe48, bestaetigt: true, message: 'Dienst übernommen!' },
    });
    await smtp.waitForMails(2, betreff('Dienst übernommen: KW 48/2026'));
    expect(smtp.mails.find((m) => an(f.Fuchs!.email)(m) && m.subject === 'Dienst übernommen: KW 48/2026')!.text).toContain(
      'Familie Bauer hat Ihren Wasserdienst in KW 48/2026 (Freitag, 27.11.2026) übernommen.',
    );
    expect(smtp.mails.find((m) => an(f.Bauer!.email)(m) && m.subject === 'Dienst übernommen: KW 48/2026')!.text).toContain(
      'Sie haben den Wasserdienst von Familie Fuchs in KW 48/2026 (Freitag, 27.11.2026) übernommen.',
    );
  });

  it('five families taking over the same duty at the same moment: exactly one wins, the others get 409 in German', async () => {
    for (const kw of [49, 50, 51]) {
      const tauschId = (
        await call(f.Fuchs!.token, 'POST', '/api/tausch', { wasserdienstId: dienst[`Fuchs ${kw}`], abgeben: true })
      ).headers.get('x-tausch-id')!;
      const bewerber = ['Bauer', 'Wagner', 'Huber', 'Klein', 'Lang'].map((n) => f[n]!);
      const antworten = await Promise.all(bewerber.map((x) => call(x.token, 'PUT', `/api/tausch/${tauschId}/accept`, {})));
      expect(antworten.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
      for (const a of antworten.filter((x) => x.status === 409))
        expect(a.body).toEqual({ message: 'Dieses Angebot wurde bereits angenommen.' });
      const gewinner = bewerber[antworten.findIndex((a) => a.status === 200)]!;
      const { events } = await app.runtime.store.readStream(dienstplanStream(fuechse));
      expect(events.filter((e) => e.type === 'DienstUebernommen' && (e.data as { tauschId: string }).tauschId === tauschId)).toHaveLength(
        1,
      );
      const state = fold(dienstplanDecider, events as never);
      expect(state.dienste.get(dienst[`Fuchs ${kw}`]!)!.elternId).toBe(gewinner.elternId);
      const kalender = (await get(f.Fuchs!.token, '/api/wasserdienst/events')).body as { kalenderwoche: number; title: string }[];
      expect(kalender.find((e) => e.kalenderwoche === kw)!.title).toBe(gewinner.nachname);
    }
    const nachVerteilung = await verteilung(f.Fuchs!);
    expect(nachVerteilung.Fuchs).toBe(2);
    expect(Object.values(nachVerteilung).reduce((n, x) => n + x, 0)).toBe(6);
  });

  describe('the daily announcement of a week without a family (next 14 days)', () => {
    const TAG = 24 * 60 * 60 * 1000;
    const titel = (kw: number) => `Wasserdienst ohne Familie: KW ${kw}/2026 (Gruppe Eulen)`;
    const empfaengerVon = (kw: number) =>
      smtp.mails
        .filter(betreff(titel(kw)))
        .map((m) => m.envelope.to[0]!.toLowerCase())
        .sort();
    /** Mails go through three queues on a busy machine: wait longer than the default 10 s. */
    const WARTEN = 30_000;
    const ankuendigen = (bezug: Date) => app.workers!.ohneFamilieQueue.add('ankuendigen', { bezug: bezug.toISOString() });

    it('announces a week given away and a week freed by a family that left to the group and the admins, once a day until taken, by mail and push as chosen', async () => {
      const admin = await app.angemeldeteFamilie('Leitung', PASSWORT, remember, undefined, ['ROLE_ADMIN']);
      const [eins, zwei, drei] = [await familie('Ente', 'Eulen'), await familie('Gans', 'Eulen'), await familie('Schwan', 'Eulen')];
      const eulen = (await app.db.pool.query<{ gruppe_id: string }>(`SELECT gruppe_id FROM rm.gruppe WHERE name = 'Eulen'`)).rows[0]!
        .gruppe_id;
      const { zuweisungen, position } = await weiseWasserdiensteZu(
        app.runtime,
        eulen,
        [
          { elternId: eins.elternId, jahr: 2026, kalenderwoche: 47 },
          { elternId: zwei.elternId, jahr: 2026, kalenderwoche: 48 },
          { elternId: drei.elternId, jahr: 2026, kalenderwoche: 49 },
          { elternId: eins.elternId, jahr: 2026, kalenderwoche: 51 },
        ],
        { actorId: null },
      );
      remember(position);
      // Schwan gets notices on a phone too; Ente wants this notice by push only (and has no device).
      const handy = dienstPush.geraet('schwan-handy');
      const abo = await fetch(`${app.baseUrl}/api/push/abos`, {
        method: 'POST',
        headers: { authorization: `Bearer ${drei.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(handy.abo),
      });
      expect(abo.status).toBe(201);
      const wahl = { ...STANDARD_WAHL, wocheOhneFamilie: { push: true, mail: false } };
      expect((await call(eins.token, 'PUT', '/api/push/einstellungen', wahl)).status).toBe(200);
      // Ente gives KW 47 (this week) and KW 51 (beyond the 14 days) away; Gans leaves, KW 48 is free.
      const abgabe = await call(eins.token, 'POST', '/api/tausch', { wasserdienstId: zuweisungen[0]!.wasserdienstId, abgeben: true });
      await call(eins.token, 'POST', '/api/tausch', { wasserdienstId: zuweisungen[3]!.wasserdienstId, abgeben: true });
      expect((await call(admin.token, 'DELETE', `/api/admin/eltern/${zwei.elternId}`)).status).toBe(200);
      await get(admin.token, '/api/gruppen'); // the projector has passed all of it

      await ankuendigen(JETZT);
      await ankuendigen(new Date(JETZT.getTime() + 60 * 60 * 1000)); // the same day again: nothing new
      await smtp.waitForMails(2, betreff(titel(47)), WARTEN);
      await smtp.waitForMails(2, betreff(titel(48)), WARTEN);
      // KW 47 to the others of the group and the admin (not to Ente, who gave it away); KW 48 to all
      // of them but Ente, who chose no mail for it.
      expect(empfaengerVon(47)).toEqual([admin.email, drei.email].sort());
      expect(empfaengerVon(48)).toEqual([admin.email, drei.email].sort());
      const [push47] = await dienstPush.warteAuf(1, (p) => p.nachricht.tag === `ohne-familie-${eulen}-2026-47`);
      expect(push47!.nachricht).toEqual({
        title: 'Wasserdienst ohne Familie',
        body: 'In KW 47/2026 (Freitag, 20.11.2026) hat die Gruppe „Eulen“ noch keine Familie für den Wasserdienst.',
        url: '/wasserdienst',
        tag: `ohne-familie-${eulen}-2026-47`,
      });
      await dienstPush.warteAuf(1, (p) => p.nachricht.tag === `ohne-familie-${eulen}-2026-48`);
      const mail47 = smtp.mails.find(betreff(titel(47)))!;
      expect(mail47.text).toContain('in der Gruppe „Eulen“ hat der Wasserdienst in KW 47/2026 (Freitag, 20.11.2026) noch keine Familie.');
      expect(mail47.text).toContain('Familie Ente hat den Dienst abgegeben.');
      expect(smtp.mails.find(betreff(titel(48)))!.text).toContain('melden Sie sich bitte bei der Kita-Leitung');
      expect(smtp.mails.filter(betreff(titel(51)))).toEqual([]);

      // The next day: announced again. Then Schwan takes KW 47 over and the admin plans KW 48.
      await ankuendigen(new Date(JETZT.getTime() + TAG));
      await smtp.waitForMails(4, betreff(titel(47)), WARTEN);
      await smtp.waitForMails(4, betreff(titel(48)), WARTEN);
      await dienstPush.warteAuf(2, (p) => p.nachricht.tag === `ohne-familie-${eulen}-2026-48`);
      const tauschId = abgabe.headers.get('x-tausch-id')!;
      expect((await call(drei.token, 'PUT', `/api/tausch/${tauschId}/accept`, {})).status).toBe(200);
      const plan = await call(admin.token, 'POST', '/api/admin/wasserdienst/bulk-assign', {
        jahr: 2026,
        startKW: 48,
        endKW: 48,
        gruppeId: eulen,
      });
      expect(plan.body.gruppen[0].zugewiesen).toBe(1);
      await get(admin.token, '/api/gruppen');
      await ankuendigen(new Date(JETZT.getTime() + 2 * TAG));
      await ankuendigen(new Date(JETZT.getTime() + 3 * TAG));
      // Wait for both runs: a mail of the run after them (a fresh give-away) proves they are done.
      const neu = await call(drei.token, 'POST', '/api/tausch', { wasserdienstId: zuweisungen[2]!.wasserdienstId, abgeben: true });
      expect(neu.status).toBe(201);
      await get(admin.token, '/api/gruppen');
      await ankuendigen(new Date(JETZT.getTime() + 4 * TAG));
      await smtp.waitForMails(1, betreff(titel(49)), WARTEN);
      expect(smtp.mails.filter(betreff(titel(47)))).toHaveLength(4);
      expect(smtp.mails.filter(betreff(titel(48)))).toHaveLength(4);
      expect(empfaengerVon(49)).toEqual([admin.email]);
      // One push per week and day to Schwan's phone: two days for KW 47 and KW 48, none for KW 49 (Schwan gave it away).
      expect(
        dienstPush.empfangen
          .filter((p) => p.nachricht.tag.startsWith(`ohne-familie-${eulen}`))
          .map((p) => p.nachricht.tag)
          .sort(),
      ).toEqual([47, 47, 48, 48].map((kw) => `ohne-familie-${eulen}-2026-${kw}`));
      expect(dienstPush.fehler).toEqual([]);
    }, 120_000);

    it('replay --check: a fresh fold gives the same read models (given-away offers, take-overs, freed weeks)', async () => {
      const out = { text: '', write: (text: string) => (out.text += text), isTTY: false };
      const err = { text: '', write: (text: string) => (err.text += text), isTTY: false, columns: 120 };
      expect(await replay(app.runtime.config, ['--check'], { out, err })).toBe(0);
      const { rows } = await app.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM rm.tausch WHERE abgeben');
      expect(rows[0]!.n).toBeGreaterThanOrEqual(6);
    });
  });
});
