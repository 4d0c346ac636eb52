import { describe, expect, it } from 'vitest';
import { fruehesteRotaWoche, saisonZeitraum } from './saison-zeitraum.js';

const woche = (jahr: number, kalenderwoche: number) => ({ jahr, kalenderwoche });

describe('the weeks of the season plan', () => {
  it('given a deadline on Wednesday of KW 47, when it plans on the Thursday, then it starts with the week after next (KW 49), not KW 48', () =>
    expect(saisonZeitraum('2026-11-18', '2026-11-19')).toEqual({ von: woche(2026, 49), bis: woche(2027, 47) }));

  it('given a deadline on a Sunday, when it plans on the Monday, then the new week and the next are left out', () =>
    expect(saisonZeitraum('2026-11-22', '2026-11-23')).toEqual({ von: woche(2026, 50), bis: woche(2027, 48) }));

  it('given the plan runs late, when it plans weeks after the deadline, then it still starts with the week after next of that day', () =>
    expect(saisonZeitraum('2026-11-18', '2027-01-06')).toEqual({ von: woche(2027, 3), bis: woche(2028, 2) }));

  it('counts across the year end and KW 53', () => {
    expect(fruehesteRotaWoche('2026-12-14')).toEqual(woche(2026, 53));
    expect(fruehesteRotaWoche('2026-12-21')).toEqual(woche(2027, 1));
    expect(fruehesteRotaWoche('2026-12-28')).toEqual(woche(2027, 2));
    expect(saisonZeitraum('2026-12-13', '2026-12-14')).toEqual({ von: woche(2026, 53), bis: woche(2027, 51) });
  });

  it('given a deadline planned ahead of time (the day after), then the week after the deadline is later than the week after next', () =>
    expect(saisonZeitraum('2027-03-31', '2026-11-20')).toEqual({ von: woche(2027, 14), bis: woche(2028, 13) }));
});
