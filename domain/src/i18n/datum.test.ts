import { describe, expect, it } from 'vitest';
import { datumKurz, monatUndJahr, wochentagKurz, wochentagMitDatum, zahl, zeitpunktIn } from './datum.js';

describe('Daten je Sprache', () => {
  it('given German, when formatting a day, then dd.MM.yyyy as before', () => {
    expect(datumKurz('2026-12-25', 'de')).toBe('25.12.2026');
    expect(wochentagMitDatum('2026-12-25', 'de')).toBe('Freitag, 25.12.2026');
    expect(wochentagKurz('2026-12-25', 'de')).toBe('Fr');
  });

  it('given the other languages, when formatting a day, then each in its own form and with Western digits', () => {
    expect(datumKurz('2026-12-25', 'en')).toBe('25/12/2026');
    expect(datumKurz('2026-12-25', 'pl')).toBe('25.12.2026');
    expect(datumKurz('2026-12-25', 'tr')).toBe('25.12.2026');
    expect(datumKurz('2026-12-25', 'uk')).toBe('25.12.2026');
    expect(datumKurz('2026-12-25', 'ar')).toMatch(/^[\d/\u200f]+$/);
    expect(datumKurz('2026-12-25', 'ar').replace(/\u200f/g, '')).toBe('25/12/2026');
    expect(wochentagMitDatum('2026-12-25', 'en')).toBe('Friday, 25/12/2026');
    expect(wochentagMitDatum('2026-12-25', 'tr')).toBe('Cuma, 25.12.2026');
    expect(wochentagMitDatum('2026-12-25', 'pl')).toBe('piątek, 25.12.2026');
  });

  it('given a calendar day, when formatting it in any time zone of the machine, then the day does not move', () => {
    expect(datumKurz('2027-01-01', 'en')).toBe('01/01/2027');
    expect(monatUndJahr('2026-12-01', 'de')).toBe('Dezember 2026');
    expect(monatUndJahr('2026-12-01', 'en')).toBe('December 2026');
  });

  it('given an instant, when formatting it, then the clock time of Europe/Berlin in the language’s date form', () => {
    expect(zeitpunktIn('2026-11-20T09:15:00Z', 'de')).toBe('20.11.2026, 10:15');
    expect(zeitpunktIn('2026-07-01T22:30:00Z', 'en')).toBe('02/07/2026, 00:30');
  });

  it('given a number, when formatting it, then the language’s decimal sign', () => {
    expect(zahl(3.5, 'de')).toBe('3,5');
    expect(zahl(3.5, 'en')).toBe('3.5');
    expect(zahl(3.5, 'ar')).toBe('3.5');
  });
});
