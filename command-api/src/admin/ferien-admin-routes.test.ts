import { randomUUID } from 'node:crypto';
import { KALENDER_STREAM } from '@waldkita/domain/kalender/schliesszeiten';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  commandApiRouteTest,
  existingStream,
  expectError,
  expectNewEvents,
  expectNoNewEvents,
  expectResponse,
  familie,
} from '../testing/route-test.js';

/**
 * Holidays are closing times: one calendar for /schliesszeiten and the holiday screen. Entering
 * holidays closes weeks and days, which adapts the plans from the read models: that it is accepted
 * stays in cli/src/ferien-schliesszeiten.test.ts; here the holidays are given in the log.
 */
describe('holidays and closing times edited from either screen (PUT/DELETE /api/schliesszeiten…, DELETE /api/admin/holiday-…)', () => {
  let t: Awaited<ReturnType<typeof commandApiRouteTest>>;
  const leitung = familie('Leitung', null, ['ROLE_ADMIN']);
  const [woche53, woche1, heiligabend, brueckentag, teamtage] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  beforeAll(async () => {
    t = await commandApiRouteTest({ now: () => new Date('2026-11-20T10:00:00+01:00') });
    await t.appendEvents(
      leitung.stream,
      existingStream(KALENDER_STREAM, [
        { type: 'FerienwocheAngelegt', data: { id: woche53, jahr: 2026, kalenderwoche: 53, art: 'Weihnachtsferien' } },
        { type: 'FerienwocheAngelegt', data: { id: woche1, jahr: 2027, kalenderwoche: 1, art: 'Weihnachtsferien' } },
        { type: 'FerientagAngelegt', data: { id: randomUUID(), datum: '2026-12-23', art: 'Weihnachtsferien' } },
        { type: 'FerientagAngelegt', data: { id: heiligabend, datum: '2026-12-24', art: 'Weihnachtsferien' } },
        { type: 'FerientagAngelegt', data: { id: randomUUID(), datum: '2026-12-25', art: 'Weihnachtsferien' } },
        { type: 'FerientagAngelegt', data: { id: brueckentag, datum: '2027-05-07', art: 'Brückentag' } },
        { type: 'SchliesswocheAngelegt', data: { id: teamtage, jahr: 2027, kalenderwoche: 20, beschreibung: 'Teamtage' } },
      ]),
    );
  });
  afterAll(() => t?.close());

  const als = { als: leitung };

  it('a holiday week and day get a new description on the closing-times page', async () => {
    await t
      .when({
        method: 'PUT',
        url: `/api/api/schliesszeiten/${woche1}`,
        payload: { jahr: 2027, kalenderwoche: 1, beschreibung: 'Weihnachtsferien (Notgruppe im Wald)', isRange: false },
        ...als,
      })
      .then(
        expectResponse(200, { id: woche1, message: 'Schließzeit erfolgreich aktualisiert' }),
        expectNewEvents(KALENDER_STREAM, [
          { type: 'SchliesswocheGeaendert', data: { id: woche1, beschreibung: 'Weihnachtsferien (Notgruppe im Wald)' } },
        ]),
      );
    await t
      .when({
        method: 'PUT',
        url: `/api/schliesszeiten/schliesstage/${heiligabend}`,
        payload: { datum: '2026-12-24', beschreibung: 'Heiligabend' },
        ...als,
      })
      .then(
        expectResponse(200),
        expectNewEvents(KALENDER_STREAM, [{ type: 'SchliesstagGeaendert', data: { id: heiligabend, beschreibung: 'Heiligabend' } }]),
      );
  });

  it('deletes a holiday day on the closing-times page, a holiday week and a holiday type on the holiday screen; the other screen cannot delete them again', async () => {
    await t
      .when({ method: 'DELETE', url: `/api/api/schliesszeiten/schliesstage/${heiligabend}`, ...als })
      .then(
        expectResponse(200, { id: heiligabend, message: 'Schließtag erfolgreich gelöscht' }),
        expectNewEvents(KALENDER_STREAM, [{ type: 'SchliesstagGeloescht', data: { id: heiligabend } }]),
      );
    await t
      .when({ method: 'DELETE', url: `/api/admin/holiday-week/${woche53}`, ...als })
      .then(
        expectResponse(200, { id: woche53, message: 'Ferienwoche gelöscht' }),
        expectNewEvents(KALENDER_STREAM, [{ type: 'FerienwocheGeloescht', data: { id: woche53 } }]),
      );
    await t
      .when({ method: 'DELETE', url: '/api/admin/holiday-type?holidayType=Brückentag&year=2027', ...als })
      .then(expectResponse(200), expectNewEvents(KALENDER_STREAM, [{ type: 'FerientagGeloescht', data: { id: brueckentag } }]));
    await t
      .when({ method: 'DELETE', url: `/api/api/schliesszeiten/${woche53}`, ...als })
      .then(expectError(404, 'Schließzeit nicht gefunden.'), expectNoNewEvents(KALENDER_STREAM));
  });

  it('one calendar: a week or day closed on one screen cannot be closed again on the other; a closing week that is no holiday stays out of the holiday screen', async () => {
    await t
      .when({
        method: 'POST',
        url: '/api/api/schliesszeiten',
        payload: { jahr: 2027, kalenderwoche: 1, beschreibung: 'Winterpause', isRange: false },
        ...als,
      })
      .then(expectError(409, 'Für KW 1/2027 gibt es bereits eine Schließzeit.'), expectNoNewEvents(KALENDER_STREAM));
    await t
      .when({
        method: 'POST',
        url: '/api/api/schliesszeiten/schliesstage',
        payload: { datum: '2026-12-25', beschreibung: 'Weihnachten' },
        ...als,
      })
      .then(expectError(409, 'Für den 25.12.2026 gibt es bereits einen Schließtag.'), expectNoNewEvents(KALENDER_STREAM));
    await t
      .when({ method: 'DELETE', url: `/api/admin/holiday-week/${teamtage}`, ...als })
      .then(expectError(404, 'Ferienwoche nicht gefunden.'), expectNoNewEvents(KALENDER_STREAM));
  });
});

// A holiday range's success closes weeks, which adapts the plans from the read models: tested in cli/src/admin.test.ts.
describe('holidays in the Admin Center (POST /api/admin/holidays-by-date-range, /api/admin/confirm-holidays)', () => {
  let t: Awaited<ReturnType<typeof commandApiRouteTest>>;
  const leitung = familie('Leitung', null, ['ROLE_ADMIN']);
  beforeAll(async () => {
    t = await commandApiRouteTest({ now: () => new Date('2026-11-20T10:00:00+01:00') });
    await t.appendEvents(leitung.stream);
  });
  afterAll(() => t?.close());

  it('refuses a range that ends before it starts, in German, appending nothing', async () => {
    await t
      .when({
        method: 'POST',
        url: '/api/admin/holidays-by-date-range',
        payload: { holidayType: 'Weihnachtsferien', startDate: '2027-01-06', endDate: '2026-12-23' },
        als: leitung,
      })
      .then(expectError(400, 'Das Startdatum darf nicht nach dem Enddatum liegen.'), expectNoNewEvents(KALENDER_STREAM));
  });

  it('confirms the holidays once (FerienBestaetigt); confirming again answers 200 and appends nothing', async () => {
    const bestaetige = { method: 'POST' as const, url: '/api/admin/confirm-holidays', als: leitung };
    await t.when(bestaetige).then(expectResponse(200), expectNewEvents(KALENDER_STREAM, [{ type: 'FerienBestaetigt', data: {} }]));
    await t.when(bestaetige).then(expectResponse(200), expectNoNewEvents(KALENDER_STREAM));
  });
});
