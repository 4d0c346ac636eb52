import { FERIENARTEN } from '@waldkita/domain/kalender/schliesszeiten';
import { describe, expect, it } from 'vitest';
import { elternAngelegt, ferienartLoeschenKnopf, personendatenLoeschenFrage } from './texte';

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
  it('reports the new family as notified by e-mail (docs/produkt.md §8)', () => {
    expect(elternAngelegt('Tanne')).toBe('Familie Tanne wurde angelegt und per E-Mail benachrichtigt.');
  });
});

describe("'Personendaten löschen' (issue 18)", () => {
  it('says what is erased, how the family appears afterwards, and that it cannot be undone', () => {
    const frage = personendatenLoeschenFrage('Keller');
    expect(frage).toContain('Die Familie Keller wird aus dem Kindergarten entfernt, falls sie noch angemeldet ist');
    expect(frage).toContain('Name, Name des Kindes, E-Mail-Adresse, Nachrichten und Geräte');
    expect(frage).toContain('„Gelöschte Familie“');
    expect(frage.endsWith('Das kann nicht rückgängig gemacht werden.')).toBe(true);
  });
});
