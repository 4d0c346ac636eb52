import { weiseWasserdiensteZu } from '@waldkita/command-api/wasserdienst/weise-wasserdienste-zu';
import { parsePosition } from '@waldkita/platform/event-store/event-store';
import { an, type ReceivedMail, startTestSmtp, type TestSmtp } from '@waldkita/platform/testing/test-smtp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replay } from './commands/replay.js';
import { apiClient, startTestApp, type TestApp } from './testing/test-app.js';
import { startTestPushReceiver, type TestGeraet, type TestPushReceiver } from './testing/test-push-receiver.js';

/** Friday of ISO week 47 of 2026, 10:00 in Berlin: weeks 48… can be offered. */
const JETZT = new Date('2026-11-20T10:00:00+01:00');
const PASSWORT = 'datenschutz-123';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

type Familie = { elternId: string; email: string; nachname: string; token: string };

/** The kind of mail (MailAuftrag['art']) a received mail is, by its subject. */
const ART_NACH_BETREFF: [string, string][] = [
  ['Tausch bestätigt', 'tausch-angenommen'],
  ['Neues Tausch-Angebot', 'tausch-angeboten'],
  ['Ihre Wasserdienste', 'wasserdienste-geplant'],
  ['Willkommen', 'willkommen'],
];
const artVon = (mail: ReceivedMail) => ART_NACH_BETREFF.find(([betreff]) => (mail.subject ?? '').startsWith(betreff))?.[1] ?? mail.subject;

describe('GET /api/eltern/ich/export: a family downloads its own data (real app, real SMTP)', () => {
  let app: TestApp;
  let smtp: TestSmtp;
  let pushDienst: TestPushReceiver;
  let fuchs: Familie;
  let bauer: Familie;
  let eule: Familie;
  let admin: Familie;
  let handy: TestGeraet;
  let feedToken = '';
  const dienst: Record<string, string> = {};
  const { call, get, remember } = apiClient(() => app.baseUrl);

  const familie = async (nachname: string, nameKind: string | null, gruppe?: string, rollen?: ('ROLE_ELTERN' | 'ROLE_ADMIN')[]) => {
    const email = `${nachname.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@example.org`;
    const { elternId, position } = await app.familie(
      { email, passwort: PASSWORT, nachname, nameKind, ...(rollen ? { rollen } : {}) },
      gruppe,
    );
    remember(position);
    const login = await fetch(`${app.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, kennwort: PASSWORT }).toString(),
    });
    return { elternId, email, nachname, token: ((await login.json()) as { jwt: string }).jwt };
  };

  const exportVon = (f: Familie, pfad = '/api/eltern/ich/export') => get(f.token, pfad);

  beforeAll(async () => {
    [smtp, pushDienst] = await Promise.all([startTestSmtp(), startTestPushReceiver()]);
    app = await startTestApp({ now: () => JETZT, smtpUrl: smtp.url, env: { PUSH_ENDPOINT_ALLOWLIST: pushDienst.prefix } });
    fuchs = await familie('Fuchs', 'Mila', 'Füchse');
    bauer = await familie('Bauer', 'Jonas', 'Füchse');
    eule = await familie('Eule', 'Ida', 'Eulen');
    admin = await familie('Schmidt', null, undefined, ['ROLE_ADMIN']);
    const gruppeId = async (name: string) =>
      (await app.db.pool.query<{ gruppe_id: string }>('SELECT gruppe_id FROM rm.gruppe WHERE name = $1', [name])).rows[0]!.gruppe_id;
    const weise = async (gruppe: string, eintraege: [Familie, number][]) => {
      const { zuweisungen, position } = await weiseWasserdiensteZu(
        app.runtime,
        await gruppeId(gruppe),
        eintraege.map(([f, kalenderwoche]) => ({ elternId: f.elternId, jahr: 2026, kalenderwoche })),
        { actorId: null },
      );
      remember(position);
      zuweisungen.forEach((z, i) => {
        dienst[`${eintraege[i]![0].nachname} ${z.kalenderwoche}`] = z.wasserdienstId;
      });
    };
    await get(admin.token, '/api/gruppen'); // the groups are projected
    await weise('Füchse', [
      [fuchs, 48],
      [bauer, 49],
      [fuchs, 51],
    ]);
    await weise('Eulen', [[eule, 48]]);

    // a swap: Fuchs offers week 48 with a message, Bauer takes it and gives week 49
    const angebot = await call(fuchs.token, 'POST', '/api/wasserdienst/tausch/request', {
      wasserdienstId: dienst['Fuchs 48'],
      requesterElternId: fuchs.elternId,
      message: 'Wir sind im Urlaub',
    });
    expect(angebot.status, JSON.stringify(angebot.body)).toBe(201);
    const tauschId = angebot.body.id as string;
    const annahme = await call(bauer.token, 'PUT', `/api/tausch/${tauschId}/accept`, {
      resolveElternId: bauer.elternId,
      resolveWasserdienstId: dienst['Bauer 49'],
    });
    expect(annahme.status, JSON.stringify(annahme.body)).toBe(200);
    // Eule offers its week too (another group): none of it may reach Fuchs's export
    const euleAngebot = await call(eule.token, 'POST', '/api/wasserdienst/tausch/request', {
      wasserdienstId: dienst['Eule 48'],
      requesterElternId: eule.elternId,
      message: 'Eulen-Nachricht',
    });
    expect(euleAngebot.status).toBe(201);

    // the kindergarten's management sets Fuchs's share of the duty
    const anteil = await call(admin.token, 'PUT', `/api/admin/eltern/${fuchs.elternId}/anteil`, {
      anteil: 2,
      grund: 'Zwei Kinder in der Kita',
    });
    expect(anteil.status, JSON.stringify(anteil.body)).toBe(200);

    // an absence
    expect((await call(admin.token, 'PUT', '/api/admin/abwesenheit-frist', { deadline: '2026-11-30' })).status).toBe(200);
    expect((await call(fuchs.token, 'POST', '/api/abwesenheit', { kalenderwoche: 50, jahr: 2026 })).status).toBe(201);
    expect((await call(eule.token, 'POST', '/api/abwesenheit', { kalenderwoche: 52, jahr: 2026 })).status).toBe(201);

    // a push device, as a browser subscribes
    handy = pushDienst.geraet('fuchs-handy');
    const abo = await fetch(`${app.baseUrl}/api/push/abos`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fuchs.token}`, 'content-type': 'application/json', 'user-agent': ANDROID },
      body: JSON.stringify(handy.abo),
    });
    expect(abo.status).toBe(201);
    remember(parsePosition(abo.headers.get('x-event-position') ?? ''));

    // a calendar feed
    const feed = await call(fuchs.token, 'POST', '/api/kalender/abo');
    expect(feed.status, JSON.stringify(feed.body)).toBe(200);
    feedToken = /\/api\/kalender\/([A-Za-z0-9_-]{43})\.ics$/.exec(feed.body.url as string)![1]!;

    // the swap's confirmation has reached both families
    await smtp.waitForMails(2, (m) => (m.subject ?? '').startsWith('Tausch bestätigt'));
  }, 90_000);

  afterAll(async () => {
    await app?.close();
    await Promise.all([smtp?.close(), pushDienst?.close()]);
  });

  it('answers a JSON download named after today, not kept by any cache, in the documented shape', async () => {
    const antwort = await exportVon(fuchs);
    expect(antwort.status).toBe(200);
    expect(antwort.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(antwort.headers.get('content-disposition')).toBe('attachment; filename="waldkita-meine-daten-2026-11-20.json"');
    expect(antwort.headers.get('cache-control')).toBe('no-store');
    expect(Object.keys(antwort.body)).toEqual([
      'format',
      'erstelltAm',
      'erstellt',
      'konto',
      'kind',
      'gruppe',
      'wasserdienste',
      'wasserdiensteFrueher',
      'tausch',
      'dienste',
      'anteile',
      'dienstTausch',
      'abwesenheiten',
      'stunden',
      'pushGeraete',
      'benachrichtigungen',
      'kalenderAbo',
      'verlauf',
      'mails',
      'pushNachrichten',
    ]);
    expect(antwort.body).toMatchObject({
      format: 'waldkita-datenexport/1',
      erstelltAm: JETZT.toISOString(),
      erstellt: '20.11.2026 10:00:00',
    });
  });

  it('holds the family’s account, child, group, duties, swap, absence, device and feed', async () => {
    const daten = (await exportVon(fuchs)).body;
    expect(daten.konto).toEqual({
      elternId: fuchs.elternId,
      nachname: 'Fuchs',
      email: fuchs.email,
      rollen: ['ROLE_ELTERN'],
      registriertAm: expect.any(String),
      anteil: { anteil: 2, grund: 'Zwei Kinder in der Kita', gesetztAm: expect.any(String) },
    });
    expect(daten.kind).toEqual({ name: 'Mila' });
    expect(daten.gruppe).toEqual({ gruppeId: expect.any(String), name: 'Füchse' });
    // after the swap: week 49 (from Bauer) and week 51; Fridays as the plan shows them
    expect(daten.wasserdienste.map((d: { kw: string; freitagText: string; gruppe: string }) => [d.kw, d.freitagText, d.gruppe])).toEqual([
      ['KW 49/2026', '04.12.2026', 'Füchse'],
      ['KW 51/2026', '18.12.2026', 'Füchse'],
    ]);
    expect(daten.tausch.angebote).toEqual([
      {
        tauschId: expect.any(String),
        woche: { jahr: 2026, kalenderwoche: 48, kw: 'KW 48/2026', freitag: '2026-11-27', freitagText: '27.11.2026' },
        abgeben: false,
        nachricht: 'Wir sind im Urlaub',
        status: 'angenommen',
        statusText: 'Angenommen',
        angebotenAm: expect.any(String),
        entschiedenAm: expect.any(String),
        gegenWoche: { jahr: 2026, kalenderwoche: 49, kw: 'KW 49/2026', freitag: '2026-12-04', freitagText: '04.12.2026' },
      },
    ]);
    expect(daten.tausch.angenommen).toEqual([]);
    expect(daten.abwesenheiten.map((a: { kw: string }) => a.kw)).toEqual(['KW 50/2026']);
    const geraete = (await get(fuchs.token, '/api/push/abos')).body as { id: string; bezeichnung: string; seit: string }[];
    expect(geraete).toHaveLength(1);
    expect(daten.pushGeraete).toEqual(geraete.map((g) => ({ geraetId: g.id, bezeichnung: g.bezeichnung, seit: g.seit })));
    expect(daten.kalenderAbo).toEqual({ aktiv: true, seit: expect.any(String) });
    expect(daten.benachrichtigungen).toMatchObject({ gewaehlt: false });

    // the family that took the offer sees the same swap from its side
    const vonBauer = (await exportVon(bauer)).body;
    expect(vonBauer.tausch.angebote).toEqual([]);
    expect(vonBauer.tausch.angenommen).toEqual([
      {
        tauschId: daten.tausch.angebote[0].tauschId,
        woche: expect.objectContaining({ kw: 'KW 48/2026' }),
        gegenWoche: expect.objectContaining({ kw: 'KW 49/2026' }),
        abgeben: false,
        angenommenAm: expect.any(String),
      },
    ]);
  });

  it('lists the history entries that concern the family, as the audit trail words them, other families unnamed', async () => {
    const { verlauf } = (await exportVon(fuchs)).body as { verlauf: { zeit: string; akteur: string; text: string }[] };
    const texte = verlauf.map((e) => e.text);
    expect(texte).toEqual(
      expect.arrayContaining([
        'Familie Fuchs wird angelegt (in der Gruppe „Füchse“, Kind: Mila).',
        'Familie Fuchs wird für den Wasserdienst KW 48/2026 eingeteilt (Gruppe „Füchse“).',
        'Familie Fuchs bietet den Wasserdienst KW 48/2026 zum Tausch an. Nachricht: „Wir sind im Urlaub“',
        'Familie (andere Familie) übernimmt KW 48/2026 von Familie Fuchs und gibt dafür KW 49/2026 ab.',
        'Familie Fuchs meldet sich für KW 50/2026 abwesend.',
        'Familie Fuchs richtet ein Kalender-Abo ein oder erneuert dessen Link; ein früherer Link gilt nicht mehr.',
      ]),
    );
    expect(texte.some((t) => t.startsWith('Familie Fuchs meldet ein Gerät für Push-Benachrichtigungen an'))).toBe(true);
    // the management acted: named by its function, not by the admin's name
    expect(verlauf.find((e) => e.text.startsWith('Der Anteil von Familie Fuchs'))).toMatchObject({
      akteur: 'Leitung',
      text: 'Der Anteil von Familie Fuchs am Wasserdienst ist jetzt 2. Grund: „Zwei Kinder in der Kita“',
    });
    // the swap was accepted by the other family: the entry says so without its name
    expect(verlauf.find((e) => e.text.startsWith('Familie (andere Familie) übernimmt'))!.akteur).toBe('Familie (andere Familie)');
    expect(verlauf.every((e) => /^\d\d\.\d\d\.\d{4} \d\d:\d\d:\d\d$/.test(e.zeit))).toBe(true);
    // nothing of Bauer's own duty, nor of the other group
    expect(texte.filter((t) => t.includes('KW 52/2026') || t.includes('Eulen'))).toEqual([]);
  });

  it('lists the mails the mail server received for the family, and only those', async () => {
    const empfangen = () => smtp.mails.filter(an(fuchs.email));
    await expect.poll(async () => ((await exportVon(fuchs)).body.mails as unknown[]).length, { timeout: 10_000 }).toBe(empfangen().length);
    const { mails } = (await exportVon(fuchs)).body as { mails: { art: string; bezeichnung: string; gesendetAm: string }[] };
    expect(mails.map((m) => m.art).sort()).toEqual(empfangen().map(artVon).sort());
    expect(mails.map((m) => m.art)).toContain('tausch-angenommen');
    // Fuchs made the offer: the group's mail about it went to Bauer, not to Fuchs
    expect(mails.map((m) => m.art)).not.toContain('tausch-angeboten');
    expect(mails.find((m) => m.art === 'tausch-angenommen')!.bezeichnung).toBe('Tausch bestätigt');
    expect(mails.every((m) => !Number.isNaN(Date.parse(m.gesendetAm)))).toBe(true);
    const vonBauer = (await exportVon(bauer)).body.mails as { art: string }[];
    expect(vonBauer.map((m) => m.art)).toContain('tausch-angeboten');
    // the log holds ids and kinds only, no addresses
    const spalten = await app.db.pool.query(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'mail_versand' ORDER BY ordinal_position`,
    );
    expect(spalten.rows.map((r) => r.column_name)).toEqual(['job_id', 'eltern_id', 'art', 'gesendet_am']);
  });

  it('the mail log is not a read model: replay --check leaves it out and a replay keeps it', async () => {
    const io = () => ({
      out: {
        text: '',
        write(text: string) {
          this.text += text;
        },
        isTTY: false,
      },
      err: {
        text: '',
        write(text: string) {
          this.text += text;
        },
        isTTY: false,
        columns: 120,
      },
    });
    const vorher = (await exportVon(fuchs)).body.mails as unknown[];
    expect(vorher.length).toBeGreaterThan(0);
    const pruefung = io();
    expect(await replay(app.runtime.config, ['--check'], pruefung), pruefung.out.text).toBe(0);
    expect(pruefung.out.text).not.toContain('mail_versand');
    expect(await replay(app.runtime.config, [], io())).toBe(0);
    expect((await exportVon(fuchs)).body.mails).toEqual(vorher);
  });

  it('holds no other family’s names or e-mails and no secrets', async () => {
    const text = JSON.stringify((await exportVon(fuchs)).body);
    for (const andere of [bauer, eule, admin]) {
      expect(text).not.toContain(andere.email);
      expect(text).not.toContain(andere.nachname);
      expect(text).not.toContain(andere.elternId);
    }
    for (const kind of ['Jonas', 'Ida', 'Eulen-Nachricht']) expect(text).not.toContain(kind);
    const { rows: zugang } = await app.db.pool.query<{ password_hash: string }>(
      'SELECT password_hash FROM credentials WHERE eltern_id = $1',
      [fuchs.elternId],
    );
    const { rows: geraet } = await app.db.pool.query<{ abo: string }>('SELECT abo FROM rm.push_geraet WHERE eltern_id = $1', [
      fuchs.elternId,
    ]);
    const { rows: abo } = await app.db.pool.query<{ token_digest: string }>(
      'SELECT token_digest FROM rm.kalender_abo WHERE eltern_id = $1',
      [fuchs.elternId],
    );
    const geheim = [
      zugang[0]!.password_hash,
      fuchs.token,
      feedToken,
      abo[0]!.token_digest,
      geraet[0]!.abo,
      handy.abo.endpoint,
      handy.abo.keys.p256dh,
      handy.abo.keys.auth,
      PASSWORT,
    ];
    for (const g of geheim) expect(g.length).toBeGreaterThan(8);
    for (const g of geheim) expect(text).not.toContain(g);
  });

  it('is always the caller’s own: a parameter naming another family changes nothing, an admin gets its own account', async () => {
    const mitParameter = (await exportVon(fuchs, `/api/eltern/ich/export?elternId=${bauer.elternId}`)).body;
    expect(mitParameter.konto.nachname).toBe('Fuchs');
    const vonAdmin = (await exportVon(admin)).body;
    expect(vonAdmin.konto).toMatchObject({ nachname: 'Schmidt', rollen: ['ROLE_ADMIN'] });
    expect(vonAdmin.gruppe).toBeNull();
    expect(vonAdmin.wasserdienste).toEqual([]);
    const text = JSON.stringify(vonAdmin);
    for (const f of [fuchs, bauer, eule]) expect(text).not.toContain(f.email);
  });

  it('without sign-in (or with a broken token): 401 in German', async () => {
    const ohne = await fetch(`${app.baseUrl}/api/eltern/ich/export`);
    expect(ohne.status).toBe(401);
    expect(await ohne.json()).toEqual({ message: 'Bitte melden Sie sich an.' });
    const kaputt = await fetch(`${app.baseUrl}/api/eltern/ich/export`, { headers: { authorization: 'Bearer kein.gueltiges.token' } });
    expect(kaputt.status).toBe(401);
    expect(await kaputt.json()).toEqual({ message: 'Bitte melden Sie sich an.' });
  });
});
