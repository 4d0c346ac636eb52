import { randomUUID } from 'node:crypto';
import { ANPASSUNGEN_STREAM, anpassungDecider, anpassungProFamilie, type FamilienAenderung } from '@waldkita/domain/dienste/anpassung';
import { DIENSTARTEN_STREAM, type DienstartAngaben, dienstartenDecider } from '@waldkita/domain/dienste/dienstart';
import { type DiensteEvent, diensteDecider, diensteStream, KITA_BEREICH } from '@waldkita/domain/dienste/dienste';
import { isoWochentag, terminText } from '@waldkita/domain/dienste/termine';
import { aktuelleWoche, heuteInBerlin, type IsoWoche, plusTage, wochenAb } from '@waldkita/domain/kalender/iso-woche';
import { benachrichtigungDecider, benachrichtigungenStream, STANDARD_WAHL } from '@waldkita/domain/push/benachrichtigungen';
import { fold } from '@waldkita/domain/shared/decider';
import { type DienstplanEvent, dienstplanDecider, dienstplanStream } from '@waldkita/domain/wasserdienst/dienstplan';
import { empfaenger, type ReceivedMail, startTestSmtp, type TestSmtp } from '@waldkita/platform/testing/test-smtp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestWorkers, TEST_APP_URL, type TestWorkers } from '../testing/test-workers.js';
import { DIENST_ERINNERUNG_SCHEDULER, erinnereAnDienste } from './dienst-erinnerung.js';
import { freitag, kw } from './mail-templates.js';

const adresse = (name: string) => `${name.toLowerCase()}-${randomUUID().slice(0, 6)}@example.org`;
const an = (email: string) => (m: ReceivedMail) => m.envelope.to.includes(email);
const betreff = (s: string) => (m: ReceivedMail) => m.subject === s;

const art = (name: string, angaben: Partial<DienstartAngaben> = {}): DienstartAngaben => ({
  name,
  beschreibung: '',
  rhythmus: 'wochenende',
  bereich: 'gruppe',
  familienProTermin: 1,
  stunden: 2,
  pausiertBeiSchliessung: true,
  ...angaben,
});

describe('mail of the other duty kinds: plans, swaps, closings, reminders', () => {
  let smtp: TestSmtp;
  let app: TestWorkers;
  let fuechse: string;
  let eulen: string;
  const f: Record<string, { elternId: string; email: string }> = {};
  const bauwagen = randomUUID();
  const tee = randomUUID();
  const heute = heuteInBerlin(new Date());

  /** Plans a kind in a scope for some families; answers the dates each family got. */
  const plane = async (dienstartId: string, bereichId: string, angaben: DienstartAngaben, von: string, bis: string, familien: string[]) => {
    const ids = Array.from({ length: 60 }, () => randomUUID());
    const { events } = await app.command(diensteStream(dienstartId, bereichId), diensteDecider, {
      type: 'PlaneDienste',
      data: {
        dienstartId,
        bereichId,
        planId: randomUUID(),
        ids,
        heute,
        von,
        bis,
        art: angaben,
        geschlossen: { wochen: [], tage: [] },
        familien,
        anteile: [],
        saldo: [],
        abwesenheiten: [],
        belegt: [],
      },
    });
    return (events as DiensteEvent[]).flatMap((e) => (e.type === 'DienstZugewiesen' ? [e.data] : []));
  };

  beforeAll(async () => {
    smtp = await startTestSmtp();
    app = await startTestWorkers({ smtpUrl: smtp.url });
    fuechse = await app.gruppe('Füchse');
    eulen = await app.gruppe('Eulen');
    for (const [name, gruppeId] of [
      ['Amsel', fuechse],
      ['Biber', fuechse],
      ['Dachs', fuechse],
      ['Eule', eulen],
      ['Falke', eulen],
    ] as [string, string][]) {
      const email = adresse(name);
      f[name] = { elternId: (await app.familie({ nachname: name, email, gruppeId })).elternId, email };
    }
    await app.command(DIENSTARTEN_STREAM, dienstartenDecider, {
      type: 'LegeDienstartAn',
      data: { dienstartId: bauwagen, ...art('Bauwagen putzen') },
    });
    await app.command(DIENSTARTEN_STREAM, dienstartenDecider, {
      type: 'LegeDienstartAn',
      data: { dienstartId: tee, ...art('Tee kochen', { rhythmus: 'wochentage', wochentage: [1, 2, 3, 4, 5], bereich: 'kita' }) },
    });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('mails each family of a plan once, listing its new dates of that kind; nobody else', async () => {
    const von = plusTage(heute, 14);
    const bis = plusTage(von, 27);
    const neu = await plane(bauwagen, fuechse, art('Bauwagen putzen'), von, bis, [f.Amsel!.elternId, f.Biber!.elternId]);
    expect(neu.length).toBe(4);
    for (const name of ['Amsel', 'Biber']) {
      const termine = neu.filter((d) => d.elternId === f[name]!.elternId).sort((a, b) => (a.von < b.von ? -1 : 1));
      expect(termine.length).toBe(2);
      const jahre = [...new Set(termine.map((t) => t.von.slice(0, 4)))].join('/');
      const mail = await smtp.waitForMail((m) => an(f[name]!.email)(m) && m.subject!.startsWith('Ihre Termine'));
      expect(mail.subject).toBe(`Ihre Termine: Bauwagen putzen ${jahre}`);
      expect(mail.text).toContain(`Liebe Familie ${name},`);
      const [j1, m1, t1] = von.split('-');
      const [j2, m2, t2] = bis.split('-');
      expect(mail.text).toContain(
        `die Termine für „Bauwagen putzen“ in Ihrer Gruppe „Füchse“ vom ${t1}.${m1}.${j1} bis ${t2}.${m2}.${j2} sind eingeteilt. Ihre Familie hat an diesen 2 Terminen Dienst:`,
      );
      for (const t of termine) expect(mail.text).toContain(`- ${terminText(t)}`);
      expect(terminText(termine[0]!)).toMatch(/^Sa \d{2}\.\d{2}\.(\d{4})?–So \d{2}\.\d{2}\.\d{4}$/);
      expect(mail.text).toContain(`${TEST_APP_URL}/dienste`);
    }
    await app.verarbeitet();
    await app.mailsErledigt();
    expect(
      smtp.mails
        .filter((m) => m.subject!.startsWith('Ihre Termine'))
        .flatMap(empfaenger)
        .sort(),
    ).toEqual([f.Amsel!.email, f.Biber!.email].sort());
  });

  describe('swaps of a kind of the whole kindergarten', () => {
    let dienste: { dienstId: string; elternId: string; von: string; bis: string }[];
    const von = plusTage(heute, 7);

    beforeAll(async () => {
      // Tee kochen, weekdays of the week after next, for one family of each group.
      dienste = await plane(
        tee,
        KITA_BEREICH,
        art('Tee kochen', { rhythmus: 'wochentage', wochentage: [1, 2, 3, 4, 5], bereich: 'kita' }),
        von,
        plusTage(von, 6),
        [f.Amsel!.elternId, f.Eule!.elternId],
      );
      // Falke chose no mail for new offers.
      await app.command(benachrichtigungenStream(f.Falke!.elternId), benachrichtigungDecider, {
        type: 'WaehleBenachrichtigungen',
        data: { elternId: f.Falke!.elternId, wahl: { ...STANDARD_WAHL, neuesAngebot: { push: true, mail: false } } },
      });
      await app.verarbeitet();
      await app.mailsErledigt();
    });

    const von_ = (elternId: string) => dienste.filter((d) => d.elternId === elternId).sort((a, b) => (a.von < b.von ? -1 : 1));

    it('offers go to every family of the kindergarten but the offering one and those that chose no mail; the withdrawal to the same', async () => {
      const dienst = von_(f.Amsel!.elternId)[0]!;
      const tauschId = randomUUID();
      await app.command(diensteStream(tee, KITA_BEREICH), diensteDecider, {
        type: 'BieteDienstTauschAn',
        data: {
          dienstartId: tee,
          bereichId: KITA_BEREICH,
          tauschId,
          dienstId: dienst.dienstId,
          elternId: f.Amsel!.elternId,
          nachricht: 'Wir sind beim Zahnarzt.',
          heute,
        },
      });
      const subject = `Neues Tausch-Angebot: Tee kochen ${terminText(dienst)}`;
      await smtp.waitForMails(3, betreff(subject));
      await app.verarbeitet();
      await app.mailsErledigt();
      expect(smtp.mails.filter(betreff(subject)).flatMap(empfaenger).sort()).toEqual(
        [f.Biber!.email, f.Dachs!.email, f.Eule!.email].sort(),
      );
      const mail = smtp.mails.find((m) => betreff(subject)(m) && an(f.Eule!.email)(m))!;
      expect(mail.text).toContain(`Familie Amsel bietet ihren Dienst „Tee kochen“ am ${terminText(dienst)} zum Tausch an.`);
      expect(mail.text).toContain('> Wir sind beim Zahnarzt.');
      expect(mail.text).toContain(`${TEST_APP_URL}/tauschboerse`);

      await app.command(diensteStream(tee, KITA_BEREICH), diensteDecider, {
        type: 'ZieheDienstTauschZurueck',
        data: { dienstartId: tee, bereichId: KITA_BEREICH, tauschId, elternId: f.Amsel!.elternId },
      });
      const zurueck = `Tausch-Angebot zurückgezogen: Tee kochen ${terminText(dienst)}`;
      await smtp.waitForMails(3, betreff(zurueck));
      await app.verarbeitet();
      await app.mailsErledigt();
      expect(smtp.mails.filter(betreff(zurueck)).flatMap(empfaenger).sort()).toEqual(
        [f.Biber!.email, f.Dachs!.email, f.Eule!.email].sort(),
      );
      expect(smtp.mails.filter(an(f.Falke!.email))).toEqual([]);
    });

    it('an accepted swap is confirmed to both families, each with the date given away and the date taken over', async () => {
      const [amsel] = von_(f.Amsel!.elternId).filter((a) => !von_(f.Eule!.elternId).some((e) => e.von === a.von));
      const [eule] = von_(f.Eule!.elternId).filter((e) => !von_(f.Amsel!.elternId).some((a) => a.von === e.von));
      const tauschId = randomUUID();
      const stream = diensteStream(tee, KITA_BEREICH);
      const kopf = { dienstartId: tee, bereichId: KITA_BEREICH };
      await app.command(stream, diensteDecider, {
        type: 'BieteDienstTauschAn',
        data: { ...kopf, tauschId, dienstId: amsel!.dienstId, elternId: f.Amsel!.elternId, heute },
      });
      await app.command(stream, diensteDecider, {
        type: 'NimmDienstTauschAn',
        data: { ...kopf, tauschId, elternId: f.Eule!.elternId, gegenDienstId: eule!.dienstId, heute },
      });
      const amselMail = await smtp.waitForMail((m) => an(f.Amsel!.email)(m) && m.subject!.startsWith('Tausch bestätigt'));
      const euleMail = await smtp.waitForMail((m) => an(f.Eule!.email)(m) && m.subject!.startsWith('Tausch bestätigt'));
      expect(amselMail.subject).toBe(`Tausch bestätigt: Tee kochen ${terminText(amsel!)} gegen ${terminText(eule!)}`);
      expect(amselMail.text).toContain('Familie Eule hat Ihr Tausch-Angebot für „Tee kochen“ angenommen.');
      expect(amselMail.text).toContain(`Ihren Termin am ${terminText(amsel!)} übernimmt jetzt Familie Eule.`);
      expect(amselMail.text).toContain(`Sie übernehmen dafür den Termin am ${terminText(eule!)}.`);
      expect(euleMail.subject).toBe(`Tausch bestätigt: Tee kochen ${terminText(eule!)} gegen ${terminText(amsel!)}`);
      expect(euleMail.text).toContain('Sie haben das Tausch-Angebot von Familie Amsel für „Tee kochen“ angenommen.');
    });

    it('a date given away and taken over is told to both, but not to the giver who chose no mail for it', async () => {
      const stream = diensteStream(tee, KITA_BEREICH);
      const kopf = { dienstartId: tee, bereichId: KITA_BEREICH };
      const plan = [...fold(diensteDecider, (await app.store.readStream(stream)).events as never).dienste.values()];
      const [erster, zweiter] = plan.filter((d) => d.elternId === f.Eule!.elternId).sort((a, b) => (a.von < b.von ? -1 : 1));
      expect(zweiter).toBeDefined();
      // First take-over: both hear of it.
      const t1 = randomUUID();
      await app.command(stream, diensteDecider, {
        type: 'BieteDienstTauschAn',
        data: { ...kopf, tauschId: t1, dienstId: erster!.dienstId, elternId: f.Eule!.elternId, abgeben: true, heute },
      });
      const abzugeben = await smtp.waitForMail(
        (m) => an(f.Biber!.email)(m) && m.subject === `Tee kochen abzugeben: ${terminText(erster!)}`,
      );
      expect(abzugeben.text).toContain(
        `Familie Eule gibt ihren Dienst „Tee kochen“ am ${terminText(erster!)} ab und sucht eine Familie, die ihn übernimmt.`,
      );
      await app.command(stream, diensteDecider, {
        type: 'NimmDienstTauschAn',
        data: { ...kopf, tauschId: t1, elternId: f.Biber!.elternId, gegenDienstId: null, heute },
      });
      const subject = `Dienst übernommen: Tee kochen ${terminText(erster!)}`;
      await smtp.waitForMails(2, betreff(subject));
      const euleMail = smtp.mails.find((m) => betreff(subject)(m) && an(f.Eule!.email)(m))!;
      expect(euleMail.text).toContain(
        `Familie Biber hat Ihren Dienst „Tee kochen“ am ${terminText(erster!)} übernommen. Sie müssen an diesem Termin nichts mehr tun.`,
      );
      const biberMail = smtp.mails.find((m) => betreff(subject)(m) && an(f.Biber!.email)(m))!;
      expect(biberMail.text).toContain(
        `Sie haben den Dienst „Tee kochen“ von Familie Eule am ${terminText(erster!)} übernommen. Vielen Dank!`,
      );

      // Eule now chooses no mail for 'angebotAngenommen': the second take-over mails only the taker.
      await app.command(benachrichtigungenStream(f.Eule!.elternId), benachrichtigungDecider, {
        type: 'WaehleBenachrichtigungen',
        data: { elternId: f.Eule!.elternId, wahl: { ...STANDARD_WAHL, angebotAngenommen: { push: true, mail: false } } },
      });
      const t2 = randomUUID();
      await app.command(stream, diensteDecider, {
        type: 'BieteDienstTauschAn',
        data: { ...kopf, tauschId: t2, dienstId: zweiter!.dienstId, elternId: f.Eule!.elternId, abgeben: true, heute },
      });
      await app.command(stream, diensteDecider, {
        type: 'NimmDienstTauschAn',
        data: { ...kopf, tauschId: t2, elternId: f.Dachs!.elternId, gegenDienstId: null, heute },
      });
      const zweiterBetreff = `Dienst übernommen: Tee kochen ${terminText(zweiter!)}`;
      await smtp.waitForMail((m) => betreff(zweiterBetreff)(m) && an(f.Dachs!.email)(m));
      await app.verarbeitet();
      await app.mailsErledigt();
      expect(smtp.mails.filter(betreff(zweiterBetreff)).flatMap(empfaenger)).toEqual([f.Dachs!.email]);
    });
  });

  describe('after a closing: one mail per family for every kind', () => {
    it('a family whose only change is one freed water-duty week gets the mail it always got; one with more gets the summary', async () => {
      const hasen = await app.gruppe('Hasen');
      const hase = { email: adresse('Hase'), elternId: '' };
      const igel = { email: adresse('Igel'), elternId: '' };
      hase.elternId = (await app.familie({ nachname: 'Hase', email: hase.email, gruppeId: hasen })).elternId;
      igel.elternId = (await app.familie({ nachname: 'Igel', email: igel.email, gruppeId: hasen })).elternId;
      const [, , w2, w3] = wochenAb(aktuelleWoche(new Date()), 4) as IsoWoche[];
      await app.command(dienstplanStream(hasen), dienstplanDecider, {
        type: 'WeiseWasserdiensteZu',
        data: {
          gruppeId: hasen,
          zuweisungen: [
            { ...w2!, wasserdienstId: randomUUID(), elternId: hase.elternId },
            { ...w3!, wasserdienstId: randomUUID(), elternId: igel.elternId },
          ],
        },
      });
      // Both weeks close (Weihnachtsferien), in one append with the summary, as the command side does it.
      const { events } = await app.command(dienstplanStream(hasen), dienstplanDecider, {
        type: 'GebeGeschlosseneWochenFrei',
        data: {
          gruppeId: hasen,
          heute: aktuelleWoche(new Date()),
          wochen: [w2!, w3!].map((w) => ({ ...w, ferienart: 'Weihnachtsferien' as const, beschreibung: 'Weihnachtsferien' })),
        },
      });
      const namen = new Map([
        ['wasserdienst', 'Wasserdienst'],
        [bauwagen, 'Bauwagen putzen'],
      ]);
      const familien: FamilienAenderung[] = anpassungProFamilie(events as DienstplanEvent[], namen).map((a) =>
        a.elternId === igel.elternId
          ? {
              ...a,
              neu: [{ von: '2027-01-09', bis: '2027-01-10', dienstartId: bauwagen, dienstart: 'Bauwagen putzen' }],
              abgegeben: [{ von: '2027-01-16', bis: '2027-01-17', dienstartId: bauwagen, dienstart: 'Bauwagen putzen' }],
            }
          : a,
      );
      expect(familien.map((a) => a.elternId).sort()).toEqual([hase.elternId, igel.elternId].sort());
      await app.command(ANPASSUNGEN_STREAM, anpassungDecider, {
        type: 'MeldeAnpassung',
        data: { anpassungId: randomUUID(), anlass: 'Weihnachtsferien', familien },
      });

      const haseMail = await smtp.waitForMail(an(hase.email));
      expect(haseMail.subject).toBe(`Wasserdienst entfällt: ${kw(w2!)} (Weihnachtsferien)`);
      expect(haseMail.text).toContain(
        `Ihr Wasserdienst in dieser Woche (Freitag, ${freitag(w2!)}) entfällt deshalb. Sie müssen nichts weiter tun.`,
      );
      const igelMail = await smtp.waitForMail(an(igel.email));
      expect(igelMail.subject).toBe('Ihre Dienste ändern sich: Weihnachtsferien');
      expect(igelMail.text).toContain('Liebe Familie Igel,');
      expect(igelMail.text).toContain('der Waldkindergarten ist geschlossen (Weihnachtsferien).');
      expect(igelMail.text).toContain(
        `Entfällt – an diesen Terminen müssen Sie nichts tun:\n\n- Wasserdienst: ${kw(w3!)} (Freitag, ${freitag(w3!)})`,
      );
      expect(igelMail.text).toContain(
        'Neu für Sie – diese Termine übernimmt jetzt Ihre Familie:\n\n- Bauwagen putzen: Sa 09.01.–So 10.01.2027',
      );
      expect(igelMail.text).toContain(
        'Abgegeben – diese Termine übernimmt jetzt eine andere Familie:\n\n- Bauwagen putzen: Sa 16.01.–So 17.01.2027',
      );
      expect(igelMail.html).toContain('<li>Bauwagen putzen: Sa 09.01.–So 10.01.2027</li>');
      await app.verarbeitet();
      await app.mailsErledigt();
      // The freed weeks themselves mail nothing: exactly one mail each.
      expect(smtp.mails.filter(an(hase.email))).toHaveLength(1);
      expect(smtp.mails.filter(an(igel.email))).toHaveLength(1);
    });
  });

  describe('the evening before a date', () => {
    it('reminds each family whose date starts tomorrow once, however often the job runs; by a daily schedule at 17:00 in Berlin', async () => {
      const morgen = plusTage(heute, 1);
      const kochen = randomUUID();
      const angaben = art('Kochen', { rhythmus: 'wochentage', wochentage: [isoWochentag(morgen)], familienProTermin: 2 });
      await app.command(DIENSTARTEN_STREAM, dienstartenDecider, { type: 'LegeDienstartAn', data: { dienstartId: kochen, ...angaben } });
      const neu = await plane(kochen, fuechse, angaben, morgen, plusTage(morgen, 3), [f.Amsel!.elternId, f.Dachs!.elternId]);
      expect(neu.map((d) => d.elternId).sort()).toEqual([f.Amsel!.elternId, f.Dachs!.elternId].sort());
      // Dachs chose no mail for reminders.
      await app.command(benachrichtigungenStream(f.Dachs!.elternId), benachrichtigungDecider, {
        type: 'WaehleBenachrichtigungen',
        data: { elternId: f.Dachs!.elternId, wahl: { ...STANDARD_WAHL, dienstErinnerung: { push: true, mail: false } } },
      });
      await app.verarbeitet();
      await app.mailsErledigt();
      const jetzt = new Date();
      await app.workers.dienstErinnerungQueue.add('erinnern', { bezug: jetzt.toISOString() });
      const subject = `Erinnerung: Kochen, ${terminText({ von: morgen, bis: morgen })}`;
      const mail = await smtp.waitForMail(betreff(subject));
      expect(await erinnereAnDienste({ pool: app.db.pool, mailQueue: app.workers.mailQueue }, jetzt)).toMatchObject({
        tag: morgen,
        familien: 2,
        mails: 1,
      });
      await app.workers.dienstErinnerungQueue.add('erinnern', { bezug: jetzt.toISOString() });
      await new Promise((r) => setTimeout(r, 500));
      await app.mailsErledigt();
      expect(smtp.mails.filter(betreff(subject)).flatMap(empfaenger)).toEqual([f.Amsel!.email]);
      expect(mail.text).toContain('morgen beginnt ein Dienst Ihrer Familie:');
      expect(mail.text).toContain(`- Kochen: ${terminText({ von: morgen, bis: morgen })}`);
      expect(mail.messageId).toContain(`dienst-erinnerung-${morgen}-${f.Amsel!.elternId}`);

      const schedulers = await app.workers.dienstErinnerungQueue.getJobSchedulers();
      expect(schedulers).toHaveLength(1);
      expect(schedulers[0]).toMatchObject({ key: DIENST_ERINNERUNG_SCHEDULER, pattern: '0 17 * * *', tz: 'Europe/Berlin' });
      const berlin = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit' }).format(
        new Date(schedulers[0]!.next!),
      );
      expect(berlin).toBe('17:00');
    });
  });

  it('sends nothing again when the mail reactor starts over from the first event', async () => {
    await app.verarbeitet();
    await app.mailsErledigt();
    const vorher = smtp.mails.length;
    await app.stopWorkers();
    await app.db.pool.query("DELETE FROM projector_checkpoints WHERE name IN ('reactor-mail', 'reactor-push')");
    await app.startWorkers();
    const email = adresse('spaet');
    await app.familie({ nachname: 'Spät', email, gruppeId: fuechse, mitPasswort: false });
    await smtp.waitForMail(an(email));
    await app.verarbeitet();
    await app.mailsErledigt();
    expect(smtp.mails.slice(vorher).map((m) => [m.subject, m.envelope.to])).toEqual([
      ['Willkommen im Elternportal des Waldkindergartens', [email]],
    ]);
  });
});
