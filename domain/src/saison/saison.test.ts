import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/given-when-then.js';
import { FRIST_UNGUELTIG, FRIST_VERGANGEN, pruefeFrist, type SaisonEvent, saisonDecider } from './saison.js';

const spec = deciderSpec(saisonDecider);
const heute = '2026-11-20';
const setze = (frist: string, quelle: 'admin' | 'import' = 'import') => ({
  type: 'SetzeAbwesenheitsfrist' as const,
  data: { frist, quelle, heute },
});
const gesetzt = (frist: string, quelle: 'admin' | 'import' = 'import'): SaisonEvent => ({
  type: 'AbwesenheitsfristGesetzt',
  data: { frist, quelle },
});

describe('the absence deadline of the season', () => {
  it('given no deadline, when today or a later day is set, then it is recorded', () => {
    spec([])
      .when(setze('2026-11-20'))
      .then([gesetzt('2026-11-20')]);
    spec([])
      .when(setze('2027-03-31', 'admin'))
      .then([gesetzt('2027-03-31', 'admin')]);
  });

  it('when a day before today is set, then it is refused in German, naming the date', () => {
    spec([]).when(setze('2026-11-19')).thenThrows('ungueltig', FRIST_VERGANGEN('2026-11-19'));
    spec([gesetzt('2027-03-31')])
      .when(setze('2026-03-10', 'admin'))
      .thenThrows('ungueltig', 'Die Frist 10.03.2026 liegt in der Vergangenheit. Bitte wählen Sie heute oder ein späteres Datum.');
  });

  it('when the deadline is no date, then it is refused', () => {
    spec([]).when(setze('30.11.2026')).thenThrows('ungueltig', FRIST_UNGUELTIG);
    spec([]).when(setze('2026-02-30')).thenThrows('ungueltig', FRIST_UNGUELTIG);
  });

  it('given the same deadline, when it is set again, then nothing changes', () =>
    spec([gesetzt('2027-03-31')])
      .when(setze('2027-03-31', 'admin'))
      .then([]));

  it('judges by calendar date: the day itself is allowed, the day before is not', () => {
    expect(pruefeFrist('2026-11-20', '2026-11-20')).toBeNull();
    expect(pruefeFrist('2026-11-19', '2026-11-20')).toBe(FRIST_VERGANGEN('2026-11-19'));
    expect(pruefeFrist('2027-01-01', '2026-12-31')).toBeNull();
  });
});
