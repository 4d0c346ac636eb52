// Whole app: the rota's and the swaps' mails go out through the reactors and the SMTP stand-in, and planning needs the read models.
// The refusals of a past deadline or week: command-api/src/abwesenheit, command-api/src/import (route tests).
import { datumDeutsch, freitagDerWoche, type IsoWoche } from '@waldkita/domain/kalender/iso-woche';
import { an, empfaenger, type ReceivedMail, startTestSmtp, type TestSmtp } from '@waldkita/platform/testing/test-smtp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, startTestApp, type TestApp } from './testing/test-app.js';

/** The server's clock: Friday 20 November 2026 (KW 47), 10:00 in Berlin. */
const JETZT = new Date('2026-11-20T10:00:00+01:00');
const PASSWORT = 'rota-mail-123';

type Familie = { elternId: string; email: string; token: string };

const betreff = (text: string) => (m: ReceivedMail) => m.subject === text;
/** The listed weeks of a rota mail's text part. */
const listenZeilen = (m: ReceivedMail) => m.text!.split('\n').filter((z) => z.startsWith('- KW '));
const zeile = (w: IsoWoche) => `- KW ${w.kalenderwoche}/${w.jahr} – Freitag, ${datumDeutsch(freitagDerWoche(w))}`;

describe('the rota starts where families can see it coming (real app, real SMTP)', () => {
  let app: TestApp;
  let smtp: TestSmtp;
  let admin: string;
  const f: Record<string, Familie> = {};
  const { call, get, remember } = apiClient(() => app.baseUrl);

  const familie = (nachname: string, gruppe?: string, rollen: ('ROLE_ELTERN' | 'ROLE_ADMIN')[] = ['ROLE_ELTERN']) =>
    app.angemeldeteFamilie(nachname, PASSWORT, remember, gruppe, rollen);
  const meineDienste = async (x: Familie) =>
    ((await get(x.token, '/api/wasserdienst/my-assignments')).body as (IsoWoche & { id: string })[])
      .map(({ id, jahr, kalenderwoche }) => ({ id, jahr, kalenderwoche }))
      .sort((a, b) => a.jahr - b.jahr || a.kalenderwoche - b.kalenderwoche);

  beforeAll(async () => {
    smtp = await startTestSmtp();
    app = await startTestApp({ now: () => JETZT, smtpUrl: smtp.url });
    admin = (await familie('Leitung', undefined, ['ROLE_ADMIN'])).token;
    for (const name of ['Fuchs', 'Bauer', 'Wagner']) f[name] = await familie(name, 'Füchse');
    f.Eule = await familie('Eule', 'Eulen');
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  /** Until every queued mail is sent (the reactor queues all mails of one event at once). */
  const mailsVersendet = async () => {
    for (const bis = Date.now() + 15_000; Date.now() < bis; await new Promise((r) => setTimeout(r, 100)))
      if ((await app.workers!.mailQueue.getJobCountByTypes('wait', 'active', 'delayed', 'prioritized', 'paused')) === 0) return;
    throw new Error('the mail queue did not drain');
  };

  it("the admin's planning mails every family with new duties exactly once, listing its weeks with their Fridays", async () => {
    const geplant = await call(admin, 'POST', '/api/admin/wasserdienst/bulk-assign', { jahr: 2026, startKW: 48, endKW: 53 });
    expect(geplant).toMatchObject({ status: 200, body: { zugewiesen: 12 } }); // 6 weeks in each group
    const familien = [f.Fuchs!, f.Bauer!, f.Wagner!, f.Eule!];
    await smtp.waitForMails(familien.length, betreff('Ihre Wasserdienste 2026'));
    await mailsVersendet();
    for (const x of familien) {
      const dienste = await meineDienste(x);
      expect(dienste.length).toBeGreaterThanOrEqual(2);
      const mails = smtp.mails.filter(an(x.email));
      expect(mails.map((m) => m.subject)).toEqual(['Ihre Wasserdienste 2026']);
      expect(listenZeilen(mails[0]!)).toEqual(dienste.map(zeile));
      expect(mails[0]!.text).toContain('die Wasserdienste Ihrer Gruppe für KW 48/2026 bis KW 53/2026 sind eingeteilt.');
    }
    const eule = smtp.mails.find(an(f.Eule!.email))!;
    expect(eule.text).toContain('Liebe Familie Eule,');
    expect(eule.text).toContain(zeile((await meineDienste(f.Eule!))[0]!));
    expect(eule.text).toMatch(/^- KW 4[89]\/2026 – Freitag, (27\.11|04\.12)\.2026$/m);

    // planning the same weeks again assigns nothing and mails nobody
    const nochmal = await call(admin, 'POST', '/api/admin/wasserdienst/bulk-assign', { jahr: 2026, startKW: 48, endKW: 53 });
    expect(nochmal.body).toMatchObject({ zugewiesen: 0 });
  });

  it('a withdrawn offer is told once to each family that was told about it, and to nobody else', async () => {
    const [dienst] = await meineDienste(f.Fuchs!);
    const woche = `KW ${dienst!.kalenderwoche}/${dienst!.jahr}`;
    const angebot = await call(f.Fuchs!.token, 'POST', '/api/tausch', { elternId: f.Fuchs!.elternId, wasserdienstId: dienst!.id });
    expect(angebot.status).toBe(201);
    await smtp.waitForMails(2, betreff(`Neues Tausch-Angebot: Wasserdienst ${woche}`));
    await mailsVersendet();
    // The replanning above came before the offer: the reactor has passed it without a mail.
    expect(smtp.mails.filter((m) => m.subject!.startsWith('Ihre Wasserdienste'))).toHaveLength(4);
    // A family that joins after the offer was mailed never heard of it.
    f.Spaet = await familie('Spaet', 'Füchse');

    const tauschId = angebot.headers.get('x-tausch-id');
    expect((await call(f.Fuchs!.token, 'DELETE', `/api/tausch/${tauschId}`)).status).toBe(200);
    const subject = `Tausch-Angebot zurückgezogen: ${woche}`;
    await smtp.waitForMails(2, betreff(subject));
    await mailsVersendet();
    const zurueckgezogen = smtp.mails.filter(betreff(subject));
    expect(zurueckgezogen.flatMap(empfaenger).sort()).toEqual([f.Bauer!.email, f.Wagner!.email].sort());
    const bauer = zurueckgezogen.find(an(f.Bauer!.email))!;
    expect(bauer.text).toContain('Liebe Familie Bauer,');
    expect(bauer.text).toContain(
      `das Tausch-Angebot von Familie Fuchs für den Wasserdienst in ${woche} (Freitag, ${datumDeutsch(freitagDerWoche(dienst!))}) wurde zurückgezogen.`,
    );
    for (const x of [f.Fuchs!, f.Eule!, f.Spaet!]) expect(smtp.mails.filter(an(x.email)).filter(betreff(subject))).toEqual([]);
  });
});
