import { randomUUID } from 'node:crypto';
import { elternDecider, elternStream } from '@waldkita/domain/eltern/eltern';
import { aktuelleWoche, type IsoWoche, naechsteWoche, wochenAb } from '@waldkita/domain/kalender/iso-woche';
import { dienstplanDecider, dienstplanStream } from '@waldkita/domain/wasserdienst/dienstplan';
import { empfaenger, type ReceivedMail, startTestSmtp, type TestSmtp } from '@waldkita/platform/testing/test-smtp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayReadModels } from '../app.js';
import { startTestWorkers, TEST_APP_URL, type TestWorkers } from '../testing/test-workers.js';
import { erinnerungJobId } from './mail-queue.js';
import { freitag, kw, zeitpunktDeutsch } from './mail-templates.js';
import { ERINNERUNG_SCHEDULER, erinnereAnWasserdienste } from './wasserdienst-erinnerung.js';

const adresse = (name: string) => `${name.toLowerCase()}-${randomUUID().slice(0, 6)}@example.org`;
const betreff = (s: string) => (m: ReceivedMail) => m.subject === s;
const an = (email: string) => (m: ReceivedMail) => m.envelope.to.includes(email);
/** The password link of a mail's text part. */
const linkIn = (text: string) => /http\S+\/password-reset\?token=\S+/.exec(text)?.[0];

describe('mail: events become German mails, sent once', () => {
  let smtp: TestSmtp;
  let app: TestWorkers;
  let fuechse: string;
  let eulen: string;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    app = await startTestWorkers({ smtpUrl: smtp.url });
    fuechse = await app.gruppe('Füchse');
    eulen = await app.gruppe('Eulen');
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('welcomes a family created without a password with a link to set one, naming family, child and group', async () => {
    const email = adresse('fuchs');
    const { elternId, link } = await app.familie({
      nachname: 'Fuchs',
      email,
      gruppeId: fuechse,
      nameKind: 'Mila, Jonas',
      mitPasswort: false,
    });
    const mail = await smtp.waitForMail(an(email));

    expect(mail.subject).toBe('Willkommen im Elternportal des Waldkindergartens');
    expect(empfaenger(mail)).toEqual([email]);
    expect(mail.from?.value).toEqual([{ name: 'Waldkita Elternportal', address: 'no-reply@waldkita.example' }]);
    expect(mail.text).toContain('Liebe Familie Fuchs,');
    expect(mail.text).toContain('Ihre Familie gehört zur Gruppe „Füchse“. Wir freuen uns auf Mila und Jonas!');
    expect(mail.text).toContain(`Der Link ist gültig bis ${zeitpunktDeutsch(link.gueltigBis)} Uhr.`);
    expect(mail.text).toContain(`Sie melden sich mit dieser E-Mail-Adresse an: ${email}`);
    expect(mail.text).toMatch(/Viele Grüße\nIhr Waldkindergarten-Team\n?$/);
    // The link carries the token the command side redeems: derived from the link id with the server secret.
    const token = app.tokens.passwortLinkToken(link.linkId);
    expect(linkIn(mail.text!)).toBe(`${TEST_APP_URL}/password-reset?token=${token}`);
    expect(mail.text).not.toContain(link.linkId);
    expect(mail.html).toContain(`href="${TEST_APP_URL}/password-reset?token=${token}"`);
    expect(mail.messageId).toMatch(new RegExp(`-${elternId}@portal\\.waldkita\\.test>$`));
  });

  it('sends nothing to a family that got a password when it was created', async () => {
    const email = adresse('operator');
    await app.familie({ nachname: 'Operator', email, gruppeId: null, mitPasswort: true });
    await app.verarbeitet();
    await app.mailsErledigt();
    expect(smtp.mails.filter(an(email))).toEqual([]);
  });

  it('sends a reset link that says until when it is valid and that the mail can be ignored', async () => {
    const email = adresse('dachs');
    const { elternId } = await app.familie({ nachname: 'Dachs', email, gruppeId: fuechse });
    const linkId = randomUUID();
    const gueltigBis = new Date(Date.now() + 30 * 60_000).toISOString();
    await app.command(elternStream(elternId), elternDecider, {
      type: 'StellePasswortLinkAus',
      data: { elternId, linkId, zweck: 'zuruecksetzen', gueltigBis },
    });
    const mail = await smtp.waitForMail(an(email));
    expect(mail.subject).toBe('Passwort zurücksetzen – Waldkita Elternportal');
    expect(mail.text).toContain('Liebe Familie Dachs,');
    expect(linkIn(mail.text!)).toBe(`${TEST_APP_URL}/password-reset?token=${app.tokens.passwortLinkToken(linkId)}`);
    expect(mail.text).toContain(`Der Link ist gültig bis ${zeitpunktDeutsch(gueltigBis)} Uhr`);
    expect(zeitpunktDeutsch(gueltigBis)).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    expect(mail.text).toContain('Falls Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren.');
  });

  it('confirms a changed or reset password, but not the first one', async () => {
    const email = adresse('igel');
    const { elternId } = await app.familie({ nachname: 'Igel', email, gruppeId: fuechse });
    for (const grund of ['erstanlage', 'aenderung', 'zuruecksetzung'] as const)
      await app.command(elternStream(elternId), elternDecider, { type: 'SetzePasswort', data: { elternId, grund } });
    const mails = await smtp.waitForMails(2, an(email));
    await app.mailsErledigt();
    expect(smtp.mails.filter(an(email)).map((m) => m.subject)).toEqual(
      expect.arrayContaining(['Ihr Passwort wurde geändert', 'Ihr Passwort wurde zurückgesetzt']),
    );
    expect(smtp.mails.filter(an(email))).toHaveLength(2);
    const geaendert = mails.find(betreff('Ihr Passwort wurde geändert'))!;
    expect(geaendert.text).toMatch(/wurde am \d{2}\.\d{2}\.\d{4} um \d{2}:\d{2} Uhr geändert\./);
    expect(geaendert.text).toContain(`Passwort vergessen? (${TEST_APP_URL}/forgot-password)`);
  });

  describe('swaps', () => {
    const heute = aktuelleWoche(new Date());
    const [, w1, w2, w3, w4] = wochenAb(heute, 5) as [IsoWoche, IsoWoche, IsoWoche, IsoWoche, IsoWoche];
    let hasen: string;
    const familien: Record<string, { elternId: string; email: string }> = {};
    const dienste = { amsel: randomUUID(), biber: randomUUID(), hase: randomUUID() };

    beforeAll(async () => {
      hasen = await app.gruppe('Hasen');
      for (const [name, gruppeId] of [
        ['Amsel', hasen],
        ['Biber', hasen],
        ['Hase', hasen],
        ['Reh', hasen],
        ['Eule', eulen],
      ] as [string, string][]) {
        const email = adresse(name);
        familien[name] = { elternId: (await app.familie({ nachname: name, email, gruppeId })).elternId, email };
      }
      await app.command(dienstplanStream(hasen), dienstplanDecider, {
        type: 'WeiseWasserdiensteZu',
        data: {
          gruppeId: hasen,
          zuweisungen: [
            { ...w1, wasserdienstId: dienste.amsel, elternId: familien.Amsel!.elternId },
            { ...w2, wasserdienstId: dienste.biber, elternId: familien.Biber!.elternId },
            { ...w3, wasserdienstId: dienste.hase, elternId: familien.Hase!.elternId },
          ],
        },
      });
      // Reh leaves: a removed family hears nothing.
      await app.command(elternStream(familien.Reh!.elternId), elternDecider, {
        type: 'EntferneEltern',
        data: { elternId: familien.Reh!.elternId },
      });
    });

    it('tells the other active families of the group about an offer, with week, Friday, message and a link', async () => {
      const tauschId = randomUUID();
      await app.command(dienstplanStream(hasen), dienstplanDecider, {
        type: 'BieteTauschAn',
        data: {
          gruppeId: hasen,
          tauschId,
          wasserdienstId: dienste.amsel,
          elternId: familien.Amsel!.elternId,
          nachricht: 'Wir sind verreist.',
          heute,
        },
      });
      const subject = `Neues Tausch-Angebot: Wasserdienst ${kw(w1)}`;
      const mails = await smtp.waitForMails(2, betreff(subject));
      await app.mailsErledigt();
      const alle = smtp.mails.filter(betreff(subject));
      expect(alle.flatMap(empfaenger).sort()).toEqual([familien.Biber!.email, familien.Hase!.email].sort());
      const mail = mails.find(an(familien.Hase!.email))!;
      expect(mail.text).toContain('Liebe Familie Hase,');
      expect(mail.text).toContain(
        `Familie Amsel bietet ihren Wasserdienst in KW ${w1.kalenderwoche}/${w1.jahr} (Freitag, ${freitag(w1)}) zum Tausch an.`,
      );
      expect(freitag(w1)).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
      expect(mail.text).toContain('> Wir sind verreist.');
      expect(mail.text).toContain(`${TEST_APP_URL}/tauschboerse`);
      expect(mail.html).toContain(`href="${TEST_APP_URL}/tauschboerse"`);
    });

    it('confirms an accepted swap to both families, each with the week given away and the week taken over', async () => {
      const tauschId = randomUUID();
      await app.command(dienstplanStream(hasen), dienstplanDecider, {
        type: 'BieteTauschAn',
        data: { gruppeId: hasen, tauschId, wasserdienstId: dienste.biber, elternId: familien.Biber!.elternId, heute },
      });
      await app.command(dienstplanStream(hasen), dienstplanDecider, {
        type: 'NimmTauschAn',
        data: { gruppeId: hasen, tauschId, elternId: familien.Hase!.elternId, gegenWasserdienstId: dienste.hase, heute },
      });
      const biber = await smtp.waitForMail((m) => an(familien.Biber!.email)(m) && m.subject!.startsWith('Tausch bestätigt'));
      const hase = await smtp.waitForMail((m) => an(familien.Hase!.email)(m) && m.subject!.startsWith('Tausch bestätigt'));
      expect(biber.subject).toBe(`Tausch bestätigt: ${kw(w2)} gegen ${kw(w3)}`);
      expect(biber.text).toContain('Liebe Familie Biber,');
      expect(biber.text).toContain('Familie Hase hat Ihr Tausch-Angebot angenommen.');
      expect(biber.text).toContain(`Ihr Wasserdienst in ${kw(w2)} (Freitag, ${freitag(w2)}) übernimmt jetzt Familie Hase.`);
      expect(biber.text).toContain(`Sie übernehmen dafür den Wasserdienst in ${kw(w3)} (Freitag, ${freitag(w3)}).`);
      expect(hase.subject).toBe(`Tausch bestätigt: ${kw(w3)} gegen ${kw(w2)}`);
      expect(hase.text).toContain('Sie haben das Tausch-Angebot von Familie Biber angenommen.');
      expect(hase.text).toContain(`Ihr Wasserdienst in ${kw(w3)} (Freitag, ${freitag(w3)}) übernimmt jetzt Familie Biber.`);
      expect(hase.text).toContain(`Sie übernehmen dafür den Wasserdienst in ${kw(w2)} (Freitag, ${freitag(w2)}).`);
      await app.mailsErledigt();
      expect(
        smtp.mails
          .filter((m) => m.subject!.startsWith('Tausch bestätigt'))
          .flatMap(empfaenger)
          .sort(),
      ).toEqual([familien.Biber!.email, familien.Hase!.email].sort());
      // offers and confirmations stay inside the group
      expect(smtp.mails.filter(an(familien.Eule!.email))).toEqual([]);
    });

    it('escapes every value in the HTML part', async () => {
      const email = adresse('boese');
      const { elternId } = await app.familie({ nachname: 'Böse <b>&"', email, gruppeId: hasen });
      const wasserdienstId = randomUUID();
      await app.command(dienstplanStream(hasen), dienstplanDecider, {
        type: 'WeiseWasserdiensteZu',
        data: { gruppeId: hasen, zuweisungen: [{ ...w4, wasserdienstId, elternId }] },
      });
      await app.command(dienstplanStream(hasen), dienstplanDecider, {
        type: 'BieteTauschAn',
        data: { gruppeId: hasen, tauschId: randomUUID(), wasserdienstId, elternId, nachricht: '<img src=x onerror=alert(1)>', heute },
      });
      const mail = await smtp.waitForMail(
        (m) => an(familien.Hase!.email)(m) && m.subject === `Neues Tausch-Angebot: Wasserdienst ${kw(w4)}`,
      );
      expect(mail.text).toContain('Familie Böse <b>&" bietet');
      expect(mail.html).toContain('Familie Böse &lt;b&gt;&amp;&quot; bietet');
      expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
      expect(mail.html).not.toContain('<img');
      expect(mail.html).not.toContain('<b>');
    });
  });

  it('reminds the families on duty next week, once per family and week', async () => {
    const jetzt = new Date();
    const naechste = naechsteWoche(aktuelleWoche(jetzt));
    const gruppeId = await app.gruppe('Biber');
    const email = adresse('wolf');
    const { elternId } = await app.familie({ nachname: 'Wolf', email, gruppeId });
    const other = { email: adresse('luchs'), elternId: '' };
    other.elternId = (await app.familie({ nachname: 'Luchs', email: other.email, gruppeId })).elternId;
    await app.command(dienstplanStream(gruppeId), dienstplanDecider, {
      type: 'WeiseWasserdiensteZu',
      data: {
        gruppeId,
        zuweisungen: [
          { ...naechste, wasserdienstId: randomUUID(), elternId },
          { ...naechsteWoche(naechste), wasserdienstId: randomUUID(), elternId: other.elternId },
        ],
      },
    });
    await app.verarbeitet();
    const deps = { pool: app.db.pool, mailQueue: app.workers.mailQueue };
    // The weekly job itself, as the scheduler runs it on Friday evening, then the same run again.
    await app.workers.erinnerungQueue.add('erinnern', { bezug: jetzt.toISOString() });
    await app.workers.erinnerungQueue.add('erinnern', { bezug: jetzt.toISOString() });
    const mail = await smtp.waitForMail(an(email));
    expect(await erinnereAnWasserdienste(deps, jetzt)).toMatchObject({ woche: naechste });
    await app.mailsErledigt();
    expect(mail.subject).toBe(`Erinnerung: Ihr Wasserdienst in ${kw(naechste)}`);
    expect(mail.text).toContain(`nächste Woche hat Ihre Familie Wasserdienst: ${kw(naechste)} (Freitag, ${freitag(naechste)})`);
    expect(mail.text).toContain(`${TEST_APP_URL}/tauschboerse`);
    expect(mail.messageId).toContain(erinnerungJobId(naechste, elternId));
    expect(smtp.mails.filter(an(email))).toHaveLength(1);
    // exactly the families on duty next week (the swap tests above put one there too), not Luchs a week later
    const { rows } = await app.db.pool.query<{ email: string }>(
      'SELECT e.email FROM rm.wasserdienst w JOIN rm.eltern e USING (eltern_id) WHERE w.jahr = $1 AND w.kalenderwoche = $2',
      [naechste.jahr, naechste.kalenderwoche],
    );
    expect(rows.map((r) => r.email)).toContain(email);
    await smtp.waitForMails(rows.length, (m) => m.subject === mail.subject);
    expect(
      smtp.mails
        .filter((m) => m.subject === mail.subject)
        .flatMap(empfaenger)
        .sort(),
    ).toEqual(rows.map((r) => r.email).sort());
    expect(smtp.mails.filter(an(other.email))).toEqual([]);
  });

  it('keeps one weekly reminder schedule: Fridays 17:00 in Berlin, however often the workers start', async () => {
    await app.stopWorkers();
    await app.startWorkers();
    const schedulers = await app.workers.erinnerungQueue.getJobSchedulers();
    expect(schedulers).toHaveLength(1);
    expect(schedulers[0]).toMatchObject({ key: ERINNERUNG_SCHEDULER, pattern: '0 17 * * 5', tz: 'Europe/Berlin' });
    const naechster = new Date(schedulers[0]!.next!);
    const berlin = new Intl.DateTimeFormat('de-DE', {
      timeZone: 'Europe/Berlin',
      weekday: 'long',
      hour: '2-digit',
      minute: '2-digit',
    }).format(naechster);
    expect(berlin).toBe('Freitag, 17:00');
  });

  it('sends nothing again when the read models are replayed or the mail reactor starts over from the first event', async () => {
    await app.verarbeitet();
    await app.mailsErledigt();
    const vorher = smtp.mails.length;
    expect(vorher).toBeGreaterThan(10);

    await replayReadModels(app.store, app.db.pool);
    // The reactors' checkpoints lost, then the workers start again (a reactor reads its checkpoint
    // when it starts and keeps it in memory while it runs).
    await app.stopWorkers();
    await app.db.pool.query("DELETE FROM projector_checkpoints WHERE name IN ('reactor-mail', 'reactor-rota')");
    await app.startWorkers();
    // one more event, so the reactors visibly pass the whole log again
    const email = adresse('spaet');
    await app.familie({ nachname: 'Spät', email, gruppeId: fuechse, mitPasswort: false });
    await smtp.waitForMail(an(email));
    await app.verarbeitet();
    await app.mailsErledigt();
    expect(smtp.mails.slice(vorher).map((m) => [m.subject, m.envelope.to])).toEqual([
      ['Willkommen im Elternportal des Waldkindergartens', [email]],
    ]);
    const ids = smtp.mails.map((m) => m.messageId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
