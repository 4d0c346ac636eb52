import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider.js';
import { deciderSpec } from '../shared/given-when-then.js';
import {
  ABWESENHEIT_NICHT_GEFUNDEN,
  type AbwesenheitEvent,
  type AbwesenheitState,
  abwesenheitDecider,
  BEREITS_ABWESEND,
  FRIST_ABGELAUFEN,
  JAHR_HOECHSTENS,
  JAHR_MINDESTENS,
  KW_BEREICH,
  KW_GIBT_ES_NICHT,
  kannErstellen,
  WOCHE_VORBEI,
} from './abwesenheit.js';

const spec = deciderSpec(abwesenheitDecider);
const heute = '2026-11-20';
/** Friday 20 November 2026 is in KW 47/2026. */
const aktuelleWoche = { jahr: 2026, kalenderwoche: 47 };
const melde = (jahr: number, kalenderwoche: number, frist: string | null = '2026-11-30', abwesenheitId = 'a2') => ({
  type: 'MeldeAbwesenheit' as const,
  data: { abwesenheitId, elternId: 'fuchs', jahr, kalenderwoche, heute, aktuelleWoche, frist },
});
const gemeldet = (abwesenheitId: string, jahr: number, kalenderwoche: number): AbwesenheitEvent => ({
  type: 'AbwesenheitGemeldet',
  data: { abwesenheitId, elternId: 'fuchs', jahr, kalenderwoche },
});

describe('Abwesenheiten', () => {
  it('given no absences, when week 53 of 2026 is reported before the deadline, then it is recorded (2026 has 53 weeks)', () =>
    spec([])
      .when(melde(2026, 53))
      .then([gemeldet('a2', 2026, 53)]));

  it('when week 53 of 2027 is reported, then it is refused: 2027 has only 52 weeks', () =>
    spec([])
      .when(melde(2027, 53))
      .thenThrows('ungueltig', KW_GIBT_ES_NICHT({ jahr: 2027, kalenderwoche: 53 })));

  it('when the week is outside 1–53 or the year before 2024 or beyond the next two, then it is refused', () => {
    spec([]).when(melde(2026, 0)).thenThrows('ungueltig', KW_BEREICH);
    spec([]).when(melde(2026, 54)).thenThrows('ungueltig', KW_BEREICH);
    spec([]).when(melde(2023, 10)).thenThrows('ungueltig', JAHR_MINDESTENS);
    spec([]).when(melde(2029, 10)).thenThrows('ungueltig', JAHR_HOECHSTENS(2028));
  });

  it('given week 12 of 2027 is reported, when it is reported again, then it is refused as a duplicate', () =>
    spec([gemeldet('a1', 2027, 12)])
      .when(melde(2027, 12))
      .thenThrows('konflikt', BEREITS_ABWESEND({ jahr: 2027, kalenderwoche: 12 })));

  it('given the deadline was yesterday, when an absence is reported, then it is refused; on the deadline day it is accepted', () => {
    spec([])
      .when(melde(2027, 12, '2026-11-19'))
      .thenThrows('verboten', FRIST_ABGELAUFEN);
    spec([])
      .when(melde(2027, 12, '2026-11-20'))
      .then([gemeldet('a2', 2027, 12)]);
    spec([])
      .when(melde(2027, 12, null))
      .then([gemeldet('a2', 2027, 12)]);
  });

  it('when a week that has already ended is reported, then it is refused in German; the current week is still accepted', () => {
    spec([])
      .when(melde(2026, 10))
      .thenThrows('ungueltig', 'KW 10/2026 ist bereits vorbei. Abwesenheiten können nur für kommende Wochen gemeldet werden.');
    spec([])
      .when(melde(2026, 46))
      .thenThrows('ungueltig', WOCHE_VORBEI({ jahr: 2026, kalenderwoche: 46 }));
    spec([])
      .when(melde(2025, 52))
      .thenThrows('ungueltig', WOCHE_VORBEI({ jahr: 2025, kalenderwoche: 52 }));
    spec([])
      .when(melde(2026, 47))
      .then([gemeldet('a2', 2026, 47)]);
    spec([])
      .when(melde(2026, 48))
      .then([gemeldet('a2', 2026, 48)]);
  });

  it('judges the past by the week in the command: in KW 1/2027, KW 53/2026 is over', () =>
    spec([])
      .when({
        ...melde(2026, 53),
        data: { ...melde(2026, 53, null).data, heute: '2027-01-05', aktuelleWoche: { jahr: 2027, kalenderwoche: 1 } },
      })
      .thenThrows('ungueltig', WOCHE_VORBEI({ jahr: 2026, kalenderwoche: 53 })));

  it('given an absence, when it is deleted, then it is gone and can be reported again', () => {
    const geloescht: AbwesenheitEvent = {
      type: 'AbwesenheitGeloescht',
      data: { abwesenheitId: 'a1', elternId: 'fuchs', jahr: 2027, kalenderwoche: 12 },
    };
    spec([gemeldet('a1', 2027, 12)])
      .when({ type: 'LoescheAbwesenheit', data: { abwesenheitId: 'a1', elternId: 'fuchs' } })
      .then([geloescht]);
    spec([gemeldet('a1', 2027, 12), geloescht])
      .when(melde(2027, 12))
      .then([gemeldet('a2', 2027, 12)]);
    spec([gemeldet('a1', 2027, 12), geloescht])
      .when({ type: 'LoescheAbwesenheit', data: { abwesenheitId: 'a1', elternId: 'fuchs' } })
      .thenThrows('nicht_gefunden', ABWESENHEIT_NICHT_GEFUNDEN);
  });

  it('judges the deadline by calendar date: the deadline day is still open', () => {
    expect(kannErstellen('2026-11-30', '2026-11-30')).toBe(true);
    expect(kannErstellen('2026-12-01', '2026-11-30')).toBe(false);
  });
});

describe('Abwesenheiten: snapshots', () => {
  const { snapshot } = abwesenheitDecider;
  /** Through JSON text, as the snapshot table keeps it. */
  const durchSnapshot = (state: AbwesenheitState) => snapshot!.fromJson(JSON.parse(JSON.stringify(snapshot!.toJson(state))));

  it('given two absences, one deleted, when the state is kept as a snapshot, then it decides as the fold does', () => {
    const state = fold(abwesenheitDecider, [
      gemeldet('a1', 2027, 12),
      gemeldet('a3', 2027, 14),
      { type: 'AbwesenheitGeloescht', data: { abwesenheitId: 'a1', elternId: 'fuchs', jahr: 2027, kalenderwoche: 12 } },
    ]);
    const gelesen = durchSnapshot(state);
    expect([...gelesen]).toEqual([...state]);
    expect(() => abwesenheitDecider.decide(melde(2027, 14), gelesen)).toThrow(BEREITS_ABWESEND({ jahr: 2027, kalenderwoche: 14 }));
    expect(abwesenheitDecider.decide(melde(2027, 12), gelesen)).toEqual([gemeldet('a2', 2027, 12)]);
  });

  it('for any events: the snapshot of the fold, with the later events folded onto it, equals the fold of all of them', () => {
    const event: fc.Arbitrary<AbwesenheitEvent> = fc.oneof(
      fc.record({ id: fc.constantFrom('a1', 'a2', 'a3'), kw: fc.integer({ min: 1, max: 52 }) }).map(({ id, kw }) => gemeldet(id, 2027, kw)),
      fc.record({ id: fc.constantFrom('a1', 'a2', 'a3'), kw: fc.integer({ min: 1, max: 52 }) }).map(
        ({ id, kw }): AbwesenheitEvent => ({
          type: 'AbwesenheitGeloescht',
          data: { abwesenheitId: id, elternId: 'fuchs', jahr: 2027, kalenderwoche: kw },
        }),
      ),
      fc.constant<AbwesenheitEvent>({ type: 'AbwesenheitenZurueckgesetzt', data: { elternId: 'fuchs', importId: 'import-1' } }),
    );
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), fc.array(event, { maxLength: 10 }), (bis, danach) => {
        const weiter = danach.reduce(abwesenheitDecider.evolve, durchSnapshot(fold(abwesenheitDecider, bis)));
        expect([...weiter]).toEqual([...fold(abwesenheitDecider, [...bis, ...danach])]);
      }),
    );
  });
});
