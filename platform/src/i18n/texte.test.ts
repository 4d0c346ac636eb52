import { describe, expect, it } from 'vitest';
import { katalog, texte } from './texte.js';

describe('server texts', () => {
  it('given a key of the catalogues, when asked in each language, then that language’s text', () => {
    expect(texte('de')('sprache.label')).toBe(katalog('de')['sprache.label']);
    expect(texte('en')('sprache.label')).toBe(katalog('en')['sprache.label']);
    expect(texte('ar')('sprache.label')).not.toBe(katalog('de')['sprache.label']);
  });
});
