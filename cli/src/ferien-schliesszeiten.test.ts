// Whole app: entering holidays closes weeks and days, which adapts the plans from the read models and mails the families whose
// duties are freed. Edits, deletions and reads of holidays: command-api/src/admin/ferien-admin-routes.test.ts, query-api/src/kalender.
import type { IsoWoche } from '@waldkita/domain/kalender/iso-woche';
import { an, empfaenger, type ReceivedMail, startTestSmtp, type TestSmtp } from '@waldkita/platform/testing/test-smtp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, startTestApp, type TestApp } from './testing/test-app.js';

/** The server's clock: Friday 20 November 2026 (KW 47), 10:00 in Berlin. */
const JETZT = new Date('2026-11-20T10:00:00+01:00');
const PASSWORT = 'ferien-im-wald-1';

type Familie = { elternId: string; email: string; nachname: string; token: string };
type Woche = IsoWoche & { id: string; beschreibung: string; ferienart: string | null };
type Tag = { id: string; datum: string; beschreibung: string; ferienart: string | null };

const entfaellt = (m: ReceivedMail) => m.subject?.startsWith('Wasserdienst entfällt') ?? false;

describe('holidays are closing times: one calendar for /schliesszeiten and the holiday screen (real app, real SMTP)', () => {
  let app: TestApp;
  let smtp: TestSmtp;
  let admin: string;
  const f: Record<string, Familie> = {};
  const { call, get, remember } = apiClient(() => app.baseUrl);

  const familie = (nachname: string, gruppe?: string, rollen: ('ROLE_ELTERN' | 'ROLE_ADMIN')[] = ['ROLE_ELTERN']) =>
    app.angemeldeteFamilie(nachname, PASSWORT, remember, gruppe, rollen);
  const wochen = async (token: string, query = '') => (await get(token, `/api/api/schliesszeiten${query}`)).body as Woche[];
  const tage = async (token: string, query = '') => (await get(token, `/api/api/schliesszeiten/schliesstage${query}`)).body as Tag[];
  const kw = (w: IsoWoche) => `${w.kalenderwoche}/${w.jahr}`;
  const meineWochen = async (x: Familie) => ((await get(x.token, '/api/wasserdienst/my-assignments')).body as IsoWoche[]).map(kw).sort();
  /** Until every queued mail is sent. */
  const mailsVersendet = async () => {
    for (const bis = Date.now() + 15_000; Date.now() < bis; await new Promise((r) => setTimeout(r, 100)))
      if ((await app.workers!.mailQueue.getJobCountByTypes('wait', 'active', 'delayed', 'prioritized', 'paused')) === 0) return;
    throw new Error('the mail queue did not drain');
  };

  beforeAll(async () => {
    smtp = await startTestSmtp();
    app = await startTestApp({ now: () => JETZT, smtpUrl: smtp.url });
    admin = (await familie('Leitung', undefined, ['ROLE_ADMIN'])).token;
    for (const name of ['Fuchs', 'Bauer']) f[name] = await familie(name, 'Füchse');
    f.Eule = await familie('Eule', 'Eulen');
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('holidays entered in the Admin Center are accepted (201) and listed as closing weeks and days, the holiday type as the description', async () => {
    expect(
      await call(admin, 'POST', '/api/admin/holidays-by-date-range', {
        holidayType: 'Weihnachtsferien',
        startDate: '2026-12-23',
        endDate: '2027-01-08',
      }),
    ).toMatchObject({ status: 201, body: { wochen: 2, tage: 3, message: 'Ferienzeitraum erfolgreich erstellt' } });
    expect(
      (
        await call(admin, 'POST', '/api/admin/holidays-by-date-range', {
          holidayType: 'Brückentag',
          startDate: '2027-05-07',
          endDate: '2027-05-07',
        })
      ).status,
    ).toBe(201);

    // A parent reads them where the closing times are; every read of holidays: query-api/src/kalender (route test).
    expect((await wochen(f.Fuchs!.token)).map((w) => `${kw(w)} ${w.beschreibung} (${w.ferienart})`)).toEqual([
      '53/2026 Weihnachtsferien (Weihnachtsferien)',
      '1/2027 Weihnachtsferien (Weihnachtsferien)',
    ]);
    expect((await tage(f.Fuchs!.token)).map((t) => `${t.datum} ${t.beschreibung}`)).toEqual([
      '2026-12-23 Weihnachtsferien',
      '2026-12-24 Weihnachtsferien',
      '2026-12-25 Weihnachtsferien',
      '2027-05-07 Brückentag',
    ]);
  });

  it('holidays and closing weeks added over planned weeks free those duties and tell each family once by mail', async () => {
    for (const gruppe of ['Füchse', 'Eulen']) {
      const gruppeId = ((await get(admin, '/api/admin/gruppen')).body as { id: string; gruppenName: string }[]).find(
        (g) => g.gruppenName === gruppe,
      )!.id;
      const geplant = await call(admin, 'POST', '/api/admin/wasserdienst/bulk-assign', { jahr: 2027, startKW: 8, endKW: 9, gruppeId });
      expect(geplant).toMatchObject({ status: 200, body: { zugewiesen: 2 } });
    }
    const [acht, neun] = (await meineWochen(f.Fuchs!)).includes('8/2027') ? [f.Fuchs!, f.Bauer!] : [f.Bauer!, f.Fuchs!];
    expect(await meineWochen(acht)).toEqual(['8/2027']);
    expect(await meineWochen(neun)).toEqual(['9/2027']);
    expect(await meineWochen(f.Eule!)).toEqual(['8/2027', '9/2027']);

    // Faschingsferien over KW 8/2027 (Monday 22.02. to Friday 26.02.).
    expect(
      await call(admin, 'POST', '/api/admin/holidays-by-date-range', {
        holidayType: 'Faschingsferien',
        startDate: '2027-02-22',
        endDate: '2027-02-26',
      }),
    ).toMatchObject({ status: 201, body: { wochen: 1, tage: 0 } });
    expect(await meineWochen(acht)).toEqual([]);
    expect(await meineWochen(neun)).toEqual(['9/2027']);
    expect(await meineWochen(f.Eule!)).toEqual(['9/2027']);

    const betreff = 'Wasserdienst entfällt: KW 8/2027 (Faschingsferien)';
    await smtp.waitForMails(2, (m) => m.subject === betreff);
    await mailsVersendet();
    const ferienMails = smtp.mails.filter((m) => m.subject === betreff);
    expect(ferienMails.flatMap(empfaenger).sort()).toEqual([acht.email, f.Eule!.email].sort());
    const mail = ferienMails.find(an(acht.email))!;
    expect(mail.text).toContain(`Liebe Familie ${acht.nachname},`);
    expect(mail.text).toContain('der Waldkindergarten ist in KW 8/2027 vom 22.02.2027 bis 26.02.2027 geschlossen (Faschingsferien).');
    expect(mail.text).toContain('Ihr Wasserdienst in dieser Woche (Freitag, 26.02.2027) entfällt deshalb. Sie müssen nichts weiter tun.');
    expect(mail.text).toContain('/wasserdienst');
    expect(mail.html).toContain('Faschingsferien');
    expect(smtp.mails.filter(an(neun.email)).filter(entfaellt)).toEqual([]);

    // Entering the same holidays again changes nothing and mails nobody.
    expect(
      (
        await call(admin, 'POST', '/api/admin/holidays-by-date-range', {
          holidayType: 'Faschingsferien',
          startDate: '2027-02-22',
          endDate: '2027-02-26',
        })
      ).status,
    ).toBe(409);

    // A closing week from /schliesszeiten frees its duties the same way.
    expect(
      (await call(admin, 'POST', '/api/schliesszeiten', { jahr: 2027, kalenderwoche: 9, beschreibung: 'Teamfortbildung', isRange: false }))
        .status,
    ).toBe(201);
    expect(await meineWochen(neun)).toEqual([]);
    expect(await meineWochen(f.Eule!)).toEqual([]);
    await smtp.waitForMails(2, (m) => m.subject === 'Wasserdienst entfällt: KW 9/2027 (Schließzeit)');
    await mailsVersendet();
    const schliessMail = smtp.mails.find((m) => m.subject === 'Wasserdienst entfällt: KW 9/2027 (Schließzeit)' && an(neun.email)(m))!;
    expect(schliessMail.text).toContain('geschlossen (Schließzeit: Teamfortbildung).');
    expect(schliessMail.text).toContain('(Freitag, 05.03.2027)');

    // Each family heard exactly once per freed duty.
    expect(
      smtp.mails
        .filter(an(acht.email))
        .filter(entfaellt)
        .map((m) => m.subject),
    ).toEqual([betreff]);
    expect(
      smtp.mails
        .filter(an(neun.email))
        .filter(entfaellt)
        .map((m) => m.subject),
    ).toEqual(['Wasserdienst entfällt: KW 9/2027 (Schließzeit)']);
    expect(
      smtp.mails
        .filter(an(f.Eule!.email))
        .filter(entfaellt)
        .map((m) => m.subject),
    ).toEqual([betreff, 'Wasserdienst entfällt: KW 9/2027 (Schließzeit)']);
  });
});
