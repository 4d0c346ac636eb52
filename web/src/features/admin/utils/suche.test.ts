import { describe, expect, it } from 'vitest';
import type { AdminEltern } from '../api/types';
import { passtZurSuche, suchErgebnisText, suchWoerter } from './suche';

const familie = (nachname: string, nameKind: string | null, email: string): AdminEltern => ({
  id: nachname,
  nachname,
  nameKind,
  email,
  gruppe: null,
  authorities: [{ authority: 'ROLE_ELTERN' }],
  isAdmin: false,
  anteil: 1,
  anteilGrund: null,
});

const mueller = familie('Müller', 'Jörg, Anna', 'familie.mueller@example.org');
const strauss = familie('Strauß', null, 'strauss@example.org');

describe('the search over families', () => {
  it('finds a family by surname, child or e-mail, in any case and without accents', () => {
    for (const suche of ['Müller', 'MÜLL', 'muller', 'jörg', 'JORG', 'anna', 'mueller@', 'EXAMPLE.ORG'])
      expect(passtZurSuche(mueller, suchWoerter(suche)), suche).toBe(true);
    expect(passtZurSuche(strauss, suchWoerter('strauss'))).toBe(true);
    expect(passtZurSuche(strauss, suchWoerter('Strauß'))).toBe(true);
  });

  it('needs every word: surname and child together narrow it down', () => {
    expect(passtZurSuche(mueller, suchWoerter('  müller   anna '))).toBe(true);
    expect(passtZurSuche(mueller, suchWoerter('müller lena'))).toBe(false);
    expect(passtZurSuche(mueller, suchWoerter('Fuchs'))).toBe(false);
  });

  it('lets every family through an empty search', () => {
    expect(suchWoerter('   ')).toEqual([]);
    expect(passtZurSuche(strauss, suchWoerter(''))).toBe(true);
  });

  it('says how many it found, or that it found none', () => {
    expect(suchErgebnisText(3, 25, 'ei')).toBe('3 von 25 Familien gefunden');
    expect(suchErgebnisText(1, 1, 'ei')).toBe('1 von 1 Familie gefunden');
    expect(suchErgebnisText(0, 25, ' xyz ')).toBe('Keine Familie gefunden für „xyz“.');
  });
});
