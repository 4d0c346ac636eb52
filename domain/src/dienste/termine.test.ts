import { describe, expect, it } from 'vitest';
import { imAktivenZeitraum, isoWochentag, termineImZeitraum, terminText } from './termine.js';

const ohneFenster = { pausiertBeiSchliessung: true } as const;

describe('Termine of a duty kind', () => {
  it('a weekly kind has Monday–Friday of each ISO week whose Monday lies in the range, week 53 of 2026 included', () => {
    const t = termineImZeitraum({ ...ohneFenster, rhythmus: 'woche' }, '2026-12-21', '2027-01-10');
    expect(t).toEqual([
      { von: '2026-12-21', bis: '2026-12-25' },
      { von: '2026-12-28', bis: '2027-01-01' }, // KW 53/2026
      { von: '2027-01-04', bis: '2027-01-08' },
    ]);
  });

  it('a weekend kind has Saturday–Sunday', () => {
    expect(termineImZeitraum({ ...ohneFenster, rhythmus: 'wochenende' }, '2026-11-30', '2026-12-13')).toEqual([
      { von: '2026-12-05', bis: '2026-12-06' },
      { von: '2026-12-12', bis: '2026-12-13' },
    ]);
  });

  it('a weekday kind has each chosen weekday, skipping a closing day and a closed week', () => {
    const t = termineImZeitraum({ ...ohneFenster, rhythmus: 'wochentage', wochentage: [1, 3] }, '2026-11-30', '2026-12-16', {
      wochen: ['2026-W50'],
      tage: ['2026-12-02'],
    });
    expect(t.map((x) => x.von)).toEqual(['2026-11-30', '2026-12-14', '2026-12-16']);
  });

  it('a kind that keeps going while closed keeps its dates', () => {
    const t = termineImZeitraum({ pausiertBeiSchliessung: false, rhythmus: 'woche' }, '2026-12-07', '2026-12-13', {
      wochen: ['2026-W50'],
      tage: [],
    });
    expect(t).toHaveLength(1);
  });

  it('a weekend in a closed week has no date (nothing to clean after a holiday week)', () => {
    expect(
      termineImZeitraum({ ...ohneFenster, rhythmus: 'wochenende' }, '2026-12-07', '2026-12-13', { wochen: ['2026-W50'], tage: [] }),
    ).toEqual([]);
  });

  it('an active window November to March wraps the year end', () => {
    const tee = { aktivVonMonat: 11, aktivBisMonat: 3 };
    expect(['2026-10-31', '2026-11-01', '2027-01-15', '2027-03-31', '2027-04-01'].map((d) => imAktivenZeitraum(tee, d))).toEqual([
      false,
      true,
      true,
      true,
      false,
    ]);
    const t = termineImZeitraum({ ...ohneFenster, rhythmus: 'woche', ...tee }, '2027-03-22', '2027-04-12');
    expect(t.map((x) => x.von)).toEqual(['2027-03-22', '2027-03-29']);
  });

  it('writes dates as families read them', () => {
    expect(terminText({ von: '2026-12-05', bis: '2026-12-06' })).toBe('Sa 05.12.–So 06.12.2026');
    expect(terminText({ von: '2026-11-30', bis: '2026-11-30' })).toBe('Mo 30.11.2026');
    expect(terminText({ von: '2026-12-28', bis: '2027-01-01' })).toBe('Mo 28.12.2026–Fr 01.01.2027');
    expect(isoWochentag('2026-11-29')).toBe(7);
  });
});
