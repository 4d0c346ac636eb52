import { describe, expect, it } from 'vitest';
import type { AbwesenheitEvent } from '../abwesenheit/abwesenheit.js';
import type { KalenderEvent } from '../kalender/schliesszeiten.js';
import type { DienstplanEvent } from '../wasserdienst/dienstplan.js';
import { dienstplanStand, ereignisseBis, type GespeichertesEreignis } from './dienstplan-stand.js';
import { abwesenheitenStand, kalenderStand, planWochen } from './stand-zum-zeitpunkt.js';

/** A stored event: revisions count up per list, one minute apart from 10:00 UTC on 20 November 2026. */
const log = (events: readonly (DienstplanEvent | KalenderEvent | AbwesenheitEvent)[]): GespeichertesEreignis[] =>
  events.map((event, i) => ({
    ...event,
    revision: i,
    position: { commit: 100 + i, prepare: i },
    metadata: { occurredAt: new Date(Date.UTC(2026, 10, 20, 10, i)).toISOString() },
  }));
const minute = (m: number, s = 59) => ({ zeitpunkt: new Date(Date.UTC(2026, 10, 20, 10, m, s)) });

const zugewiesen = (elternId: string, jahr: number, kalenderwoche: number): DienstplanEvent => ({
  type: 'WasserdienstZugewiesen',
  data: { gruppeId: 'g', wasserdienstId: `wd-${jahr}-${kalenderwoche}`, elternId, jahr, kalenderwoche },
});

describe('the plan week by week, as it stood', () => {
  // KW 52/2026 to KW 2/2027, across week 53 of 2026; the calendar closes KW 53 as Christmas holidays.
  const PLAN = log([zugewiesen('fuchs', 2026, 52), zugewiesen('bauer', 2027, 2)]);
  const KALENDER = log([
    { type: 'FerienwocheAngelegt', data: { id: 'f53', jahr: 2026, kalenderwoche: 53, art: 'Weihnachtsferien' } },
    { type: 'SchliesswocheAngelegt', data: { id: 's1', jahr: 2027, kalenderwoche: 1, beschreibung: 'Umzug' } },
    { type: 'SchliesswocheGeloescht', data: { id: 's1' } },
  ]);

  it('given a plan and holidays, when folded as of a moment, then the weeks between are free or holidays, week 53 included', () => {
    const wochen = planWochen(dienstplanStand(PLAN), kalenderStand(ereignisseBis(KALENDER, minute(1))));
    expect(wochen.map((w) => [`${w.kalenderwoche}/${w.jahr}`, w.freitag, w.art])).toEqual([
      ['52/2026', '2026-12-25', 'belegt'],
      ['53/2026', '2027-01-01', 'ferien'],
      ['1/2027', '2027-01-08', 'ferien'],
      ['2/2027', '2027-01-15', 'belegt'],
    ]);
    expect(wochen[1]).toMatchObject({ beschreibung: 'Weihnachtsferien', ferienart: 'Weihnachtsferien' });
    expect(wochen[2]).toMatchObject({ beschreibung: 'Umzug', ferienart: null });
  });

  it('given the closing week was deleted later, when folded after that, then its week is free again', () => {
    const wochen = planWochen(dienstplanStand(PLAN), kalenderStand(KALENDER));
    expect(wochen.map((w) => w.art)).toEqual(['belegt', 'ferien', 'frei', 'belegt']);
  });

  it('given a moment before the holidays were entered, then those weeks are free', () => {
    const wochen = planWochen(dienstplanStand(PLAN), kalenderStand(ereignisseBis(KALENDER, { zeitpunkt: new Date(Date.UTC(2026, 0, 1)) })));
    expect(wochen.map((w) => w.art)).toEqual(['belegt', 'frei', 'frei', 'belegt']);
  });

  it('given no planned week, then there are no weeks to show', () => {
    expect(planWochen({ eintraege: [] }, kalenderStand(KALENDER))).toEqual([]);
  });
});

describe('the calendar as it stood', () => {
  const KALENDER = log([
    { type: 'SchliesstagAngelegt', data: { id: 't1', datum: '2026-12-24', beschreibung: 'Heiligabend' } },
    { type: 'KitaEventAngelegt', data: { id: 'e1', datum: '2026-12-11', beschreibung: 'Adventsfeier' } },
    { type: 'KitaEventGeaendert', data: { id: 'e1', beschreibung: 'Adventsfeier im Wald' } },
    { type: 'FerientagAngelegt', data: { id: 'f1', datum: '2026-12-23', art: 'Weihnachtsferien' } },
  ]);

  it('given a moment between two changes, when folded, then an event has the text it had then', () => {
    expect(kalenderStand(ereignisseBis(KALENDER, minute(1))).events).toEqual([
      { id: 'e1', datum: '2026-12-11', beschreibung: 'Adventsfeier' },
    ]);
    expect(kalenderStand(KALENDER).events[0]!.beschreibung).toBe('Adventsfeier im Wald');
  });

  it('given closing and holiday days, then they come in date order, holidays with their type', () => {
    expect(kalenderStand(KALENDER).schliesstage.map((t) => [t.datum, t.ferienart])).toEqual([
      ['2026-12-23', 'Weihnachtsferien'],
      ['2026-12-24', null],
    ]);
  });

  it('an event type this version does not know is left out and counted', () => {
    const fremd = {
      type: 'SchliesszeitVerschoben',
      data: {},
      revision: 9,
      position: { commit: 999, prepare: 0 },
      metadata: KALENDER[0]!.metadata,
    };
    expect(kalenderStand([...KALENDER, fremd]).uebersprungen).toBe(1);
  });
});

describe('a family’s absences as they stood', () => {
  const gemeldet = (abwesenheitId: string, kalenderwoche: number): AbwesenheitEvent => ({
    type: 'AbwesenheitGemeldet',
    data: { abwesenheitId, elternId: 'fuchs', jahr: 2026, kalenderwoche },
  });
  const LOG = log([
    gemeldet('a1', 50),
    gemeldet('a2', 53),
    { type: 'AbwesenheitGeloescht', data: { abwesenheitId: 'a1', elternId: 'fuchs', jahr: 2026, kalenderwoche: 50 } },
    gemeldet('a3', 49),
    { type: 'AbwesenheitenZurueckgesetzt', data: { elternId: 'fuchs', importId: 'imp-1' } },
    gemeldet('a4', 51),
  ]);

  it('given a moment before the import, when folded, then the reported weeks stand and a deleted one is gone', () => {
    const stand = abwesenheitenStand(ereignisseBis(LOG, minute(3)));
    expect(stand.gemeldet.map((a) => a.kalenderwoche)).toEqual([49, 53]);
    expect(stand.zurueckgesetzt).toEqual([]);
  });

  it('given a moment after the import, then the weeks it reset are listed as reset by that import, and a new report stands', () => {
    const stand = abwesenheitenStand(LOG);
    expect(stand.gemeldet.map((a) => a.kalenderwoche)).toEqual([51]);
    expect(stand.zurueckgesetzt).toEqual([
      { abwesenheitId: 'a3', jahr: 2026, kalenderwoche: 49, importId: 'imp-1', occurredAt: LOG[4]!.metadata.occurredAt },
      { abwesenheitId: 'a2', jahr: 2026, kalenderwoche: 53, importId: 'imp-1', occurredAt: LOG[4]!.metadata.occurredAt },
    ]);
  });

  it('given nothing up to the moment, then there is nothing', () => {
    expect(abwesenheitenStand([])).toEqual({ gemeldet: [], zurueckgesetzt: [], uebersprungen: 0 });
  });
});
