import { describe, expect, it } from 'vitest';
import { spracheSchema } from './sprache-schema.js';
import { ausAcceptLanguage, ausBrowserSprachen, istSprache, richtung, SPRACH_NAMEN, SPRACHE_UNBEKANNT, SPRACHEN } from './sprachen.js';

describe('Sprachen', () => {
  describe('ausAcceptLanguage', () => {
    it('given no header, when negotiating, then German', () => {
      expect(ausAcceptLanguage(undefined)).toBe('de');
      expect(ausAcceptLanguage('')).toBe('de');
    });

    it('given a single regional tag, when negotiating, then its language', () => {
      expect(ausAcceptLanguage('en-GB')).toBe('en');
      expect(ausAcceptLanguage('TR-tr')).toBe('tr');
      expect(ausAcceptLanguage('uk')).toBe('uk');
    });

    it('given several ranges, when negotiating, then the highest q-value that we have wins', () => {
      expect(ausAcceptLanguage('fr-FR,fr;q=0.9,ar;q=0.8,en;q=0.7')).toBe('ar');
      expect(ausAcceptLanguage('en;q=0.5, pl;q=0.9')).toBe('pl');
    });

    it('given equal q-values, when negotiating, then the order of the header decides', () => {
      expect(ausAcceptLanguage('tr, en')).toBe('tr');
      expect(ausAcceptLanguage('uk;q=0.8, pl;q=0.8')).toBe('uk');
    });

    it('given only languages we lack, a wildcard, q=0 or nonsense, when negotiating, then German', () => {
      expect(ausAcceptLanguage('fr, es;q=0.5')).toBe('de');
      expect(ausAcceptLanguage('*')).toBe('de');
      expect(ausAcceptLanguage('en;q=0')).toBe('de');
      expect(ausAcceptLanguage(';;,q=x')).toBe('de');
    });
  });

  it('given the browser’s languages, when choosing, then the first we have, else German', () => {
    expect(ausBrowserSprachen(['fr-FR', 'pl-PL', 'en'])).toBe('pl');
    expect(ausBrowserSprachen(['fr'])).toBe('de');
    expect(ausBrowserSprachen([])).toBe('de');
  });

  it('given each language, when asking its direction, then only Arabic is right-to-left', () => {
    expect(SPRACHEN.filter((s) => richtung(s) === 'rtl')).toEqual(['ar']);
  });

  it('names every language in itself', () => {
    expect(SPRACHEN.map((s) => SPRACH_NAMEN[s])).toEqual(['Deutsch', 'English', 'Türkçe', 'Українська', 'العربية', 'Polski']);
  });

  it('given a body, when validating, then only the six languages pass, with a German message otherwise', () => {
    expect(spracheSchema.parse({ sprache: 'ar' })).toEqual({ sprache: 'ar' });
    const falsch = spracheSchema.safeParse({ sprache: 'fr' });
    expect(falsch.success).toBe(false);
    expect(falsch.error?.issues[0]?.message).toBe(SPRACHE_UNBEKANNT);
    expect(istSprache('de')).toBe(true);
    expect(istSprache('DE')).toBe(false);
  });
});
