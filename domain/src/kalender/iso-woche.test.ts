import { describe, expect, it } from 'vitest';
import {
  aktuelleWoche,
  datumDeutsch,
  freitagDerWoche,
  heuteInBerlin,
  isoWocheVon,
  istGueltigeWoche,
  montagDerWoche,
  naechsteWoche,
  sonntagDerWoche,
  wocheMitJahr,
  wochenAb,
  wochenImJahr,
} from './iso-woche.js';

describe('ISO-8601 week calendar', () => {
  it('knows which years have 53 weeks: 2026 and 2020 do, 2027 and 2025 do not', () => {
    expect(wochenImJahr(2026)).toBe(53);
    expect(wochenImJahr(2020)).toBe(53);
    expect(wochenImJahr(2032)).toBe(53);
    expect(wochenImJahr(2025)).toBe(52);
    expect(wochenImJahr(2027)).toBe(52);
    expect(istGueltigeWoche({ jahr: 2026, kalenderwoche: 53 })).toBe(true);
    expect(istGueltigeWoche({ jahr: 2027, kalenderwoche: 53 })).toBe(false);
    expect(istGueltigeWoche({ jahr: 2026, kalenderwoche: 0 })).toBe(false);
  });

  it('puts 4 January in week 1 and the first days of a year into the previous year when they fall before it', () => {
    expect(isoWocheVon('2026-01-04')).toEqual({ jahr: 2026, kalenderwoche: 1 });
    expect(isoWocheVon('2027-01-01')).toEqual({ jahr: 2026, kalenderwoche: 53 });
    expect(isoWocheVon('2027-01-03')).toEqual({ jahr: 2026, kalenderwoche: 53 });
    expect(isoWocheVon('2027-01-04')).toEqual({ jahr: 2027, kalenderwoche: 1 });
    expect(isoWocheVon('2024-12-30')).toEqual({ jahr: 2025, kalenderwoche: 1 });
    expect(isoWocheVon('2026-11-20')).toEqual({ jahr: 2026, kalenderwoche: 47 });
  });

  it('gives Monday, Friday and Sunday of a week, including week 53 of 2026 which ends in 2027', () => {
    expect(montagDerWoche({ jahr: 2026, kalenderwoche: 1 })).toBe('2025-12-29');
    expect(montagDerWoche({ jahr: 2026, kalenderwoche: 53 })).toBe('2026-12-28');
    expect(freitagDerWoche({ jahr: 2026, kalenderwoche: 53 })).toBe('2027-01-01');
    expect(sonntagDerWoche({ jahr: 2026, kalenderwoche: 53 })).toBe('2027-01-03');
    expect(freitagDerWoche({ jahr: 2026, kalenderwoche: 47 })).toBe('2026-11-20');
    expect(() => montagDerWoche({ jahr: 2027, kalenderwoche: 53 })).toThrow(RangeError);
  });

  it('round-trips every week of ten years through its Monday', () => {
    for (let jahr = 2024; jahr < 2034; jahr++) {
      for (let kalenderwoche = 1; kalenderwoche <= wochenImJahr(jahr); kalenderwoche++) {
        expect(isoWocheVon(montagDerWoche({ jahr, kalenderwoche }))).toEqual({ jahr, kalenderwoche });
      }
    }
  });

  it('given week 47 of 2026, the 12 weeks from it run through week 53 into week 6 of 2027', () => {
    const wochen = wochenAb({ jahr: 2026, kalenderwoche: 47 }, 12).map(wocheMitJahr);
    expect(wochen).toEqual([
      'KW 47 (2026)',
      'KW 48 (2026)',
      'KW 49 (2026)',
      'KW 50 (2026)',
      'KW 51 (2026)',
      'KW 52 (2026)',
      'KW 53 (2026)',
      'KW 1 (2027)',
      'KW 2 (2027)',
      'KW 3 (2027)',
      'KW 4 (2027)',
      'KW 5 (2027)',
    ]);
    expect(naechsteWoche({ jahr: 2027, kalenderwoche: 52 })).toEqual({ jahr: 2028, kalenderwoche: 1 });
  });

  it("takes today's date in Europe/Berlin, not UTC: late Sunday evening UTC is already Monday in Kempten", () => {
    const sonntagAbendUtc = new Date('2026-11-22T23:30:00Z');
    expect(heuteInBerlin(sonntagAbendUtc)).toBe('2026-11-23');
    expect(aktuelleWoche(sonntagAbendUtc)).toEqual({ jahr: 2026, kalenderwoche: 48 });
    expect(heuteInBerlin(new Date('2026-07-01T21:59:00Z'))).toBe('2026-07-01');
    expect(heuteInBerlin(new Date('2026-07-01T22:00:00Z'))).toBe('2026-07-02');
  });

  it('given the last millisecond before midnight in Berlin and then midnight, when asked one after the other, then the date moves on', () => {
    expect(heuteInBerlin(new Date('2026-12-31T22:59:59.000Z'))).toBe('2026-12-31');
    expect(heuteInBerlin(new Date('2026-12-31T22:59:59.999Z'))).toBe('2026-12-31');
    expect(heuteInBerlin(new Date('2026-12-31T23:00:00.000Z'))).toBe('2027-01-01');
    expect(heuteInBerlin(new Date('2026-12-31T22:59:59.500Z'))).toBe('2026-12-31');
  });

  it('shows dates the German way', () => {
    expect(datumDeutsch('2027-01-01')).toBe('01.01.2027');
  });
});
