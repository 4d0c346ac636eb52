// Whole app: creating closing weeks and days adapts the duty plans from the read models, which the command route harness does not build.
// The absence routes, the calendar's refusals, edits, events and reads are tested beside them: command-api/src/abwesenheit, command-api/src/kalender, query-api/src/abwesenheit, query-api/src/kalender.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, json, login, startTestApp, type TestApp } from './testing/test-app.js';

const PASSWORT = 'abwesend123';

describe('closing weeks and days on the real app', () => {
  let app: TestApp;
  const jetzt = new Date('2026-11-20T10:00:00+01:00');
  let fuchs: string;
  let admin: string;
  const { call, get, remember } = apiClient(() => app.baseUrl);
  const anmelden = async (email: string) => (await json(await login(app.baseUrl, email, PASSWORT))).jwt as string;

  const familie = async (nachname: string, rollen: ('ROLE_ELTERN' | 'ROLE_ADMIN')[] = ['ROLE_ELTERN']) => {
    const email = `${nachname.toLowerCase()}-${randomUUID().slice(0, 8)}@example.org`;
    const { position } = await app.familie(
      { email, passwort: PASSWORT, nachname, rollen },
      rollen.includes('ROLE_ADMIN') ? undefined : 'Füchse',
    );
    remember(position); // the first read waits until the projector has the family
    return anmelden(email);
  };

  beforeAll(async () => {
    app = await startTestApp({ now: () => jetzt });
    [fuchs, admin] = await Promise.all([familie('Fuchs'), familie('Leitung', ['ROLE_ADMIN'])]);
  }, 60_000);
  afterAll(() => app?.close());

  describe('closing weeks and days', () => {
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
    });

    it('accepts week 53 of 2026 (its refusals are tested beside the route, command-api/src/kalender)', async () => {
      expect(
        (await call(admin, 'POST', '/api/schliesszeiten', { jahr: 2026, kalenderwoche: 53, beschreibung: 'Jahreswechsel' })).status,
      ).toBe(201);
    });

    it('creates a closing day (201); its refusals and the reads of days are tested beside the routes (command-api/src/kalender, query-api/src/kalender)', async () => {
      const day = await call(admin, 'POST', '/api/api/schliesszeiten/schliesstage', { datum: '2026-12-24', beschreibung: 'Heiligabend' });
      expect(day).toMatchObject({ status: 201, body: { datum: '2026-12-24', message: 'Schließtag erfolgreich erstellt' } });
    });
  });
});
