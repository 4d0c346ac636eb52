import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoWocheVon, plusTage, tageZwischen, wochenSchluessel } from '../kalender/iso-woche.js';
import {
  type Geschlossen,
  imAktivenZeitraum,
  isoWochentag,
  istGeschlossen,
  type Termin,
  termineImZeitraum,
  terminText,
} from './termine.js';

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

/** The dates as the rule reads, day by day with the calendar functions (what termineImZeitraum must answer). */
const nachDerRegel = (art: Parameters<typeof termineImZeitraum>[0], von: string, bis: string, geschlossen: Geschlossen): Termin[] => {
  const zu = { wochen: new Set(geschlossen.wochen), tage: new Set(geschlossen.tage) };
  const termine: Termin[] = [];
  for (let i = 0; i <= tageZwischen(von, bis); i++) {
    const tag = plusTage(von, i);
    const wt = isoWochentag(tag);
    let termin: Termin | null = null;
    if (art.rhythmus === 'woche' && wt === 1) termin = { von: tag, bis: plusTage(tag, 4) };
    if (art.rhythmus === 'wochenende' && wt === 6) termin = { von: tag, bis: plusTage(tag, 1) };
    if (art.rhythmus === 'wochentage' && (art.wochentage ?? []).includes(wt)) termin = { von: tag, bis: tag };
    if (!termin || !imAktivenZeitraum(art, tag)) continue;
    if (art.pausiertBeiSchliessung && istGeschlossen(termin, zu)) continue;
    termine.push(termin);
  }
  return termine;
};

describe('Termine of a duty kind, for any kind, range and closings', () => {
  const tag = fc.integer({ min: 0, max: 1500 }).map((n) => plusTage('2025-12-01', n));
  const art = fc.record({
    rhythmus: fc.constantFrom('woche' as const, 'wochenende' as const, 'wochentage' as const),
    wochentage: fc.option(fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { maxLength: 7 }), { nil: undefined }),
    fenster: fc.option(fc.tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 12 })), { nil: undefined }),
    pausiertBeiSchliessung: fc.boolean(),
  });

  it('the dates are those the rule gives day by day, in order', () => {
    fc.assert(
      fc.property(
        art,
        tag,
        fc.integer({ min: -5, max: 400 }),
        fc.array(tag, { maxLength: 20 }),
        fc.array(tag, { maxLength: 30 }),
        (a, von, laenge, wochen, tage) => {
          const { fenster, ...rest } = a;
          const kind = { ...rest, ...(fenster ? { aktivVonMonat: fenster[0], aktivBisMonat: fenster[1] } : {}) };
          const geschlossen = { wochen: wochen.map((w) => wochenSchluessel(isoWocheVon(w))), tage };
          const bis = plusTage(von, laenge);
          expect(termineImZeitraum(kind, von, bis, geschlossen)).toEqual(nachDerRegel(kind, von, bis, geschlossen));
        },
      ),
      { numRuns: 300 },
    );
  });
});
