import { describe, expect, it } from 'vitest';
import { elternAngelegt, FERIENARTEN, ferienartLoeschenKnopf } from './texte';

describe("'Alle … löschen' in the holiday overview", () => {
  it('given two holiday types of one year, then their buttons read differently and name type and year', () => {
    expect(ferienartLoeschenKnopf('Herbstferien', 2027)).toBe('Alle Herbstferien 2027 löschen');
    expect(ferienartLoeschenKnopf('Brückentag', 2027)).toBe('Alle Brückentage 2027 löschen');
    expect(ferienartLoeschenKnopf('Fortbildung', 2027)).toBe('Alle Fortbildungen 2027 löschen');
    expect(ferienartLoeschenKnopf('Sonstiges', 2027)).toBe('Alle sonstigen Einträge 2027 löschen');
    expect(ferienartLoeschenKnopf('Pfingstpause', 2027)).toBe('Alle Einträge „Pfingstpause“ 2027 löschen');
    const knoepfe = FERIENARTEN.map((art) => ferienartLoeschenKnopf(art, 2027));
    expect(new Set(knoepfe).size).toBe(FERIENARTEN.length);
  });
});

describe("'+ Neuer Elternteil'", () => {
  it('reports the new family as notified by e-mail (SPEC.md §8)', () => {
    expect(elternAngelegt('Tanne')).toBe('Familie Tanne wurde angelegt und per E-Mail benachrichtigt.');
  });
});
