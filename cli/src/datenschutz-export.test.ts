// Needs the whole app: the mails the SMTP stand-in received and the mail log across a replay, and no secret (password, feed, device) in the export.
// The export route alone (shape, contents, history, own data only, 401): query-api/src/datenschutz/datenschutz-routes.test.ts.
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
});
