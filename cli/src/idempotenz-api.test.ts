import { randomUUID } from 'node:crypto';
import { weiseWasserdiensteZu } from '@waldkita/command-api/wasserdienst/weise-wasserdienste-zu';
import { dienstplanStream } from '@waldkita/domain/wasserdienst/dienstplan';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruefeBuild, starteAppProzess } from './testing/app-prozess.js';
import { apiClient, json, login, startTestApp, type TestApp } from './testing/test-app.js';

const PASSWORT = 'doppelt-1234';
const JETZT = new Date('2026-11-20T10:00:00+01:00');

type Familie = { elternId: string; token: string; email: string };

/**
 * One tap is one action (issue 24): every write accepts an Idempotency-Key, and a repeat of it —
 * a double tap, a retry — gets the first answer, not a second effect, even when both arrive at once.
 */
describe('Idempotency-Key on the real app: a double submit has one effect', () => {
  let app: TestApp;
  let admin: Familie;
  let fuchs: Familie;
  let bauer: Familie;
  let fuechse: string;
  const { remember } = apiClient(() => app.baseUrl);

  /** Sends a write as the web client does, with the key; no read-your-writes header. */
  const schreibe = async (token: string, method: string, path: string, body: unknown, key?: string) => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (key !== undefined) headers['idempotency-key'] = key;
    let payload: string | FormData | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(`${app.baseUrl}${path}`, { method, headers, body: payload });
    const text = await response.text();
    return {
      status: response.status,
      body: response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text,
      replayed: response.headers.get('idempotent-replayed') === 'true',
      position: response.headers.get('x-event-position'),
    };
  };
  const ereignisse = async (typ: string) =>
    Number((await app.db.pool.query<{ n: string }>('SELECT count(*) AS n FROM events WHERE event_type = $1', [typ])).rows[0]!.n);

  beforeAll(async () => {
    app = await startTestApp({ now: () => JETZT });
    const familie = async (nachname: string, gruppe?: string, rollen?: ('ROLE_ELTERN' | 'ROLE_ADMIN')[]) => {
      const x = await app.angemeldeteFamilie(nachname, PASSWORT, remember, gruppe, rollen);
      return { elternId: x.elternId, token: x.token, email: x.email };
    };
    admin = await familie('Leitung', undefined, ['ROLE_ADMIN']);
    fuchs = await familie('Fuchs', 'Füchse');
    bauer = await familie('Bauer', 'Füchse');
    fuechse = (await app.db.pool.query<{ gruppe_id: string }>("SELECT gruppe_id FROM gruppen_namen WHERE name_key = 'füchse'")).rows[0]!
      .gruppe_id;
  }, 60_000);
  afterAll(() => app?.close());

  it('„Anlegen“ tapped twice at once creates one family; both taps get the same 201', async () => {
    const key = randomUUID();
    const neu = { nachname: 'Doppelklick', email: 'doppelklick@example.org', gruppe: 'Füchse' };
    const vorher = await ereignisse('ElternRegistriert');
    const [a, b] = await Promise.all([
      schreibe(admin.token, 'POST', '/api/admin/eltern', neu, key),
      schreibe(admin.token, 'POST', '/api/admin/eltern', neu, key),
    ]);
    expect(a.status, JSON.stringify([a, b])).toBe(201);
    expect(b).toMatchObject({ status: 201, body: a.body });
    expect([a.replayed, b.replayed].filter(Boolean)).toHaveLength(1);
    expect(await ereignisse('ElternRegistriert')).toBe(vorher + 1);
    // A retry much later (the answer got lost) still gets the first answer, from the database.
    const spaeter = await schreibe(admin.token, 'POST', '/api/admin/eltern', neu, key);
    expect(spaeter).toMatchObject({ status: 201, body: a.body, replayed: true, position: a.position });
    // Without a key, the same form is a second request: the e-mail is taken.
    expect(await schreibe(admin.token, 'POST', '/api/admin/eltern', neu)).toMatchObject({
      status: 409,
      body: { message: 'Diese E-Mail-Adresse ist bereits vergeben.' },
    });
  });

  it('„Tausch bestätigen“ tapped twice at once: one swap, and both taps read „angenommen“', async () => {
    const { zuweisungen, position } = await weiseWasserdiensteZu(
      app.runtime,
      fuechse,
      [
        { elternId: fuchs.elternId, jahr: 2026, kalenderwoche: 49 },
        { elternId: bauer.elternId, jahr: 2026, kalenderwoche: 50 },
      ],
      { actorId: null },
    );
    remember(position);
    const angebot = await schreibe(fuchs.token, 'POST', '/api/tausch', { wasserdienstId: zuweisungen[0]!.wasserdienstId }, randomUUID());
    expect(angebot.status).toBe(201);
    const { events } = await app.runtime.store.readStream(dienstplanStream(fuechse));
    const tauschId = (events.find((e) => e.type === 'TauschAngeboten')!.data as { tauschId: string }).tauschId;
    const key = randomUUID();
    const annahme = { resolveWasserdienstId: zuweisungen[1]!.wasserdienstId };
    const antworten = await Promise.all(
      Array.from({ length: 3 }, () => schreibe(bauer.token, 'PUT', `/api/tausch/${tauschId}/accept`, annahme, key)),
    );
    for (const a of antworten)
      expect(a).toMatchObject({ status: 200, body: { bestaetigt: true, message: 'Tausch-Anfrage erfolgreich angenommen!' } });
    expect(await ereignisse('TauschAngenommen')).toBe(1);
    // Every key is the caller's own: the offering family's key of the same value is another request, decided anew.
    expect(await schreibe(fuchs.token, 'PUT', `/api/tausch/${tauschId}/accept`, {}, key)).toMatchObject({
      status: 409,
      body: { message: 'Dieses Angebot wurde bereits angenommen.' },
      replayed: false,
    });
  });

  it('a new calendar address requested twice with one key: one renewal, both answers carry the same working address', async () => {
    const key = randomUUID();
    const [a, b] = await Promise.all([
      schreibe(fuchs.token, 'POST', '/api/kalender/abo', undefined, key),
      schreibe(fuchs.token, 'POST', '/api/kalender/abo', undefined, key),
    ]);
    expect(a.status).toBe(200);
    expect(b.body.url).toBe(a.body.url);
    expect((await fetch(`${app.baseUrl}${new URL(a.body.url).pathname}`)).status).toBe(200);
    expect(await ereignisse('KalenderAboErneuert')).toBe(1);
    // The secret address is never kept in the database for later repeats.
    const { rows } = await app.db.pool.query('SELECT antwort FROM idempotenz WHERE schluessel = $1', [key]);
    expect(rows).toEqual([{ antwort: null }]);
  });

  it('refuses a malformed key (400) and a key reused for another request (422), in German', async () => {
    expect(await schreibe(fuchs.token, 'POST', '/api/abwesenheit', { jahr: 2027, kalenderwoche: 6 }, 'x'.repeat(256))).toMatchObject({
      status: 400,
      body: { message: 'Der Idempotency-Key muss 1 bis 255 sichtbare Zeichen lang sein.' },
    });
    const key = randomUUID();
    expect((await schreibe(fuchs.token, 'POST', '/api/abwesenheit', { jahr: 2027, kalenderwoche: 6 }, key)).status).toBe(201);
    expect(await schreibe(fuchs.token, 'DELETE', '/api/kalender/abo', undefined, key)).toMatchObject({
      status: 422,
      body: { message: 'Dieser Idempotency-Key wurde schon für eine andere Anfrage verwendet.' },
    });
  });
  it('two command processes on one database get the same key at once: one family, one answer', async () => {
    pruefeBuild();
    const zweiter = await starteAppProzess(app.db.databaseUrl, { LOG_LEVEL: 'info' });
    try {
      // The second process runs on the real clock: a session of its own (this app's clock stands at JETZT).
      const token = (await json(await login(zweiter.baseUrl, admin.email, PASSWORT))).jwt as string;
      for (let runde = 0; runde < 10; runde++) {
        const key = randomUUID();
        const neu = { nachname: `Zwei${runde}`, email: `zwei-${runde}@example.org`, gruppe: 'Füchse' };
        const vorher = await ereignisse('ElternRegistriert');
        const hier = schreibe(token, 'POST', '/api/admin/eltern', neu, key);
        const dort = fetch(`${zweiter.baseUrl}/api/admin/eltern`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
          body: JSON.stringify(neu),
        });
        const [a, b] = await Promise.all([hier, dort]);
        const bBody = await b.json();
        expect(a.status, JSON.stringify([a, bBody])).toBe(201);
        expect([b.status, bBody]).toEqual([201, a.body]);
        expect(await ereignisse('ElternRegistriert')).toBe(vorher + 1);
      }
    } finally {
      await zweiter.beende('SIGTERM');
    }
  });

  // Last: the import replaces the families, so the sessions above end with it.
  it('the import’s last button pressed twice: one import, the same result panel twice', async () => {
    expect((await schreibe(admin.token, 'POST', '/api/admin/confirm-holidays', undefined, randomUUID())).status).toBe(200);
    const form = () => {
      const f = new FormData();
      const csv = 'Nachname;Vorname;Gruppe;E-Mail\nImport;Ida;Eulen;import-ida@example.org\n';
      f.append('csvFile', new Blob([new TextEncoder().encode(csv)], { type: 'text/csv' }), 'eltern.csv');
      f.append('deadline', '2027-03-31');
      return f;
    };
    const key = randomUUID();
    const [a, b] = await Promise.all([
      schreibe(admin.token, 'POST', '/api/admin/import-eltern', form(), key),
      schreibe(admin.token, 'POST', '/api/admin/import-eltern', form(), key),
    ]);
    expect(a.status).toBe(200);
    expect(b).toEqual({ ...a, replayed: !a.replayed });
    const { rows } = await app.db.pool.query("SELECT count(DISTINCT stream_name) AS n FROM events WHERE stream_name LIKE 'import-%'");
    expect(Number(rows[0].n)).toBe(1);
  });
});
