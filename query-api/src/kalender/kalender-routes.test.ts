import { randomUUID } from 'node:crypto';
import { KALENDER_STREAM } from '@waldkita/domain/kalender/schliesszeiten';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existingStream, expectResponse, familie, gruppe, queryApiRouteTest } from '../testing/route-test.js';

/** The server's clock: Friday 20 November 2026 (KW 47), 10:00 in Berlin. */
const JETZT = new Date('2026-11-20T10:00:00+01:00');

describe('closing times and events (GET /api/schliesszeiten…, also under /api/api/…)', () => {
  let t: Awaited<ReturnType<typeof queryApiRouteTest>>;
  const fuechse = gruppe('Füchse');
  const fuchs = familie('Fuchs', fuechse.gruppeId);
  beforeAll(async () => {
    t = await queryApiRouteTest({ now: () => JETZT });
    await t.appendEvents(fuechse.stream, fuchs.stream);
  });
  afterAll(() => t?.close());

  const get = (url: string) => ({ method: 'GET' as const, url, als: fuchs });

  it('a parent reads a closing week with its changed description; a deleted one is gone', async () => {
    const [ferien, weg] = [randomUUID(), randomUUID()];
    await t
      .given(
        existingStream(KALENDER_STREAM, [
          { type: 'SchliesswocheAngelegt', data: { id: ferien, jahr: 2027, kalenderwoche: 2, beschreibung: 'Winterpause' } },
          { type: 'SchliesswocheAngelegt', data: { id: weg, jahr: 2027, kalenderwoche: 3, beschreibung: 'Fortbildung' } },
          { type: 'SchliesswocheGeaendert', data: { id: ferien, beschreibung: 'Ferien' } },
          { type: 'SchliesswocheGeloescht', data: { id: weg } },
        ]),
      )
      .when(get('/api/schliesszeiten?year=2027'))
      .then(expectResponse(200, [{ id: ferien, jahr: 2027, kalenderwoche: 2, beschreibung: 'Ferien', ferienart: null }]));
  });

  it('lists closing days by year, and the upcoming ones from today', async () => {
    await t
      .given(
        existingStream(KALENDER_STREAM, [
          { type: 'SchliesstagAngelegt', data: { id: randomUUID(), datum: '2026-12-24', beschreibung: 'Heiligabend' } },
          { type: 'SchliesstagAngelegt', data: { id: randomUUID(), datum: '2026-10-02', beschreibung: 'Betriebsausflug' } },
        ]),
      )
      .when(get('/api/api/schliesszeiten/schliesstage?year=2026'))
      .then(
        expectResponse(200, [
          expect.objectContaining({ datum: '2026-10-02', beschreibung: 'Betriebsausflug' }),
          expect.objectContaining({ datum: '2026-12-24', beschreibung: 'Heiligabend' }),
        ]),
      );
    await t
      .when(get('/api/api/schliesszeiten/schliesstage/upcoming'))
      .then(expectResponse(200, [expect.objectContaining({ datum: '2026-12-24' })]));
  });

  it('a parent reads the events with their changed description; deleted ones are gone', async () => {
    const [fest, weg] = [randomUUID(), randomUUID()];
    await t
      .given(
        existingStream(KALENDER_STREAM, [
          { type: 'KitaEventAngelegt', data: { id: fest, datum: '2027-06-12', beschreibung: 'Sommerfest' } },
          { type: 'KitaEventAngelegt', data: { id: weg, datum: '2027-07-01', beschreibung: 'Laternenlauf' } },
          { type: 'KitaEventGeaendert', data: { id: fest, beschreibung: 'Sommerfest im Wald' } },
          { type: 'KitaEventGeloescht', data: { id: weg } },
        ]),
      )
      .when(get('/api/schliesszeiten/events?year=2027'))
      .then(expectResponse(200, [{ id: fest, datum: '2027-06-12', beschreibung: 'Sommerfest im Wald' }]));
    await t
      .given(existingStream(KALENDER_STREAM, [{ type: 'KitaEventGeloescht', data: { id: fest } }]))
      .when(get('/api/schliesszeiten/events'))
      .then(expectResponse(200, []));
  });
});

type Woche = { id: string; jahr: number; kalenderwoche: number; beschreibung: string; ferienart: string | null };
type Tag = { id: string; datum: string; beschreibung: string; ferienart: string | null };
type Uebersicht = Record<string, Record<string, { weeks: { id: string; kalenderwoche: number }[]; days: { id: string; datum: string }[] }>>;

/** Holidays are closing times: one calendar for /schliesszeiten and the holiday screen (GET /api/admin/holiday-overview-all). */
describe('holidays read as closing weeks and days, and on the holiday screen', () => {
  let t: Awaited<ReturnType<typeof queryApiRouteTest>>;
  const fuechse = gruppe('Füchse');
  const leitung = familie('Leitung', null, ['ROLE_ADMIN']);
  const fuchs = familie('Fuchs', fuechse.gruppeId);
  const [woche53, woche1, heiligabend, brueckentag] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  beforeAll(async () => {
    t = await queryApiRouteTest({ now: () => JETZT });
    await t.appendEvents(fuechse.stream, leitung.stream, fuchs.stream);
  });
  afterAll(() => t?.close());

  const lies = async (url: string, als = fuchs) => (await t.when({ method: 'GET', url, als }).then(expectResponse(200))).json();
  const wochen = (query = ''): Promise<Woche[]> => lies(`/api/api/schliesszeiten${query}`);
  const tage = (query = ''): Promise<Tag[]> => lies(`/api/api/schliesszeiten/schliesstage${query}`);
  const uebersicht = async () => (await lies('/api/admin/holiday-overview-all', leitung)).overview as Uebersicht;
  const kw = (w: { jahr: number; kalenderwoche: number }) => `${w.kalenderwoche}/${w.jahr}`;
  const kalender = (...events: { type: string; data: unknown }[]) => t.appendEvents(existingStream(KALENDER_STREAM, events));

  it('holidays are listed as closing weeks and days, with the holiday type as the description, under both prefixes; the holiday screen lists the same entries', async () => {
    await kalender(
      { type: 'FerienwocheAngelegt', data: { id: woche53, jahr: 2026, kalenderwoche: 53, art: 'Weihnachtsferien' } },
      { type: 'FerienwocheAngelegt', data: { id: woche1, jahr: 2027, kalenderwoche: 1, art: 'Weihnachtsferien' } },
      { type: 'FerientagAngelegt', data: { id: randomUUID(), datum: '2026-12-23', art: 'Weihnachtsferien' } },
      { type: 'FerientagAngelegt', data: { id: heiligabend, datum: '2026-12-24', art: 'Weihnachtsferien' } },
      { type: 'FerientagAngelegt', data: { id: randomUUID(), datum: '2026-12-25', art: 'Weihnachtsferien' } },
      { type: 'FerientagAngelegt', data: { id: brueckentag, datum: '2027-05-07', art: 'Brückentag' } },
    );
    expect((await wochen()).map((w) => `${kw(w)} ${w.beschreibung} (${w.ferienart})`)).toEqual([
      '53/2026 Weihnachtsferien (Weihnachtsferien)',
      '1/2027 Weihnachtsferien (Weihnachtsferien)',
    ]);
    expect(await lies('/api/schliesszeiten?year=2027')).toEqual([
      { id: woche1, jahr: 2027, kalenderwoche: 1, beschreibung: 'Weihnachtsferien', ferienart: 'Weihnachtsferien' },
    ]);
    expect((await tage()).map((x) => `${x.datum} ${x.beschreibung}`)).toEqual([
      '2026-12-23 Weihnachtsferien',
      '2026-12-24 Weihnachtsferien',
      '2026-12-25 Weihnachtsferien',
      '2027-05-07 Brückentag',
    ]);
    expect((await tage('?year=2027')).map((x) => x.datum)).toEqual(['2027-05-07']);
    expect(await lies('/api/api/schliesszeiten/schliesstage/upcoming')).toHaveLength(4);
    // The holiday screen lists the very same entries (same ids).
    const overview = await uebersicht();
    expect(overview[2026]!.Weihnachtsferien!.weeks.map((w) => w.id)).toEqual([(await wochen('?year=2026'))[0]!.id]);
    expect(overview[2027]!.Brückentag!.days.map((d) => d.id)).toEqual([(await tage('?year=2027'))[0]!.id]);
  });

  it('edits and deletions from either screen show on both; a closing week that is no holiday stays out of the holiday screen', async () => {
    // Edited on the closing-times page: the new description for everyone, still a holiday in the overview.
    await kalender(
      { type: 'SchliesswocheGeaendert', data: { id: woche1, beschreibung: 'Weihnachtsferien (Notgruppe im Wald)' } },
      { type: 'SchliesstagGeaendert', data: { id: heiligabend, beschreibung: 'Heiligabend' } },
    );
    expect((await wochen('?year=2027'))[0]).toMatchObject({
      beschreibung: 'Weihnachtsferien (Notgruppe im Wald)',
      ferienart: 'Weihnachtsferien',
    });
    expect((await uebersicht())[2027]!.Weihnachtsferien!.weeks).toEqual([{ id: woche1, kalenderwoche: 1 }]);
    expect((await tage()).find((x) => x.id === heiligabend)?.beschreibung).toBe('Heiligabend');
    // Deleted on the closing-times page: gone from the overview.
    await kalender({ type: 'SchliesstagGeloescht', data: { id: heiligabend } });
    expect((await uebersicht())[2026]!.Weihnachtsferien!.days.map((d) => d.datum)).toEqual(['2026-12-23', '2026-12-25']);
    // Deleted on the holiday screen: gone from the closing-times page.
    await kalender({ type: 'FerienwocheGeloescht', data: { id: woche53 } }, { type: 'FerientagGeloescht', data: { id: brueckentag } });
    expect((await wochen()).map(kw)).toEqual(['1/2027']);
    expect((await tage()).map((x) => x.datum)).toEqual(['2026-12-23', '2026-12-25']);
    // A closing week that is no holiday.
    await kalender({ type: 'SchliesswocheAngelegt', data: { id: randomUUID(), jahr: 2027, kalenderwoche: 20, beschreibung: 'Teamtage' } });
    expect(Object.keys((await uebersicht())[2027]!)).toEqual(['Weihnachtsferien']);
    expect(await lies('/api/admin/stats', leitung)).toMatchObject({ schliesswochen: 1, ferienwochen: 1 });
  });
});
