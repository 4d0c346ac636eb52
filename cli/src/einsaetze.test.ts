import type { Einsatz } from '@waldkita/domain/einsatz/antworten';
import { SCHICHT_VOLL } from '@waldkita/domain/einsatz/einsatz';
import { an, type ReceivedMail, startTestSmtp, type TestSmtp } from '@waldkita/platform/testing/test-smtp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from './commands/audit.js';
import { replay } from './commands/replay.js';
import { collector } from './testing/sammler.js';
import { apiClient, startTestApp, type TestApp } from './testing/test-app.js';
import { startTestPushReceiver, type TestPushReceiver } from './testing/test-push-receiver.js';

const PASSWORT = 'einsaetze-1234';
/** Wednesday, 10 March 2027, 10:00 in Berlin. */
const START = new Date('2027-03-10T10:00:00+01:00');

type Familie = { elternId: string; token: string; nachname: string; email: string };

const fruehjahrsputz = {
  titel: 'Frühjahrsputz',
  datum: '2027-03-20',
  ort: 'Bauwagen am Waldrand',
  beschreibung: 'Wir machen den Platz für den Frühling schön.',
  anmeldeschluss: '2027-03-18',
  schichten: [
    { aufgabe: 'Holz hacken', beginn: '09:00', ende: '12:00', plaetze: 1, stunden: 3 },
    { aufgabe: 'Kuchen backen', beginn: '12:00', ende: '14:30', plaetze: 2, stunden: 2.5 },
  ],
};

describe('work days on the real app: mails and push, the race for the last place, replay', () => {
  let app: TestApp;
  let smtp: TestSmtp;
  let push: TestPushReceiver;
  let admin: Familie;
  const f: Record<string, Familie> = {};
  const { call, get, remember } = apiClient(() => app.baseUrl);

  const familie = async (
    nachname: string,
    gruppe?: string,
    rollen: ('ROLE_ELTERN' | 'ROLE_ADMIN' | 'ROLE_AUDITOR')[] = ['ROLE_ELTERN'],
  ) => {
    const x = await app.angemeldeteFamilie(nachname, PASSWORT, remember, gruppe, rollen);
    return { elternId: x.elternId, token: x.token, nachname, email: x.email };
  };
  const einsaetze = async (x: Familie) => (await get(x.token, '/api/einsaetze')).body as Einsatz[];
  const einsatz = async (x: Familie, id: string) => (await einsaetze(x)).find((e) => e.id === id)!;
  const anmeldung = (id: string, schichtId: string) => `/api/einsaetze/${id}/schichten/${schichtId}/anmeldung`;

  beforeAll(async () => {
    [smtp, push] = await Promise.all([startTestSmtp(), startTestPushReceiver()]);
    app = await startTestApp({ now: () => START, smtpUrl: smtp.url, env: { PUSH_ENDPOINT_ALLOWLIST: push.prefix } });
    admin = await familie('Leitung', undefined, ['ROLE_ADMIN']);
    for (const name of ['Fuchs', 'Bauer', 'Wagner']) f[name] = await familie(name, 'Füchse');
    for (const name of ['Eule', 'Lang']) f[name] = await familie(name, 'Eulen');
    // Bauer has a phone for push messages
    const abo = await call(f.Bauer!.token, 'POST', '/api/push/abos', push.geraet('bauer-handy').abo);
    expect(abo.status).toBe(201);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await Promise.all([smtp?.close(), push?.close()]);
  });
  const betreff = (text: string) => (m: ReceivedMail) => m.subject === text;
  /** The mails with this subject to this family, after waiting for `n` of them. */
  const mailsAn = async (x: Familie, titel: string, n = 1) => {
    await smtp.waitForMails(n, (m) => betreff(titel)(m) && an(x.email)(m), 30_000);
    return smtp.mails.filter((m) => betreff(titel)(m) && an(x.email)(m));
  };

  it('when a place is freed, the first waiting family moves up and is told by mail, in German, with the shift, and on the phone', async () => {
    // The answers and events of signing up and withdrawing: command-api/src/einsatz; the counts: query-api/src/einsatz.
    const angelegt = await call(admin.token, 'POST', '/api/admin/einsaetze', fruehjahrsputz);
    expect(angelegt.status).toBe(201);
    const id = angelegt.body.id as string;
    const holz = angelegt.body.schichten[0].id as string;
    expect((await call(f.Fuchs!.token, 'POST', anmeldung(id, holz))).status).toBe(201);
    expect((await call(f.Bauer!.token, 'POST', anmeldung(id, holz), { warteliste: true })).status).toBe(201);
    expect((await call(f.Fuchs!.token, 'DELETE', anmeldung(id, holz))).status).toBe(200);
    expect((await einsatz(f.Bauer!, id)).schichten[0]).toMatchObject({ belegt: 1, warteliste: 0, meineAnmeldung: 'eingetragen' });
    // Bauer is told by mail, in German, with the shift
    const [nachgerueckt] = await mailsAn(f.Bauer!, 'Sie sind nachgerückt: Frühjahrsputz am 20.03.2027');
    expect(nachgerueckt!.text).toContain('Liebe Familie Bauer,');
    expect(nachgerueckt!.text).toContain(
      'Sie sind von der Warteliste nachgerückt und jetzt beim Arbeitseinsatz „Frühjahrsputz“ am Samstag, 20.03.2027 (Bauwagen am Waldrand) eingetragen für:',
    );
    expect(nachgerueckt!.text).toContain('- Holz hacken, Sa 20.03.2027, 09:00–12:00 Uhr');
    expect(nachgerueckt!.html).toContain('Holz hacken, Sa 20.03.2027, 09:00–12:00 Uhr');
    // and on the phone
    const [nachricht] = await push.warteAuf(1, (p) => p.geraet === 'bauer-handy' && p.nachricht.title === 'Von der Warteliste nachgerückt');
    expect(nachricht!.nachricht).toMatchObject({
      body: 'Sie sind beim Arbeitseinsatz „Frühjahrsputz“ eingetragen: Holz hacken, Sa 20.03.2027, 09:00–12:00 Uhr.',
      url: '/arbeitseinsaetze',
    });
  });

  it('a cancelled day is told by mail to the families signed up, with their shifts', async () => {
    const angelegt = await call(admin.token, 'POST', '/api/admin/einsaetze', {
      ...fruehjahrsputz,
      titel: 'Sommerfest',
      datum: '2027-06-12',
      anmeldeschluss: '2027-06-01',
    });
    const neu = angelegt.body.id as string;
    expect((await call(f.Wagner!.token, 'POST', anmeldung(neu, angelegt.body.schichten[1].id))).status).toBe(201);
    expect(await call(admin.token, 'DELETE', `/api/admin/einsaetze/${neu}`)).toMatchObject({ status: 200, body: { abgesagt: true } });
    const [mail] = await mailsAn(f.Wagner!, 'Abgesagt: Sommerfest am 12.06.2027');
    expect(mail!.text).toContain(
      'der Arbeitseinsatz „Sommerfest“ am Samstag, 12.06.2027 (Bauwagen am Waldrand) ist abgesagt. Sie waren eingetragen für:',
    );
    expect(mail!.text).toContain('- Kuchen backen, Sa 12.06.2027, 12:00–14:30 Uhr');
  });

  it('the evening before, signed-up families are reminded by mail and on the phone, once however often the job runs; a waiting family is not', async () => {
    const angelegt = await call(admin.token, 'POST', '/api/admin/einsaetze', {
      ...fruehjahrsputz,
      titel: 'Holzaktion',
      datum: '2027-03-16',
      anmeldeschluss: '2027-03-15',
    });
    const [holz, kuchen] = angelegt.body.schichten;
    expect((await call(f.Eule!.token, 'POST', anmeldung(angelegt.body.id, holz.id))).status).toBe(201);
    expect((await call(f.Eule!.token, 'POST', anmeldung(angelegt.body.id, kuchen.id))).status).toBe(201);
    expect((await call(f.Lang!.token, 'POST', anmeldung(angelegt.body.id, holz.id), { warteliste: true })).status).toBe(201);
    expect((await call(f.Bauer!.token, 'POST', anmeldung(angelegt.body.id, kuchen.id))).status).toBe(201);
    await get(f.Eule!.token, '/api/einsaetze');
    const erinnern = () => app.workers!.dienstErinnerungQueue.add('erinnern', { bezug: '2027-03-15T17:00:00+01:00' });
    await erinnern();
    const [mail] = await mailsAn(f.Eule!, 'Erinnerung: Holzaktion morgen, 16.03.2027');
    expect(mail!.text).toContain(
      'morgen ist der Arbeitseinsatz „Holzaktion“ am Dienstag, 16.03.2027 (Bauwagen am Waldrand). Ihre Familie ist eingetragen für:',
    );
    expect(mail!.text).toContain('- Holz hacken, Di 16.03.2027, 09:00–12:00 Uhr\n- Kuchen backen, Di 16.03.2027, 12:00–14:30 Uhr');
    // Bauer, with a phone, gets the reminder there too; Lang (only waiting) gets none
    const [erinnerung] = await push.warteAuf(1, (p) => p.geraet === 'bauer-handy' && p.nachricht.title === 'Holzaktion ist morgen');
    expect(erinnerung!.nachricht.body).toBe('Morgen sind Sie eingetragen: Kuchen backen, Di 16.03.2027, 12:00–14:30 Uhr.');
    await mailsAn(f.Bauer!, 'Erinnerung: Holzaktion morgen, 16.03.2027');
    await erinnern();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(push.empfangen.filter((p) => p.nachricht.title === 'Holzaktion ist morgen')).toHaveLength(1);
    expect(smtp.mails.filter((m) => betreff('Erinnerung: Holzaktion morgen, 16.03.2027')(m) && an(f.Lang!.email)(m))).toHaveLength(0);
    expect(smtp.mails.filter((m) => betreff('Erinnerung: Holzaktion morgen, 16.03.2027')(m))).toHaveLength(2);
  });

  it('a family removed by an admin: the first family waiting for its place moves up and is told by mail', async () => {
    // What the removal appends, and the counts after it: command-api/src/einsatz, query-api/src/einsatz.
    const abschied = await familie('Abschied', 'Füchse');
    const igel = await familie('Igel', 'Eulen');
    const kommend = await call(admin.token, 'POST', '/api/admin/einsaetze', {
      ...fruehjahrsputz,
      titel: 'Gartentag',
      datum: '2027-03-27',
      anmeldeschluss: '2027-03-25',
    });
    const tagId = kommend.body.id as string;
    const holz = kommend.body.schichten[0].id as string;
    expect((await call(abschied.token, 'POST', anmeldung(tagId, holz))).status).toBe(201);
    expect((await call(igel.token, 'POST', anmeldung(tagId, holz), { warteliste: true })).status).toBe(201);
    const entfernt = await call(admin.token, 'DELETE', `/api/admin/eltern/${abschied.elternId}`);
    expect(entfernt).toMatchObject({ status: 200, body: { message: 'Abschied wurde erfolgreich gelöscht' } });
    expect((await einsatz(igel, tagId)).schichten[0]).toMatchObject({ belegt: 1, warteliste: 0, meineAnmeldung: 'eingetragen' });
    const [mail] = await mailsAn(igel, 'Sie sind nachgerückt: Gartentag am 27.03.2027');
    expect(mail!.text).toContain('Liebe Familie Igel,');
    expect(mail!.text).toContain('- Holz hacken, Sa 27.03.2027, 09:00–12:00 Uhr');
  });

  it('of five families racing for the last place of a shift, exactly one gets it — 100 rounds; the others get a German 409', async () => {
    const renner = await Promise.all(['Amsel', 'Biber', 'Dachs', 'Elster', 'Falke'].map((n) => familie(n, 'Füchse')));
    const vorne = await familie('Vorne', 'Eulen');
    const RUNDEN = 100;
    const PRO_TAG = 25;
    const schichten: { einsatzId: string; schichtId: string }[] = [];
    for (let t = 0; t < RUNDEN / PRO_TAG; t++) {
      const tag = await call(admin.token, 'POST', '/api/admin/einsaetze', {
        titel: `Rennen ${t + 1}`,
        datum: '2027-03-27',
        anmeldeschluss: '2027-03-26',
        schichten: Array.from({ length: PRO_TAG }, (_, i) => ({
          aufgabe: `Aufgabe ${i + 1}`,
          beginn: '09:00',
          ende: '10:00',
          plaetze: 2,
          stunden: 1,
        })),
      });
      expect(tag.status).toBe(201);
      for (const s of tag.body.schichten) schichten.push({ einsatzId: tag.body.id, schichtId: s.id });
    }
    const gewinner = new Map<string, string>();
    for (const { einsatzId, schichtId } of schichten) {
      expect((await call(vorne.token, 'POST', anmeldung(einsatzId, schichtId))).status).toBe(201);
      const antworten = await Promise.all(renner.map((r) => call(r.token, 'POST', anmeldung(einsatzId, schichtId), {})));
      const erfolg = antworten.flatMap((a, i) => (a.status === 201 ? [renner[i]!] : []));
      const gesehen = JSON.stringify(antworten.map((a) => [a.status, a.body.message]));
      expect(erfolg, gesehen).toHaveLength(1);
      expect(
        antworten.filter((a) => a.status === 409 && a.body.message === SCHICHT_VOLL),
        gesehen,
      ).toHaveLength(renner.length - 1);
      gewinner.set(schichtId, erfolg[0]!.elternId);
    }
    // read your writes: the list shows every shift full, with the family that won it
    const liste = await einsaetze(renner[0]!);
    const { rows } = await app.db.pool.query<{ schicht_id: string; familien: string[] }>(
      `SELECT schicht_id, array_agg(eltern_id ORDER BY reihenfolge) AS familien FROM rm.einsatz_anmeldung
       WHERE schicht_id = ANY($1::text[]) AND status = 'eingetragen' GROUP BY schicht_id`,
      [schichten.map((s) => s.schichtId)],
    );
    expect(rows).toHaveLength(RUNDEN);
    for (const r of rows) expect(r.familien).toEqual([vorne.elternId, gewinner.get(r.schicht_id)]);
    for (const { schichtId } of schichten) {
      const s = liste.flatMap((e) => e.schichten).find((x) => x.id === schichtId)!;
      expect(s).toMatchObject({ plaetze: 2, belegt: 2 });
      expect(s.meineAnmeldung).toBe(gewinner.get(schichtId) === renner[0]!.elternId ? 'eingetragen' : null);
    }
  }, 240_000);

  it('the read models are replay-safe: rebuilt from the log they equal the live ones; the log verifies', async () => {
    const out = { text: '', write: (text: string) => (out.text += text), isTTY: false };
    const err = { text: '', write: (text: string) => (err.text += text), isTTY: false, columns: 120 };
    expect(await replay(app.runtime.config, ['--check'], { out, err }), `${out.text}${err.text}`).toBe(0);
    // and the log with the list of days (stream einsaetze) is intact
    const sammler = collector();
    expect(await audit(app.runtime.config, ['verify'], { stdout: sammler.stream, stderr: sammler.stream }), sammler.text()).toBe(0);
  });
});
