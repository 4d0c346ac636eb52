import { describe, expect, it } from 'vitest';
import { grad, millimeter, tagesName } from './format';

describe('weather values in the language of the screen', () => {
  it('given German, when formatting, then the German comma as before', () => {
    expect(grad(7.34)).toBe('7,3 °C');
    expect(millimeter(1.25)).toBe('1,3 mm');
    expect(grad(-0.04)).toBe('0 °C');
  });

  it('given another language, when formatting, then its own decimal sign, Western digits for Arabic', () => {
    expect(grad(7.34, 'en')).toBe('7.3 °C');
    expect(grad(7.34, 'pl')).toBe('7,3 °C');
    expect(grad(7.34, 'ar')).toBe('7.3 °C');
    expect(millimeter(12.5, 'uk')).toBe('12,5 mm');
  });

  it('given today and tomorrow, when naming the days, then the names it is given, German by default', () => {
    const jetzt = new Date('2026-11-27T10:00:00+01:00');
    expect(tagesName('2026-11-27', jetzt)).toBe('Heute');
    expect(tagesName('2026-11-28', jetzt, { heute: 'Today', morgen: 'Tomorrow' })).toBe('Tomorrow');
    expect(tagesName('2026-11-30', jetzt)).toBe('30.11.2026');
  });
});
