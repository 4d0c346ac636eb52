import { randomUUID } from 'node:crypto';
import { KALENDER_STREAM } from '@waldkita/domain/kalender/schliesszeiten';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commandApiRouteTest,
  existingStream,
  expectError,
  expectNewEvents,
  expectNoNewEvents,
  expectResponse,
  familie,
} from '../testing/route-test.js';

describe('closing times and events (POST/PUT/DELETE /api/schliesszeiten…, also under /api/api/…)', () => {
  let t: Awaited<ReturnType<typeof commandApiRouteTest>>;
  const leitung = familie('Leitung', null, ['ROLE_ADMIN']);
  const fuchs = familie('Fuchs', null);
  beforeAll(async () => {
    t = await commandApiRouteTest({ now: () => new Date('2026-11-20T10:00:00+01:00') });
    await t.appendEvents(leitung.stream, fuchs.stream);
  });
  afterAll(() => t?.close());

  it('refuses every calendar write from a parent with 403, under both prefixes, and appends nothing', async () => {
    const id = randomUUID();
    for (const basis of ['/api/api/schliesszeiten', '/api/schliesszeiten']) {
      const writes: ['POST' | 'PUT' | 'DELETE', string, object?][] = [
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
      for (const [method, url, payload] of writes)
        await t
          .when({ method, url, payload, als: fuchs })
          .then(expectError(403, 'Sie haben keine Berechtigung für diese Aktion.'), expectNoNewEvents(KALENDER_STREAM));
    }
  });

  // Creating a closing week adapts every duty plan from the read models (platform/src/dienste/plane-dienstart.ts),
  // which this harness does not build: that it is accepted stays in cli/src/abwesenheit-kalender.test.ts.
  it('refuses week 53 of 2027 and checks the range and the description as docs/produkt.md §5 says, appending nothing', async () => {
    const cases: [object, string][] = [
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
    for (const [payload, message] of cases)
      await t
        .when({ method: 'POST', url: '/api/schliesszeiten', payload, als: leitung })
        .then(expectError(400, message), expectNoNewEvents(KALENDER_STREAM));
  });

  // The weeks, days and events below are given in the log: changing, deleting and events adapt no plan.
  it('refuses a range whose weeks are all closed already, appending nothing', async () => {
    await t
      .given(
        existingStream(
          KALENDER_STREAM,
          [2, 3, 4, 5].map((kalenderwoche) => ({
            type: 'SchliesswocheAngelegt',
            data: { id: randomUUID(), jahr: 2029, kalenderwoche, beschreibung: 'Winterpause' },
          })),
        ),
      )
      .when({
        method: 'POST',
        url: '/api/schliesszeiten',
        payload: { jahr: 2029, kalenderwocheVon: 2, kalenderwocheBis: 5, beschreibung: 'x', isRange: true },
        als: leitung,
      })
      .then(
        expectResponse(409, { message: 'Für alle gewählten Kalenderwochen gibt es bereits Schließzeiten.' }),
        expectNoNewEvents(KALENDER_STREAM),
      );
  });

  it('edits only the description of a closing week and deletes it; deleting it again is a 404', async () => {
    const id = randomUUID();
    const path = `/api/api/schliesszeiten/${id}`;
    const aendere = (payload: object) => ({ method: 'PUT' as const, url: path, payload, als: leitung });
    await t
      .given(
        existingStream(KALENDER_STREAM, [
          { type: 'SchliesswocheAngelegt', data: { id, jahr: 2028, kalenderwoche: 2, beschreibung: 'Winterpause' } },
        ]),
      )
      .when(aendere({ jahr: 2028, kalenderwoche: 9, beschreibung: 'x' }))
      .then(expectError(400, 'Kalenderwoche und Jahr können nicht geändert werden'), expectNoNewEvents(KALENDER_STREAM));
    await t
      .when(aendere({ jahr: 2028, kalenderwoche: 2, beschreibung: '  ' }))
      .then(expectError(400, 'Beschreibung darf nicht leer sein'), expectNoNewEvents(KALENDER_STREAM));
    await t
      .when(aendere({ jahr: 2028, kalenderwoche: 2, beschreibung: 'Ferien' }))
      .then(
        expectResponse(200, { id, message: 'Schließzeit erfolgreich aktualisiert' }),
        expectNewEvents(KALENDER_STREAM, [{ type: 'SchliesswocheGeaendert', data: { id, beschreibung: 'Ferien' } }]),
      );
    await t
      .when({ method: 'DELETE', url: path, als: leitung })
      .then(
        expectResponse(200, { id, message: 'Schließzeit erfolgreich gelöscht' }),
        expectNewEvents(KALENDER_STREAM, [{ type: 'SchliesswocheGeloescht', data: { id } }]),
      );
    await t.when({ method: 'DELETE', url: path, als: leitung }).then(expectResponse(404), expectNoNewEvents(KALENDER_STREAM));
  });

  it('keeps closing days unique per date, locks the date when editing, and limits the description', async () => {
    const id = randomUUID();
    await t
      .given(
        existingStream(KALENDER_STREAM, [{ type: 'SchliesstagAngelegt', data: { id, datum: '2028-12-24', beschreibung: 'Heiligabend' } }]),
      )
      .when({ method: 'POST', url: '/api/schliesszeiten/schliesstage', payload: { datum: '2028-12-24', beschreibung: 'x' }, als: leitung })
      .then(expectResponse(409, { message: 'Für den 24.12.2028 gibt es bereits einen Schließtag.' }), expectNoNewEvents(KALENDER_STREAM));
    await t
      .when({
        method: 'PUT',
        url: `/api/schliesszeiten/schliesstage/${id}`,
        payload: { datum: '2028-12-23', beschreibung: 'x' },
        als: leitung,
      })
      .then(expectResponse(400, { message: 'Das Datum kann nicht geändert werden' }), expectNoNewEvents(KALENDER_STREAM));
    await t
      .when({
        method: 'POST',
        url: '/api/schliesszeiten/schliesstage',
        payload: { datum: '2028-12-31', beschreibung: 'x'.repeat(801) },
        als: leitung,
      })
      .then(expectResponse(400), expectNoNewEvents(KALENDER_STREAM));
  });

  it('creates, edits and deletes events (Kita-Events); an event without a date is refused', async () => {
    const angelegt = await t
      .when({
        method: 'POST',
        url: '/api/api/schliesszeiten/events',
        payload: { datum: '2027-06-12', beschreibung: 'Sommerfest' },
        als: leitung,
      })
      .then(
        expectResponse(
          201,
          expect.objectContaining({ datum: '2027-06-12', beschreibung: 'Sommerfest', message: 'Event erfolgreich erstellt' }),
        ),
        expectNewEvents(KALENDER_STREAM, [
          { type: 'KitaEventAngelegt', data: { id: expect.any(String), datum: '2027-06-12', beschreibung: 'Sommerfest' } },
        ]),
      );
    const id = angelegt.json().id as string;
    await t
      .when({ method: 'POST', url: '/api/api/schliesszeiten/events', payload: { beschreibung: 'ohne Datum' }, als: leitung })
      .then(expectResponse(400, { message: 'Bitte füllen Sie alle Felder aus' }), expectNoNewEvents(KALENDER_STREAM));
    await t
      .when({
        method: 'PUT',
        url: `/api/api/schliesszeiten/events/${id}`,
        payload: { datum: '2027-06-12', beschreibung: 'Sommerfest im Wald' },
        als: leitung,
      })
      .then(
        expectResponse(200, { id, message: 'Event erfolgreich aktualisiert' }),
        expectNewEvents(KALENDER_STREAM, [{ type: 'KitaEventGeaendert', data: { id, beschreibung: 'Sommerfest im Wald' } }]),
      );
    await t
      .when({ method: 'DELETE', url: `/api/api/schliesszeiten/events/${id}`, als: leitung })
      .then(
        expectResponse(200, { id, message: 'Event erfolgreich gelöscht' }),
        expectNewEvents(KALENDER_STREAM, [{ type: 'KitaEventGeloescht', data: { id } }]),
      );
  });
});
