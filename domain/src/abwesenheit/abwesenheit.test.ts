import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/given-when-then.js';
import {
  ABWESENHEIT_NICHT_GEFUNDEN,
  type AbwesenheitEvent,
  abwesenheitDecider,
  BEREITS_ABWESEND,
  FRIST_ABGELAUFEN,
  JAHR_HOECHSTENS,
  JAHR_MINDESTENS,
  KW_BEREICH,
  KW_GIBT_ES_NICHT,
  kannErstellen,
} from './abwesenheit.js';

const spec = deciderSpec(abwesenheitDecider);
const heute = '2026-11-20';
const melde = (jahr: number, kalenderwoche: number, frist: string | null = '2026-11-30', abwesenheitId = 'a2') => ({
  type: 'MeldeAbwesenheit' as const,
  data: { abwesenheitId, elternId: 'fuchs', jahr, kalenderwoche, heute, frist },
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
