import { randomUUID } from 'node:crypto';
import { abwesenheitenStream } from '@waldkita/domain/abwesenheit/abwesenheit';
import { SAISON_STREAM } from '@waldkita/domain/saison/saison';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existingStream, expectResponse, familie, gruppe, queryApiRouteTest } from '../testing/route-test.js';

const FREITAG_KW47 = new Date('2026-11-20T10:00:00+01:00');

describe('absences (GET /api/abwesenheit, /api/wasserdienst/absences/my, /api/abwesenheit/creation-info)', () => {
  let t: Awaited<ReturnType<typeof queryApiRouteTest>>;
  /** The server's clock, moved by the deadline test. */
  let jetzt = FREITAG_KW47;
  const fuechse = gruppe('Füchse');
  const fuchs = familie('Fuchs', fuechse.gruppeId);
  const bauer = familie('Bauer', fuechse.gruppeId);
  const woche = (jahr: number, kalenderwoche: number) => ({ abwesenheitId: randomUUID(), elternId: fuchs.elternId, jahr, kalenderwoche });
  const [kw53, kw4, kw10, kw20] = [woche(2026, 53), woche(2027, 4), woche(2027, 10), woche(2027, 20)];

  beforeAll(async () => {
    t = await queryApiRouteTest({ now: () => jetzt });
    await t.appendEvents(
      fuechse.stream,
      fuchs.stream,
      bauer.stream,
      existingStream(abwesenheitenStream(fuchs.elternId), [
        ...[kw4, kw53, kw20, kw10].map((data) => ({ type: 'AbwesenheitGemeldet', data })),
        { type: 'AbwesenheitGeloescht', data: kw20 },
      ]),
    );
  });
  afterAll(() => t?.close());

  const get = (url: string, als = fuchs) => ({ method: 'GET' as const, url, als });

  it('lists a family’s own absences newest first, also under the older path; another family sees none', async () => {
    await t.when(get('/api/abwesenheit')).then(
      expectResponse(
        200,
        [kw10, kw4, kw53].map((a) => ({
          abwesenheitID: a.abwesenheitId,
          id: a.abwesenheitId,
          kalenderwoche: a.kalenderwoche,
          jahr: a.jahr,
        })),
      ),
    );
    await t.when(get('/api/wasserdienst/absences/my')).then(
      expectResponse(
        200,
        [kw10, kw4, kw53].map((a) => ({ id: a.abwesenheitId, kalenderwoche: a.kalenderwoche, jahr: a.jahr, elternId: fuchs.elternId })),
      ),
    );
    await t.when(get('/api/abwesenheit', bauer)).then(expectResponse(200, []));
  });

  it('without any deadline, creating is open (true, 0 days, no date)', async () => {
    await t.when(get('/api/abwesenheit/creation-info')).then(
      expectResponse(200, {
        canCreateAbwesenheit: true,
        remainingDays: 0,
        deadline: null,
        aktuelleWoche: { jahr: 2026, kalenderwoche: 47 },
      }),
    );
  });

  it('with a deadline, counts the days left and judges by the date in Berlin: 23:30 UTC on the 30th is already the 1st there', async () => {
    const info = (erwartet: object) =>
      t.when(get('/api/abwesenheit/creation-info')).then(expectResponse(200, expect.objectContaining(erwartet)));
    try {
      await t
        .given(existingStream(SAISON_STREAM, [{ type: 'AbwesenheitsfristGesetzt', data: { frist: '2026-11-30', quelle: 'admin' } }]))
        .when(get('/api/abwesenheit/creation-info'))
        .then(expectResponse(200, expect.objectContaining({ canCreateAbwesenheit: true, remainingDays: 10, deadline: '2026-11-30' })));
      jetzt = new Date('2026-11-30T22:30:00Z'); // 23:30 in Berlin, still the deadline day
      await info({ canCreateAbwesenheit: true, remainingDays: 0 });
      jetzt = new Date('2026-11-30T23:30:00Z'); // 00:30 on 1 December in Berlin
      await info({
        canCreateAbwesenheit: false,
        remainingDays: 0,
        deadline: '2026-11-30',
        aktuelleWoche: { jahr: 2026, kalenderwoche: 49 },
      });
    } finally {
      jetzt = FREITAG_KW47;
    }
  });
});
