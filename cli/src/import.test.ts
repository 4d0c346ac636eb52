// Needs the whole app: an import's effects read back through the query side, and an import failing at its last write.
// The import route alone (refusals, answers, events, the files spreadsheet programs save): command-api/src/import/import-route.test.ts.
import { weiseWasserdiensteZu } from '@waldkita/command-api/wasserdienst/weise-wasserdienste-zu';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, json, login, startTestApp, type TestApp } from './testing/test-app.js';

const PASSWORT = 'import1234';
/** Windows-1252 as older Excel writes it: one byte per character. */
const cp1252 = (text: string) => new Uint8Array([...text].map((c) => c.charCodeAt(0)));

describe('yearly CSV import on the real app', () => {
  let app: TestApp;
  let admin: string;
  let parent: string;
  let fuchsId: string;
  let fuechse: string;
  const { call, get, remember } = apiClient(() => app.baseUrl);

  const upload = async (token: string, datei: { name: string; type: string; bytes: Uint8Array } | null, deadline = '2027-03-31') => {
    const form = new FormData();
    if (datei) form.append('csvFile', new Blob([datei.bytes], { type: datei.type }), datei.name);
    if (deadline) form.append('deadline', deadline);
    return call(token, 'POST', '/api/admin/import-eltern', form);
  };
  const csv = (text: string, name = 'eltern.csv') => ({ name, type: 'text/csv', bytes: new TextEncoder().encode(text) });
  const post = (token: string, path: string, body?: unknown) => call(token, 'POST', path, body);
  const anmelden = async (email: string, passwort = PASSWORT) =>
    (await json(await login(app.baseUrl, email, passwort))).jwt as string | undefined;

  beforeAll(async () => {
    app = await startTestApp({ now: () => new Date('2026-11-20T10:00:00+01:00') });
    await app.familie({ email: 'leitung@example.org', passwort: PASSWORT, nachname: 'Leitung', rollen: ['ROLE_ADMIN'] });
    const fuchs = await app.familie({ email: 'fuchs@example.org', passwort: PASSWORT, nachname: 'Fuchs', nameKind: 'Mila' }, 'Füchse');
    fuchsId = fuchs.elternId;
    fuechse = fuchs.gruppeId!;
    remember((await app.familie({ email: 'alt@example.org', passwort: PASSWORT, nachname: 'Altfamilie' }, 'Füchse')).position);
    admin = (await anmelden('leitung@example.org'))!;
    parent = (await anmelden('fuchs@example.org'))!;
    const { position } = await weiseWasserdiensteZu(app.runtime, fuechse, [{ elternId: fuchsId, jahr: 2026, kalenderwoche: 50 }], {
      actorId: null,
    });
    remember(position);
    await post(parent, '/api/abwesenheit', { kalenderwoche: 5, jahr: 2027 });
    expect((await post(admin, '/api/admin/confirm-holidays')).status).toBe(200);
  }, 60_000);
  afterAll(() => app?.close());

  it('replaces the season: a known e-mail keeps its login, others leave, plans and absences are retired, the deadline is set', async () => {
    const datei = cp1252(
      'Nachname Kind;Vorname Kind;Gruppe;Brief-E-Mail\r\n' +
        'Fuchs;Mila;Füchse;FUCHS@example.org\r\n' +
        'Fuchs;Jonas;Füchse;fuchs@example.org\r\n' +
        '\r\n' +
        '"Müller";"Jörg";"Eulen";mueller@example.org\r\n' +
        'Weiß;Anna;Dachse;weiss@example.org\r\n',
    );
    const result = await upload(admin, { name: 'eltern-2027.csv', type: 'application/vnd.ms-excel', bytes: datei });
    expect(result).toMatchObject({
      status: 200,
      body: {
        successCount: 3,
        skippedCount: 2,
        errorCount: 0,
        errors: [],
        message: 'CSV erfolgreich importiert! Alle vorherigen Daten wurden ersetzt.',
      },
    });
    const eltern = (await get(admin, '/api/admin/eltern')).body as {
      nachname: string;
      nameKind: string;
      gruppe: { gruppenName: string } | null;
    }[];
    expect(eltern.map((e) => `${e.nachname} ${e.gruppe?.gruppenName ?? '-'} ${e.nameKind ?? ''}`.trim()).sort()).toEqual([
      'Fuchs Füchse Mila, Jonas',
      'Leitung -',
      'Müller Eulen Jörg',
      'Weiß Dachse Anna',
    ]);
    expect(await anmelden('fuchs@example.org')).toBeTypeOf('string');
    expect(await anmelden('alt@example.org')).toBeUndefined();
    const fuchs = (await anmelden('fuchs@example.org'))!;
    expect((await get(fuchs, '/api/wasserdienst/my-assignments')).body).toEqual([]);
    expect((await get(fuchs, '/api/abwesenheit')).body).toEqual([]);
    expect((await get(fuchs, '/api/abwesenheit/creation-info')).body).toMatchObject({ deadline: '2027-03-31', canCreateAbwesenheit: true });
    expect((await get(admin, '/api/admin/gruppen')).body.map((g: { gruppenName: string }) => g.gruppenName)).toEqual([
      'Dachse',
      'Eulen',
      'Füchse',
    ]);
  });

  it('loses nothing when the import fails at its very last write: no family, login, group or deadline of it stays', async () => {
    const { pool } = app.runtime;
    const zaehle = async () => {
      const { rows } = await pool.query<{ events: string; logins: string; gruppen: string }>(
        `SELECT (SELECT count(*) FROM events) AS events, (SELECT count(*) FROM credentials) AS logins,
                (SELECT count(*) FROM gruppen_namen) AS gruppen`,
      );
      return rows[0];
    };
    const vorher = await zaehle();
    const elternVorher = (await get(admin, '/api/admin/eltern')).body;
    // The database refuses the import's closing record, the last of its events to be written.
    await pool.query(`CREATE FUNCTION test_import_bricht_ab() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.event_type = 'ImportAbgeschlossen' THEN RAISE EXCEPTION 'Platte voll'; END IF; RETURN NEW; END $$`);
    await pool.query('CREATE TRIGGER test_import_bricht_ab BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION test_import_bricht_ab()');
    const datei = csv('Nachname;Vorname;Gruppe;E-Mail\nFuchs;Mila;Füchse;fuchs@example.org\nNeu;Ida;Igel;neu@example.org\n');
    try {
      expect(await upload(admin, datei, '2027-04-30')).toEqual({
        status: 500,
        body: { message: 'Interner Fehler. Bitte versuchen Sie es später erneut.' },
      });
    } finally {
      await pool.query('DROP TRIGGER test_import_bricht_ab ON events; DROP FUNCTION test_import_bricht_ab()');
    }
    expect(await zaehle()).toEqual(vorher);
    expect((await get(admin, '/api/admin/eltern')).body).toEqual(elternVorher);
    expect((await get(parent, '/api/abwesenheit/creation-info')).body).toMatchObject({ deadline: '2027-03-31' });

    // The same file again goes through in full: the e-mail and the group name were not left blocked.
    expect((await upload(admin, datei, '2027-04-30')).body).toMatchObject({ successCount: 2, neueFamilien: 1, bekannteFamilien: 1 });
    const eltern = (await get(admin, '/api/admin/eltern')).body as { email: string; gruppe: { gruppenName: string } | null }[];
    expect(eltern.map((e) => `${e.email} ${e.gruppe?.gruppenName ?? '-'}`).sort()).toEqual([
      'fuchs@example.org Füchse',
      'leitung@example.org -',
      'neu@example.org Igel',
    ]);
    expect((await get(parent, '/api/abwesenheit/creation-info')).body).toMatchObject({ deadline: '2027-04-30' });
  });
});
