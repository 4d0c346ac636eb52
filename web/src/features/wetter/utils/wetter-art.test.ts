import { describe, expect, it } from 'vitest';
import { wetterArt } from './wetter-art';

describe('the picture of a forecast day', () => {
  it('any precipitation above 0 is rain, whatever the temperature', () => {
    expect(wetterArt({ max: 30, niederschlag: 0.1 })).toBe('regen');
    expect(wetterArt({ max: -3, niederschlag: 2.4 })).toBe('regen');
    expect(wetterArt({ max: 12, niederschlag: 0.01 })).toBe('regen');
  });

  it('dry and a maximum above 22 °C is sun; exactly 22 °C is not', () => {
    expect(wetterArt({ max: 22.1, niederschlag: 0 })).toBe('sonne');
    expect(wetterArt({ max: 22, niederschlag: 0 })).toBe('wolke');
  });

  it('dry and a maximum below 5 °C is cold (moon); exactly 5 °C is not', () => {
    expect(wetterArt({ max: 4.9, niederschlag: 0 })).toBe('kalt');
    expect(wetterArt({ max: -10, niederschlag: 0 })).toBe('kalt');
    expect(wetterArt({ max: 5, niederschlag: 0 })).toBe('wolke');
  });

  it('anything else is cloud', () => {
    expect(wetterArt({ max: 14, niederschlag: 0 })).toBe('wolke');
  });
});
