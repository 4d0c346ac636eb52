import { randomUUID } from 'node:crypto';
import { abwesenheitenStream } from '@waldkita/domain/abwesenheit/abwesenheit';
import { SAISON_STREAM } from '@waldkita/domain/saison/saison';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commandApiRouteTest,
  existingStream,
  expectError,
  expectNewEvents,
  expectNoNewEvents,
  expectResponse,
  familie,
  gruppe,
} from '../testing/route-test.js';

const FREITAG_KW47 = new Date('2026-11-20T10:00:00+01:00');
const FRIST_ABGELAUFEN = 'Sie können keine Abwesenheiten mehr erstellen. Die konfigurierte Frist ist abgelaufen.';

describe('absence routes (POST/DELETE /api/abwesenheit, PUT /api/admin/abwesenheit-frist)', () => {
  let t: Awaited<ReturnType<typeof commandApiRouteTest>>;
  /** The server's clock, moved by the deadline tests. */
  let jetzt = FREITAG_KW47;
  const fuechse = gruppe('Füchse');
  const leitung = familie('Leitung', null, ['ROLE_ADMIN']);
  beforeAll(async () => {
    t = await commandApiRouteTest({ now: () => jetzt });
    await t.appendEvents(fuechse.stream, leitung.stream);
  });
  afterAll(() => t?.close());

  const melde = (als: ReturnType<typeof familie>, payload: object, url = '/api/abwesenheit') => ({
    method: 'POST' as const,
    url,
    payload,
    als,
  });

  it('reports a week (201, German confirmation, one AbwesenheitGemeldet), week 53 of 2026 included', async () => {
    const fuchs = familie('Fuchs', fuechse.gruppeId);
    const stream = abwesenheitenStream(fuchs.elternId);
    const response = await t
      .given(fuchs.stream)
      .when(melde(fuchs, { kalenderwoche: 53, jahr: 2026 }))
      .then(
        expectResponse(201, {
          abwesenheitID: expect.any(String),
          id: expect.any(String),
          kalenderwoche: 53,
          jahr: 2026,
          elternId: fuchs.elternId,
          message: 'Abwesenheit erfolgreich erstellt',
        }),
        expectNewEvents(stream, [
          {
            type: 'AbwesenheitGemeldet',
            data: { abwesenheitId: expect.any(String), elternId: fuchs.elternId, jahr: 2026, kalenderwoche: 53 },
          },
        ]),
      );
    expect(response.json().abwesenheitID).toBe(response.json().id);
    // the older path writes the same
    await t
      .when(melde(fuchs, { kalenderwoche: '4', jahr: '2027' }, '/api/wasserdienst/absences'))
      .then(
        expectResponse(201, expect.objectContaining({ kalenderwoche: 4, jahr: 2027 })),
        expectNewEvents(stream, [expect.objectContaining({ type: 'AbwesenheitGemeldet' })]),
      );
  });

  it('refuses week 53 of 2027, weeks and years out of range and a duplicate with German messages, appending nothing', async () => {
    const fuchs = familie('Fuchs', fuechse.gruppeId);
    const stream = abwesenheitenStream(fuchs.elternId);
    await t
      .given(
        fuchs.stream,
        existingStream(stream, [
          { type: 'AbwesenheitGemeldet', data: { abwesenheitId: randomUUID(), elternId: fuchs.elternId, jahr: 2026, kalenderwoche: 53 } },
        ]),
      )
      .when(melde(fuchs, { kalenderwoche: 53, jahr: 2027 }))
      .then(expectError(400, 'KW 53/2027 gibt es nicht: 2027 hat nur 52 Kalenderwochen.'), expectNoNewEvents(stream));
    await t
      .when(melde(fuchs, { kalenderwoche: 0, jahr: 2027 }))
      .then(expectError(400, 'Kalenderwoche muss zwischen 1 und 53 liegen'), expectNoNewEvents(stream));
    await t
      .when(melde(fuchs, { kalenderwoche: '12', jahr: '2023' }))
      .then(expectError(400, 'Jahr muss mindestens 2024 sein'), expectNoNewEvents(stream));
    await t
      .when(melde(fuchs, { kalenderwoche: 53, jahr: 2026 }))
      .then(expectError(409, 'Für KW 53/2026 ist bereits eine Abwesenheit eingetragen.'), expectNoNewEvents(stream));
  });

  it('deletes only the family’s own absence: another family gets 404', async () => {
    const fuchs = familie('Fuchs', fuechse.gruppeId);
    const bauer = familie('Bauer', fuechse.gruppeId);
    const stream = abwesenheitenStream(fuchs.elternId);
    const gemeldet = { abwesenheitId: randomUUID(), elternId: fuchs.elternId, jahr: 2027, kalenderwoche: 10 };
    await t
      .given(fuchs.stream, bauer.stream, existingStream(stream, [{ type: 'AbwesenheitGemeldet', data: gemeldet }]))
      .when({ method: 'DELETE', url: `/api/abwesenheit/${gemeldet.abwesenheitId}`, als: bauer })
      .then(expectError(404, 'Abwesenheit nicht gefunden.'), expectNoNewEvents(stream));
    await t
      .when({ method: 'DELETE', url: `/api/abwesenheit/${gemeldet.abwesenheitId}`, als: fuchs })
      .then(
        expectResponse(200, { id: gemeldet.abwesenheitId, message: 'Abwesenheit erfolgreich gelöscht' }),
        expectNewEvents(stream, [{ type: 'AbwesenheitGeloescht', data: gemeldet }]),
      );
  });

  it('refuses an absence for a week that has ended, in German, under both paths; the current week is still accepted', async () => {
    const bauer = familie('Bauer', fuechse.gruppeId);
    const stream = abwesenheitenStream(bauer.elternId);
    await t
      .given(bauer.stream)
      .when(melde(bauer, { kalenderwoche: 10, jahr: 2026 }))
      .then(
        expectError(400, 'KW 10/2026 ist bereits vorbei. Abwesenheiten können nur für kommende Wochen gemeldet werden.'),
        expectNoNewEvents(stream),
      );
    await t
      .when(melde(bauer, { kalenderwoche: 46, jahr: 2026 }, '/api/wasserdienst/absences'))
      .then(expectResponse(400), expectNoNewEvents(stream));
    await t
      .when(melde(bauer, { kalenderwoche: 47, jahr: 2026 }))
      .then(
        expectResponse(201, expect.objectContaining({ message: 'Abwesenheit erfolgreich erstellt' })),
        expectNewEvents(stream, [expect.objectContaining({ type: 'AbwesenheitGemeldet' })]),
      );
  });

  it('refuses a deadline in the past (yesterday in Berlin) with 400 in German; today is accepted', async () => {
    const frist = (deadline: string) => ({
      method: 'PUT' as const,
      url: '/api/admin/abwesenheit-frist',
      payload: { deadline },
      als: leitung,
    });
    await t
      .when(frist('2026-11-19'))
      .then(
        expectError(400, 'Die Frist 19.11.2026 liegt in der Vergangenheit. Bitte wählen Sie heute oder ein späteres Datum.'),
        expectNoNewEvents(SAISON_STREAM),
      );
    // The deadline day itself still lets families report (query-api/src/abwesenheit: creation-info).
    await t
      .when(frist('2026-11-20'))
      .then(
        expectResponse(200, { deadline: '2026-11-20', message: 'Frist für Abwesenheiten gespeichert.' }),
        expectNewEvents(SAISON_STREAM, [{ type: 'AbwesenheitsfristGesetzt', data: { frist: '2026-11-20', quelle: 'admin' } }]),
      );
  });

  it('only an admin sets the deadline, as an ISO date', async () => {
    const fuchs = familie('Fuchs', fuechse.gruppeId);
    const frist = (als: ReturnType<typeof familie>, deadline: string) => ({
      method: 'PUT' as const,
      url: '/api/admin/abwesenheit-frist',
      payload: { deadline },
      als,
    });
    await t
      .given(fuchs.stream)
      .when(frist(fuchs, '2026-11-30'))
      .then(expectError(403, 'Sie haben keine Berechtigung für diese Aktion.'), expectNoNewEvents(SAISON_STREAM));
    await t.when(frist(leitung, '30.11.2026')).then(expectResponse(400), expectNoNewEvents(SAISON_STREAM));
    await t
      .when(frist(leitung, '2026-11-30'))
      .then(
        expectResponse(200, { deadline: '2026-11-30', message: 'Frist für Abwesenheiten gespeichert.' }),
        expectNewEvents(SAISON_STREAM, [{ type: 'AbwesenheitsfristGesetzt', data: { frist: '2026-11-30', quelle: 'admin' } }]),
      );
  });

  it('judges the deadline by the date in Berlin: 23:30 UTC on the 30th is already the 1st there, and reporting stops (403)', async () => {
    const fuchs = familie('Fuchs', fuechse.gruppeId);
    const stream = abwesenheitenStream(fuchs.elternId);
    try {
      jetzt = new Date('2026-11-30T22:30:00Z'); // 23:30 in Berlin, still the deadline day (set by the test before)
      await t
        .given(fuchs.stream)
        .when(melde(fuchs, { kalenderwoche: 20, jahr: 2027 }))
        .then(expectResponse(201));
      jetzt = new Date('2026-11-30T23:30:00Z'); // 00:30 on 1 December in Berlin
      await t.when(melde(fuchs, { kalenderwoche: 21, jahr: 2027 })).then(expectError(403, FRIST_ABGELAUFEN), expectNoNewEvents(stream));
    } finally {
      jetzt = FREITAG_KW47;
    }
  });
});
