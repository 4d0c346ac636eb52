// Needs the whole app: the reactors and workers send push (to a receiver that decrypts like a browser) and mail (SMTP).
// The offer's and take-over's routes alone: command-api/src/tausch/tausch-routes.test.ts.
import { weiseWasserdiensteZu } from '@waldkita/command-api/wasserdienst/weise-wasserdienste-zu';
import { STANDARD_WAHL } from '@waldkita/domain/push/benachrichtigungen';
import { parsePosition } from '@waldkita/platform/event-store/event-store';
import { an, type ReceivedMail, startTestSmtp, type TestSmtp } from '@waldkita/platform/testing/test-smtp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, json, startTestApp, type TestApp } from './testing/test-app.js';
import { type EmpfangenePush, startTestPushReceiver, type TestGeraet, type TestPushReceiver } from './testing/test-push-receiver.js';

/** Friday of ISO week 47 of 2026, 10:00 in Berlin: weeks 48… can be given away. */
const JETZT = new Date('2026-11-20T10:00:00+01:00');
const PASSWORT = 'uebernahme-123';

type Familie = { elternId: string; email: string; token: string; nachname: string };

const warte = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('push for duties given away and taken over (issue 17), delivered to a push service that decrypts like a browser', () => {
  let app: TestApp;
  let smtp: TestSmtp;
  let dienst: TestPushReceiver;
  const f: Record<string, Familie> = {};
  const geraet: Record<string, TestGeraet> = {};
  /** wasserdienstId by "Fuchs <week>". */
  const dienste: Record<string, string> = {};
  /** Fuchs's week 48, given away in the first test and taken over in the second. */
  let angebot48 = '';
  const { call, remember } = apiClient(() => app.baseUrl);

  const abonniere = async (x: Familie, g: TestGeraet) => {
    const response = await fetch(`${app.baseUrl}/api/push/abos`, {
      method: 'POST',
      headers: { authorization: `Bearer ${x.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(g.abo),
    });
    remember(parsePosition(response.headers.get('x-event-position') ?? ''));
    expect(response.status, JSON.stringify(await json(response))).toBe(201);
  };

  /** Fuchs gives the duty of a week away ('Dienst abgeben'); answers the offer's id. */
  const gibAb = async (kw: number) => {
    const antwort = await call(f.Fuchs!.token, 'POST', '/api/tausch', { wasserdienstId: dienste[`Fuchs ${kw}`], abgeben: true });
    expect(antwort.status).toBe(201);
    return antwort.headers.get('x-tausch-id')!;
  };

  const uebernimm = async (x: Familie, tauschId: string) =>
    expect(await call(x.token, 'PUT', `/api/tausch/${tauschId}/accept`, {})).toEqual({
      status: 200,
      body: { id: tauschId, bestaetigt: true, message: 'Dienst übernommen!' },
    });

  const waehle = async (x: Familie, wahl: typeof STANDARD_WAHL) =>
    expect((await call(x.token, 'PUT', '/api/push/einstellungen', wahl)).status).toBe(200);

  const mitTag = (tag: string) => (p: EmpfangenePush) => p.nachricht.tag === tag;
  const geraeteMit = (tag: string) =>
    dienst.empfangen
      .filter(mitTag(tag))
      .map((p) => p.geraet)
      .sort();
  const mailAn = (x: Familie, betreff: string) => (m: ReceivedMail) => an(x.email)(m) && m.subject === betreff;

  beforeAll(async () => {
    [smtp, dienst] = await Promise.all([startTestSmtp(), startTestPushReceiver()]);
    app = await startTestApp({ now: () => JETZT, smtpUrl: smtp.url, env: { PUSH_ENDPOINT_ALLOWLIST: dienst.prefix } });
    for (const name of ['Fuchs', 'Bauer', 'Wagner']) {
      const x = await app.angemeldeteFamilie(name, PASSWORT, remember, 'Füchse');
      f[name] = { ...x, nachname: name };
    }
    f.Eule = { ...(await app.angemeldeteFamilie('Eule', PASSWORT, remember, 'Eulen')), nachname: 'Eule' };
    const { rows } = await app.db.pool.query<{ gruppe_id: string }>(`SELECT gruppe_id FROM rm.gruppe WHERE name = 'Füchse'`);
    const eintraege = [48, 49, 50].map((kw) => ({ elternId: f.Fuchs!.elternId, jahr: 2026, kalenderwoche: kw }));
    const { zuweisungen, position } = await weiseWasserdiensteZu(app.runtime, rows[0]!.gruppe_id, eintraege, { actorId: null });
    remember(position);
    for (const z of zuweisungen) dienste[`Fuchs ${z.kalenderwoche}`] = z.wasserdienstId;
    for (const [name, x] of [
      ['fuchs-handy', f.Fuchs!],
      ['fuchs-tablet', f.Fuchs!],
      ['bauer-handy', f.Bauer!],
      ['wagner-handy', f.Wagner!],
      ['eule-handy', f.Eule!],
    ] as const) {
      geraet[name] = dienst.geraet(name);
      await abonniere(x, geraet[name]);
    }
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await Promise.all([smtp?.close(), dienst?.close()]);
  });

  it('a duty given away: the group’s other families get “Wasserdienst abzugeben” by push; not the giver, not another group', async () => {
    const tauschId = await gibAb(48);
    angebot48 = tauschId;
    const tag = `angebot-${tauschId}`;
    const [beiBauer] = await dienst.warteAuf(1, (p) => p.geraet === 'bauer-handy' && p.nachricht.tag === tag);
    expect(beiBauer!.nachricht).toEqual({
      title: 'Wasserdienst abzugeben',
      body: 'Familie Fuchs gibt den Wasserdienst in KW 48/2026 (Freitag, 27.11.2026) ab. Können Sie ihn übernehmen?',
      url: '/tauschboerse',
      tag,
    });
    await dienst.warteAuf(2, mitTag(tag));
    await smtp.waitForMails(2, (m) => m.subject === 'Wasserdienst abzugeben: KW 48/2026');
    await warte(500);
    expect(geraeteMit(tag)).toEqual(['bauer-handy', 'wagner-handy']);
  });

  it('taken over: each device of the family that gave it away gets “Ihr Dienst wurde übernommen” once; the taker gets no push', async () => {
    const tauschId = angebot48;
    await uebernimm(f.Bauer!, tauschId);
    const tag = `tausch-${tauschId}`;
    const angekommen = await dienst.warteAuf(2, mitTag(tag));
    expect(angekommen[0]!.nachricht).toEqual({
      title: 'Ihr Dienst wurde übernommen',
      body: 'Familie Bauer hat Ihren Wasserdienst in KW 48/2026 (Freitag, 27.11.2026) übernommen. Sie müssen an diesem Termin nichts mehr tun.',
      url: '/wasserdienst',
      tag,
    });
    // The mails go as before: to the giver and to the taker.
    await smtp.waitForMail(mailAn(f.Fuchs!, 'Dienst übernommen: KW 48/2026'));
    await smtp.waitForMail(mailAn(f.Bauer!, 'Dienst übernommen: KW 48/2026'));
    await warte(1000);
    expect(geraeteMit(tag)).toEqual(['fuchs-handy', 'fuchs-tablet']);
    expect(dienst.fehler).toEqual([]);
  });

  it('follows the choice for “Ihr Angebot wurde angenommen”: push off sends only the mail', async () => {
    await waehle(f.Fuchs!, { ...STANDARD_WAHL, angebotAngenommen: { push: false, mail: true } });
    const tauschId = await gibAb(49);
    await dienst.warteAuf(2, mitTag(`angebot-${tauschId}`));
    await uebernimm(f.Wagner!, tauschId);
    await smtp.waitForMail(mailAn(f.Fuchs!, 'Dienst übernommen: KW 49/2026'));
    await warte(1500);
    expect(geraeteMit(`tausch-${tauschId}`)).toEqual([]);
  });

  it('mail off sends only the push; the taker’s confirmation mail stays; “no push” for new offers keeps the give-away off that device', async () => {
    await waehle(f.Fuchs!, { ...STANDARD_WAHL, angebotAngenommen: { push: true, mail: false } });
    await waehle(f.Wagner!, { ...STANDARD_WAHL, neuesAngebot: { push: false, mail: true } });
    const tauschId = await gibAb(50);
    await dienst.warteAuf(1, (p) => p.geraet === 'bauer-handy' && p.nachricht.tag === `angebot-${tauschId}`);
    await smtp.waitForMail(mailAn(f.Wagner!, 'Wasserdienst abzugeben: KW 50/2026'));
    await uebernimm(f.Bauer!, tauschId);
    await dienst.warteAuf(2, mitTag(`tausch-${tauschId}`));
    await smtp.waitForMail(mailAn(f.Bauer!, 'Dienst übernommen: KW 50/2026'));
    await warte(1500);
    expect(smtp.mails.filter(mailAn(f.Fuchs!, 'Dienst übernommen: KW 50/2026'))).toEqual([]);
    expect(geraeteMit(`angebot-${tauschId}`)).toEqual(['bauer-handy']);
    expect(geraeteMit(`tausch-${tauschId}`)).toEqual(['fuchs-handy', 'fuchs-tablet']);
    expect(dienst.fehler).toEqual([]);
  });
});
