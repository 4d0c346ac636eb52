import { describe, expect, it } from 'vitest';
import { berlinZuInstant } from '../kalender/berlin-zeit.js';
import { berlinLokal, berlinLokalSekunde, leseZeitpunkt, zeitDeutsch } from './zeit.js';

describe('audit times in Europe/Berlin', () => {
  it('shows an instant as dd.MM.yyyy HH:mm:ss Berlin time, in winter and in summer', () => {
    expect(zeitDeutsch('2026-11-20T09:05:07.123Z')).toBe('20.11.2026 10:05:07');
    expect(zeitDeutsch('2026-07-01T22:30:00Z')).toBe('02.07.2026 00:30:00');
  });

  it('reads a wall-clock time as Berlin time, meaning that whole minute (or second)', () => {
    expect(leseZeitpunkt('2026-11-20T10:00')).toEqual({
      von: new Date('2026-11-20T09:00:00Z'),
      bis: new Date('2026-11-20T09:01:00Z'),
      nurDatum: false,
    });
    expect(leseZeitpunkt('2026-07-01 10:00:30')).toEqual({
      von: new Date('2026-07-01T08:00:30Z'),
      bis: new Date('2026-07-01T08:00:31Z'),
      nurDatum: false,
    });
  });

  it('takes an ISO time with offset as the instant it is', () => {
    expect(leseZeitpunkt('2026-11-20T10:00:00+01:00')?.von.toISOString()).toBe('2026-11-20T09:00:00.000Z');
    expect(leseZeitpunkt('2026-11-20T09:00:00Z')?.bis.toISOString()).toBe('2026-11-20T09:00:00.001Z');
  });

  it('reads a date as the whole day in Berlin, also on the day the clocks change', () => {
    // 29 March 2026 is the switch to summer time: the day is 23 hours long
    expect(leseZeitpunkt('2026-03-29')).toEqual({
      von: new Date('2026-03-28T23:00:00Z'),
      bis: new Date('2026-03-29T22:00:00Z'),
      nurDatum: true,
    });
    expect(leseZeitpunkt('2026-12-31')?.bis.toISOString()).toBe('2026-12-31T23:00:00.000Z');
  });

  it('refuses what is no moment', () => {
    for (const text of ['', 'gestern', '2026-02-30', '2026-11-20T25:00', '20.11.2026', '2026-11-20T10:00+1'])
      expect(leseZeitpunkt(text), text).toBeNull();
  });

  it('handles the skipped and the doubled hour', () => {
    // spring: 02:30 does not exist; it is read with the winter offset (= 03:30 summer time)
    expect(berlinZuInstant(2026, 3, 29, 2, 30).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // autumn: 02:30 happens twice; the first (summer time) is taken
    expect(berlinZuInstant(2026, 10, 25, 2, 30).toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('gives the datetime-local value of an instant, round trip', () => {
    const instant = new Date('2026-11-20T09:42:00Z');
    expect(berlinLokal(instant)).toBe('2026-11-20T10:42');
    expect(leseZeitpunkt(berlinLokal(instant))?.von).toEqual(instant);
  });

  it('given two events 10 s apart, when as-of moments are written to the second, then they do not fold together', () => {
    const erstes = new Date('2026-11-20T09:42:05Z');
    const zweites = new Date('2026-11-20T09:42:15Z');
    expect(berlinLokalSekunde(erstes)).toBe('2026-11-20T10:42:05');
    const bisErstes = leseZeitpunkt(berlinLokalSekunde(erstes))!;
    expect(bisErstes.bis.getTime()).toBeLessThanOrEqual(zweites.getTime());
    expect(bisErstes.bis.getTime()).toBeGreaterThan(erstes.getTime());
  });
});
