import { randomUUID } from 'node:crypto';
import { abwesenheitenStream } from '@waldkita/domain/abwesenheit/abwesenheit';
import { KALENDER_STREAM } from '@waldkita/domain/kalender/schliesszeiten';
import { kalenderAboStream } from '@waldkita/domain/kalender-abo/kalender-abo';
import { feedDigest } from '@waldkita/platform/kalender-abo/feed-token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commandApiRouteTest,
  existingStream,
  expectError,
  expectNoNewEvents,
  expectResponse,
  familie,
  multipart,
} from '../testing/route-test.js';

describe('Idempotency-Key on every write route (command-api/src/http/idempotenz.ts)', () => {
  let t: Awaited<ReturnType<typeof commandApiRouteTest>>;
  const fuchs = familie('Fuchs', null);
  const leitung = familie('Leitung', null, ['ROLE_ADMIN']);
  beforeAll(async () => {
    t = await commandApiRouteTest({ now: () => new Date('2026-11-20T10:00:00+01:00') });
    await t.appendEvents(fuchs.stream, leitung.stream);
    // Through the route: a parent's group is found by its name (gruppen_namen), which the route writes.
    await t.when({ method: 'POST', url: '/api/admin/gruppen', payload: { gruppenName: 'Füchse' }, als: leitung }).then(expectResponse(201));
  });
  const ereignisse = async (typ: string) =>
    Number((await t.db.pool.query<{ n: string }>('SELECT count(*) AS n FROM events WHERE event_type = $1', [typ])).rows[0]!.n);
  const antwort = (r: { statusCode: number; body: string; headers: Record<string, unknown> }) => ({
    status: r.statusCode,
    body: String(r.headers['content-type'] ?? '').includes('json') ? JSON.parse(r.body) : r.body,
    replayed: r.headers['idempotent-replayed'] === 'true',
    position: r.headers['x-event-position'],
  });
  afterAll(() => t?.close());

  it('refuses a malformed key (400) and a key reused for another request (422), in German', async () => {
    const stream = abwesenheitenStream(fuchs.elternId);
    const melde = (key: string) => ({
      method: 'POST' as const,
      url: '/api/abwesenheit',
      payload: { jahr: 2027, kalenderwoche: 6 },
      headers: { 'idempotency-key': key },
      als: fuchs,
    });
    await t
      .when(melde('x'.repeat(256)))
      .then(expectError(400, 'Der Idempotency-Key muss 1 bis 255 sichtbare Zeichen lang sein.'), expectNoNewEvents(stream));
    const key = randomUUID();
    await t.when(melde(key)).then(expectResponse(201));
    await t
      .when({ method: 'DELETE', url: '/api/kalender/abo', headers: { 'idempotency-key': key }, als: fuchs })
      .then(expectError(422, 'Dieser Idempotency-Key wurde schon für eine andere Anfrage verwendet.'));
  });

  it('„Anlegen“ tapped twice at once creates one family; both taps get the same 201', async () => {
    const neu = {
      method: 'POST' as const,
      url: '/api/admin/eltern',
      payload: { nachname: 'Doppelklick', email: 'doppelklick@example.org', gruppe: 'Füchse' },
      als: leitung,
    };
    const headers = { 'idempotency-key': randomUUID() };
    const vorher = await ereignisse('ElternRegistriert');
    const [a, b] = (await Promise.all([t.send({ ...neu, headers }), t.send({ ...neu, headers })])).map(antwort);
    expect(a!.status, JSON.stringify([a, b])).toBe(201);
    expect(b).toMatchObject({ status: 201, body: a!.body });
    expect([a!.replayed, b!.replayed].filter(Boolean)).toHaveLength(1);
    expect(await ereignisse('ElternRegistriert')).toBe(vorher + 1);
    // A retry much later (the answer got lost) still gets the first answer, from the database.
    const spaeter = antwort(await t.send({ ...neu, headers }));
    expect(spaeter).toMatchObject({ status: 201, body: a!.body, replayed: true, position: a!.position });
    // Without a key, the same form is a second request: the e-mail is taken.
    await t.when(neu).then(expectError(409, 'Diese E-Mail-Adresse ist bereits vergeben.'));
  });

  it('a new calendar address requested twice with one key: one renewal, both answers carry the address whose digest is kept', async () => {
    const key = randomUUID();
    const abo = { method: 'POST' as const, url: '/api/kalender/abo', headers: { 'idempotency-key': key }, als: fuchs };
    const [a, b] = (await Promise.all([t.send(abo), t.send(abo)])).map(antwort);
    expect(a!.status).toBe(200);
    expect(b!.body.url).toBe(a!.body.url);
    const { events } = await t.store.readStream(kalenderAboStream(fuchs.elternId));
    const token = /\/api\/kalender\/([A-Za-z0-9_-]{43})\.ics$/.exec(a!.body.url)![1]!;
    // The feed answers the address whose digest the log keeps (query-api/src/kalender-abo/kalender-abo-routes.test.ts).
    expect(events.map((e) => ({ type: e.type, data: e.data }))).toEqual([
      { type: 'KalenderAboErneuert', data: { elternId: fuchs.elternId, tokenDigest: feedDigest(token) } },
    ]);
    // The secret address is never kept in the database for later repeats.
    const { rows } = await t.db.pool.query('SELECT antwort FROM idempotenz WHERE schluessel = $1', [key]);
    expect(rows).toEqual([{ antwort: null }]);
  });

  it('the import’s last button pressed twice: one import, the same result panel twice', async () => {
    await t.appendEvents(existingStream(KALENDER_STREAM, [{ type: 'FerienBestaetigt', data: {} }]));
    const form = () => {
      const f = new FormData();
      const csv = 'Nachname;Vorname;Gruppe;E-Mail\nImport;Ida;Eulen;import-ida@example.org\n';
      f.append('csvFile', new Blob([new TextEncoder().encode(csv)], { type: 'text/csv' }), 'eltern.csv');
      f.append('deadline', '2027-03-31');
      return f;
    };
    const key = randomUUID();
    const importiere = async () => {
      const { headers, payload } = await multipart(form());
      return t.send({
        method: 'POST',
        url: '/api/admin/import-eltern',
        headers: { ...headers, 'idempotency-key': key },
        payload,
        als: leitung,
      });
    };
    const [a, b] = (await Promise.all([importiere(), importiere()])).map(antwort);
    expect(a!.status).toBe(200);
    expect(b).toEqual({ ...a, replayed: !a!.replayed });
    const { rows } = await t.db.pool.query("SELECT count(DISTINCT stream_name) AS n FROM events WHERE stream_name LIKE 'import-%'");
    expect(Number(rows[0].n)).toBe(1);
  });
});
