import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, json, login, startTestApp, type TestApp } from './testing/test-app.js';

const PASSWORT = 'abwesend123';
const FRIST_ABGELAUFEN = 'Sie können keine Abwesenheiten mehr erstellen. Die konfigurierte Frist ist abgelaufen.';

describe('absences, closing times and events on the real app', () => {
  let app: TestApp;
  /** The server's clock, moved by the tests. */
  let jetzt = new Date('2026-11-20T10:00:00+01:00');
  let fuchs: string;
  let bauer: string;
  let admin: string;
  const { call, get, remember } = apiClient(() => app.baseUrl);
  const emails: Record<string, string> = {};
  const anmelden = async (email: string) => (await json(await login(app.baseUrl, email, PASSWORT))).jwt as string;

  const familie = async (nachname: string, rollen: ('ROLE_ELTERN' | 'ROLE_ADMIN')[] = ['ROLE_ELTERN']) => {
    const email = `${nachname.toLowerCase()}-${randomUUID().slice(0, 8)}@example.org`;
    const { position } = await app.familie(
      { email, passwort: PASSWORT, nachname, rollen },
      rollen.includes('ROLE_ADMIN') ? undefined : 'Füchse',
    );
    remember(position); // the first read waits until the projector has the family
    emails[nachname] = email;
    return anmelden(email);
  };

  beforeAll(async () => {
    app = await startTestApp({ now: () => jetzt });
    [fuchs, bauer, admin] = await Promise.all([familie('Fuchs'), familie('Bauer'), familie('Leitung', ['ROLE_ADMIN'])]);
  }, 60_000);
  afterAll(() => app?.close());

  describe('absences', () => {
    it('without any deadline, creating is open (SPEC: true, 0 days, no date)', async () => {
      expect((await get(fuchs, '/api/abwesenheit/creation-info')).body).toEqual({
        canCreateAbwesenheit: true,
        remainingDays: 0,
        deadline: null,
        aktuelleWoche: { jahr: 2026, kalenderwoche: 47 },
      });
    });

    it('only an admin sets the deadline; then the banner counts the days left', async () => {
      expect((await call(fuchs, 'PUT', '/api/admin/abwesenheit-frist', { deadline: '2026-11-30' })).status).toBe(403);
      expect((await call(admin, 'PUT', '/api/admin/abwesenheit-frist', { deadline: '30.11.2026' })).status).toBe(400);
      expect((await call(admin, 'PUT', '/api/admin/abwesenheit-frist', { deadline: '2026-11-30' })).status).toBe(200);
      expect((await get(fuchs, '/api/abwesenheit/creation-info')).body).toMatchObject({
        canCreateAbwesenheit: true,
        remainingDays: 10,
        deadline: '2026-11-30',
      });
    });

    it('accepts week 53 of 2026, refuses week 53 of 2027, out-of-range values and duplicates with German messages', async () => {
      const created = await call(fuchs, 'POST', '/api/abwesenheit', { kalenderwoche: 53, jahr: 2026 });
      expect(created).toMatchObject({ status: 201, body: { kalenderwoche: 53, jahr: 2026, message: 'Abwesenheit erfolgreich erstellt' } });
      expect(created.body.abwesenheitID).toBe(created.body.id);
      expect(await call(fuchs, 'POST', '/api/abwesenheit', { kalenderwoche: 53, jahr: 2027 })).toEqual({
        status: 400,
        body: { message: 'KW 53/2027 gibt es nicht: 2027 hat nur 52 Kalenderwochen.' },
      });
      expect((await call(fuchs, 'POST', '/api/abwesenheit', { kalenderwoche: 0, jahr: 2027 })).body.message).toBe(
        'Kalenderwoche muss zwischen 1 und 53 liegen',
      );
      expect((await call(fuchs, 'POST', '/api/abwesenheit', { kalenderwoche: '12', jahr: '2023' })).body.message).toBe(
        'Jahr muss mindestens 2024 sein',
      );
      expect(await call(fuchs, 'POST', '/api/abwesenheit', { kalenderwoche: 53, jahr: 2026 })).toEqual({
        status: 409,
        body: { message: 'Für KW 53/2026 ist bereits eine Abwesenheit eingetragen.' },
      });
    });

    it('lists a family’s own absences newest first, also under the older path; another family sees none and cannot delete them', async () => {
      await call(fuchs, 'POST', '/api/wasserdienst/absences', { kalenderwoche: 4, jahr: 2027 });
      await call(fuchs, 'POST', '/api/abwesenheit', { kalenderwoche: 10, jahr: 2027 });
      const list = (await get(fuchs, '/api/abwesenheit')).body;
      expect(list.map((a: { jahr: number; kalenderwoche: number }) => `${a.kalenderwoche}/${a.jahr}`)).toEqual([
        '10/2027',
        '4/2027',
        '53/2026',
      ]);
      expect((await get(fuchs, '/api/wasserdienst/absences/my')).body).toHaveLength(3);
      expect((await get(bauer, '/api/abwesenheit')).body).toEqual([]);
      expect(await call(bauer, 'DELETE', `/api/abwesenheit/${list[0].id}`)).toEqual({
        status: 404,
        body: { message: 'Abwesenheit nicht gefunden.' },
      });
      expect(await call(fuchs, 'DELETE', `/api/abwesenheit/${list[0].id}`)).toMatchObject({ status: 200 });
      expect((await get(fuchs, '/api/abwesenheit')).body).toHaveLength(2);
    });

    it('judges the deadline by the date in Berlin: 23:30 UTC on the 30th is already the 1st there, and creating stops', async () => {
      const spaeter = async (zeit: string) => {
        jetzt = new Date(zeit);
        return anmelden(emails.Fuchs!); // a token of that moment (the one from the 20th has expired by then)
      };
      try {
        await pruefeFrist(spaeter);
      } finally {
        jetzt = new Date('2026-11-20T10:00:00+01:00');
      }
    });

    const pruefeFrist = async (spaeter: (zeit: string) => Promise<string>) => {
      let fuchs = await spaeter('2026-11-30T22:30:00Z'); // 23:30 in Berlin, still the deadline day
      expect((await call(fuchs, 'POST', '/api/abwesenheit', { kalenderwoche: 20, jahr: 2027 })).status).toBe(201);
      expect((await get(fuchs, '/api/abwesenheit/creation-info')).body).toMatchObject({ canCreateAbwesenheit: true, remainingDays: 0 });
      fuchs = await spaeter('2026-11-30T23:30:00Z'); // 00:30 on 1 December in Berlin
      expect(await call(fuchs, 'POST', '/api/abwesenheit', { kalenderwoche: 21, jahr: 2027 })).toEqual({
        status: 403,
        body: { message: FRIST_ABGELAUFEN },
      });
      expect((await get(fuchs, '/api/abwesenheit/creation-info')).body).toMatchObject({
        canCreateAbwesenheit: false,
        remainingDays: 0,
        deadline: '2026-11-30',
        aktuelleWoche: { jahr: 2026, kalenderwoche: 49 },
      });
    };
  });

  describe('closing times and events', () => {
    it('refuses every calendar write from a parent with 403, under both prefixes', async () => {
      const id = randomUUID();
      for (const basis of ['/api/api/schliesszeiten', '/api/schliesszeiten']) {
        const writes: [string, string, unknown?][] = [
          ['POST', basis, { jahr: 2027, kalenderwoche: 2, beschreibung: 'x' }],
          ['PUT', `${basis}/${id}`, { beschreibung: 'x' }],
          ['DELETE', `${basis}/${id}`],
          ['POST', `${basis}/schliesstage`, { datum: '2027-01-07', beschreibung: 'x' }],
          ['PUT', `${basis}/schliesstage/${id}`, { beschreibung: 'x' }],
          ['DELETE', `${basis}/schliesstage/${id}`],
          ['POST', `${basis}/events`, { datum: '2027-01-07', beschreibung: 'x' }],
          ['PUT', `${basis}/events/${id}`, { beschreibung: 'x' }],
          ['DELETE', `${basis}/events/${id}`],
        ];
        for (const [method, path, body] of writes) {
          expect(await call(fuchs, method, path, body), `${method} ${path}`).toEqual({
            status: 403,
            body: { message: 'Sie haben keine Berechtigung für diese Aktion.' },
          });
        }
      }
      expect((await get(fuchs, '/api/api/schliesszeiten')).body).toEqual([]);
    });

    it('creates a range in one step, skipping a week that exists, and answers the count', async () => {
      const single = await call(admin, 'POST', '/api/api/schliesszeiten', {
        jahr: 2027,
        kalenderwoche: 3,
        beschreibung: 'Fortbildung',
        isRange: false,
      });
      expect(single).toMatchObject({ status: 201, body: { count: 1, message: 'Schließzeit erfolgreich erstellt' } });
      const range = await call(admin, 'POST', '/api/api/schliesszeiten', {
        jahr: '2027',
        kalenderwocheVon: '2',
        kalenderwocheBis: '5',
        beschreibung: 'Winterpause',
        isRange: true,
      });
      expect(range).toMatchObject({ status: 201, body: { count: 3, skipped: 1, message: '3 Schließzeiten erfolgreich erstellt' } });
      const weeks = (await get(fuchs, '/api/schliesszeiten?year=2027')).body;
      expect(weeks.map((w: { kalenderwoche: number; beschreibung: string }) => `${w.kalenderwoche} ${w.beschreibung}`)).toEqual([
        '2 Winterpause',
        '3 Fortbildung',
        '4 Winterpause',
        '5 Winterpause',
      ]);
      expect(
        (
          await call(admin, 'POST', '/api/schliesszeiten', {
            jahr: 2027,
            kalenderwocheVon: 2,
            kalenderwocheBis: 5,
            beschreibung: 'x',
            isRange: true,
          })
        ).body,
      ).toEqual({
        message: 'Für alle gewählten Kalenderwochen gibt es bereits Schließzeiten.',
      });
    });

    it('accepts week 53 of 2026 and refuses it for 2027; checks the range and the description as SPEC.md §5 says', async () => {
      expect(
        (await call(admin, 'POST', '/api/schliesszeiten', { jahr: 2026, kalenderwoche: 53, beschreibung: 'Jahreswechsel' })).status,
      ).toBe(201);
      const cases: [unknown, string][] = [
        [{ jahr: 2027, kalenderwoche: 53, beschreibung: 'x' }, 'KW 53/2027 gibt es nicht: 2027 hat nur 52 Kalenderwochen.'],
        [{ jahr: 2027, kalenderwoche: 6 }, 'Bitte füllen Sie alle Felder aus'],
        [{ jahr: 2031, kalenderwoche: 6, beschreibung: 'x' }, 'Jahr muss zwischen 2020 und 2030 liegen'],
        [{ jahr: 2027, isRange: true, kalenderwocheVon: 8, beschreibung: 'x' }, 'Bitte geben Sie Start- und Endwoche an'],
        [
          { jahr: 2027, isRange: true, kalenderwocheVon: 9, kalenderwocheBis: 8, beschreibung: 'x' },
          'Startwoche muss kleiner oder gleich Endwoche sein',
        ],
        [
          { jahr: 2027, isRange: true, kalenderwocheVon: 0, kalenderwocheBis: 8, beschreibung: 'x' },
          'Kalenderwochen müssen zwischen 1 und 53 liegen',
        ],
        [{ jahr: 2027, beschreibung: 'x' }, 'Bitte geben Sie eine Kalenderwoche an'],
        [{ jahr: 2027, kalenderwoche: 6, beschreibung: 'x'.repeat(501) }, 'Die Beschreibung darf höchstens 500 Zeichen lang sein.'],
      ];
      for (const [body, message] of cases)
        expect(await call(admin, 'POST', '/api/schliesszeiten', body)).toEqual({ status: 400, body: { message } });
    });

    it('edits only the description of a closing week and deletes it', async () => {
      const [week] = (await get(admin, '/api/schliesszeiten?year=2027')).body;
      const path = `/api/api/schliesszeiten/${week.id}`;
      expect((await call(admin, 'PUT', path, { jahr: 2027, kalenderwoche: 9, beschreibung: 'x' })).body.message).toBe(
        'Kalenderwoche und Jahr können nicht geändert werden',
      );
      expect((await call(admin, 'PUT', path, { jahr: 2027, kalenderwoche: 2, beschreibung: '  ' })).body.message).toBe(
        'Beschreibung darf nicht leer sein',
      );
      expect((await call(admin, 'PUT', path, { jahr: 2027, kalenderwoche: 2, beschreibung: 'Ferien' })).status).toBe(200);
      expect((await get(fuchs, '/api/schliesszeiten?year=2027')).body[0].beschreibung).toBe('Ferien');
      expect((await call(admin, 'DELETE', path)).status).toBe(200);
      expect((await call(admin, 'DELETE', path)).status).toBe(404);
    });

    it('keeps closing days unique per date, locks the date when editing, and lists upcoming ones from today', async () => {
      const day = await call(admin, 'POST', '/api/api/schliesszeiten/schliesstage', { datum: '2026-12-24', beschreibung: 'Heiligabend' });
      expect(day).toMatchObject({ status: 201, body: { datum: '2026-12-24', message: 'Schließtag erfolgreich erstellt' } });
      await call(admin, 'POST', '/api/schliesszeiten/schliesstage', { datum: '2026-10-02', beschreibung: 'Betriebsausflug' });
      expect((await call(admin, 'POST', '/api/schliesszeiten/schliesstage', { datum: '2026-12-24', beschreibung: 'x' })).body.message).toBe(
        'Für den 24.12.2026 gibt es bereits einen Schließtag.',
      );
      expect(
        (await call(admin, 'PUT', `/api/schliesszeiten/schliesstage/${day.body.id}`, { datum: '2026-12-23', beschreibung: 'x' })).body
          .message,
      ).toBe('Das Datum kann nicht geändert werden');
      expect(
        (await call(admin, 'POST', '/api/schliesszeiten/schliesstage', { datum: '2026-12-31', beschreibung: 'x'.repeat(801) })).status,
      ).toBe(400);
      expect((await get(fuchs, '/api/api/schliesszeiten/schliesstage?year=2026')).body.map((d: { datum: string }) => d.datum)).toEqual([
        '2026-10-02',
        '2026-12-24',
      ]);
      expect((await get(fuchs, '/api/api/schliesszeiten/schliesstage/upcoming')).body.map((d: { datum: string }) => d.datum)).toEqual([
        '2026-12-24',
      ]);
    });

    it('creates, edits and deletes events; a parent reads them', async () => {
      const event = await call(admin, 'POST', '/api/api/schliesszeiten/events', { datum: '2027-06-12', beschreibung: 'Sommerfest' });
      expect(event).toMatchObject({ status: 201, body: { message: 'Event erfolgreich erstellt' } });
      expect((await call(admin, 'POST', '/api/api/schliesszeiten/events', { beschreibung: 'ohne Datum' })).body.message).toBe(
        'Bitte füllen Sie alle Felder aus',
      );
      expect(
        (
          await call(admin, 'PUT', `/api/api/schliesszeiten/events/${event.body.id}`, {
            datum: '2027-06-12',
            beschreibung: 'Sommerfest im Wald',
          })
        ).status,
      ).toBe(200);
      expect((await get(fuchs, '/api/schliesszeiten/events?year=2027')).body).toEqual([
        { id: event.body.id, datum: '2027-06-12', beschreibung: 'Sommerfest im Wald' },
      ]);
      expect((await call(admin, 'DELETE', `/api/api/schliesszeiten/events/${event.body.id}`)).body.message).toBe(
        'Event erfolgreich gelöscht',
      );
      expect((await get(fuchs, '/api/schliesszeiten/events')).body).toEqual([]);
    });
  });
});
