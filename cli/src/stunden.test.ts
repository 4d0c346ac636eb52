// Whole app: the decisions' mails (reactor, SMTP stand-in), erasing a family's personal data across the log and the read models,
// and the CLI's audit verify and replay. The ledger's routes: command-api/src/stunden, query-api/src/stunden (route tests).
import { an, type ReceivedMail, startTestSmtp, type TestSmtp } from '@waldkita/platform/testing/test-smtp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from './commands/audit.js';
import { replay } from './commands/replay.js';
import { apiClient, startTestApp, type TestApp } from './testing/test-app.js';

const ausgabe = () => {
  const out = { text: '', write: (text: string) => (out.text += text), isTTY: false, columns: 120 };
  return out;
};

const PASSWORT = 'stunden-konto-123';
type Familie = { elternId: string; token: string; nachname: string; email: string };

describe('the hours ledger on the real app', () => {
  let app: TestApp;
  let smtp: TestSmtp;
  /** Friday, 20 November 2026, 10:00 in Berlin: kindergarten year 2026/27. */
  const jetzt = new Date('2026-11-20T10:00:00+01:00');
  const { call, get, remember } = apiClient(() => app.baseUrl);
  let admin: Familie;
  let fuchs: Familie;
  let bauer: Familie;
  const eigene: Record<string, string> = {};

  const familie = async (nachname: string, gruppe?: string, rollen: ('ROLE_ELTERN' | 'ROLE_ADMIN')[] = ['ROLE_ELTERN']) =>
    app.angemeldeteFamilie(nachname, PASSWORT, remember, gruppe, rollen);
  beforeAll(async () => {
    smtp = await startTestSmtp();
    app = await startTestApp({ now: () => jetzt, smtpUrl: smtp.url });
    admin = await familie('Leitung', undefined, ['ROLE_ADMIN']);
    fuchs = await familie('Fuchs', 'Füchse');
    bauer = await familie('Bauer', 'Füchse');
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  describe('decisions', () => {
    it('an admin confirms one entry and refuses the other with a reason; the family is mailed both, the reason included', async () => {
      // The answers and events of recording and deciding: command-api/src/stunden; the figures: query-api/src/stunden.
      for (const [beschreibung, datum, stunden] of [
        ['Zaun repariert', '2026-11-14', 3],
        ['Kuchen gebacken', '2026-11-15', 2.5],
      ] as const) {
        const eintrag = await call(fuchs.token, 'POST', '/api/stunden', { datum, stunden, beschreibung });
        expect(eintrag.status).toBe(201);
        eigene[beschreibung] = eintrag.body.id;
      }
      expect((await call(admin.token, 'PUT', `/api/admin/stunden/${eigene['Zaun repariert']}`, { status: 'bestaetigt' })).status).toBe(200);
      expect(
        (
          await call(admin.token, 'PUT', `/api/admin/stunden/${eigene['Kuchen gebacken']}`, {
            status: 'abgelehnt',
            grund: 'Kuchen zählt beim Sommerfest',
          })
        ).status,
      ).toBe(200);
      // Corrections of both families (their reasons are sealed too, below).
      for (const [x, datum, stunden, grund] of [
        [bauer, '2026-12-01', -1.5, 'Putzdienst am 1. Advent nur halb erledigt'],
        [fuchs, '2026-11-16', 2, 'Nachtrag'],
      ] as const)
        expect(
          (await call(admin.token, 'POST', '/api/admin/stunden/korrektur', { elternId: x.elternId, datum, stunden, grund })).status,
        ).toBe(201);

      const mails = await smtp.waitForMails(2, (m: ReceivedMail) => an(fuchs.email)(m) && (m.subject ?? '').startsWith('Stunden'));
      const bestaetigt = mails.find((m) => m.subject === 'Stunden bestätigt: 3 Stunden vom 14.11.2026')!;
      expect(bestaetigt.text).toContain('die Kita-Leitung hat Ihre 3 Stunden vom 14.11.2026 („Zaun repariert“) bestätigt.');
      const abgelehnt = mails.find((m) => m.subject === 'Stunden nicht anerkannt: 2,5 Stunden vom 15.11.2026')!;
      expect(abgelehnt.text).toContain('Kuchen zählt beim Sommerfest');
    });
  });

  describe('personal data', () => {
    it('descriptions and reasons are sealed in the log; erasing the family removes them from the read models', async () => {
      const klartext = async (text: string) =>
        (await app.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM events WHERE data::text LIKE $1', [`%${text}%`])).rows[0]!
          .n;
      expect(await klartext('Zaun repariert')).toBe(0);
      expect(await klartext('Kuchen zählt beim Sommerfest')).toBe(0);
      expect(await klartext('nur halb erledigt')).toBe(0);
      expect((await call(admin.token, 'DELETE', `/api/admin/eltern/${fuchs.elternId}/personendaten`)).status).toBe(200);
      await get(admin.token, '/api/admin/stunden/offen');
      const { rows } = await app.db.pool.query<{ beschreibung: string | null; grund: string | null }>(
        'SELECT beschreibung, grund FROM rm.stunden_eintrag WHERE eltern_id = $1 ORDER BY datum',
        [fuchs.elternId],
      );
      expect(rows.map((r) => r.beschreibung)).toEqual([null, null, 'Korrektur durch die Kita-Leitung']);
      expect(rows.map((r) => r.grund)).toEqual(['', '', '']);
      const uebersicht = (await get(admin.token, '/api/admin/stunden?jahr=2026')).body;
      expect(uebersicht.familien.find((z: { elternId: string }) => z.elternId === fuchs.elternId)?.nachname).toBe('Gelöschte Familie 1');
    });
  });

  it('audit verify and replay --check pass with the ledger’s events', async () => {
    const stdout = ausgabe();
    const stderr = ausgabe();
    expect(await audit(app.runtime.config, ['verify'], { stdout, stderr } as never), stdout.text + stderr.text).toBe(0);
    const pruefung = { out: ausgabe(), err: ausgabe() };
    expect(await replay(app.runtime.config, ['--check'], pruefung), pruefung.out.text + pruefung.err.text).toBe(0);
  });
});
