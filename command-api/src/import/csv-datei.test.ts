import { describe, expect, it } from 'vitest';
import { dekodiere, ImportDateiFehler, leseImportDatei, OHNE_KOPFZEILE } from './csv-datei.js';

const utf8 = (text: string) => new TextEncoder().encode(text);
const mitBom = (text: string) => new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(text)]);
/** Windows-1252 as older Excel writes it: one byte per character (ä = 0xE4, ü = 0xFC, ß = 0xDF). */
const cp1252 = (text: string) => new Uint8Array([...text].map((c) => c.charCodeAt(0)));

describe('reading the yearly CSV file', () => {
  it('given a semicolon file in Windows-1252 with quoted fields, blank lines and spaces, then every family is read with umlauts', () => {
    const datei = cp1252(
      'Nachname Kind;Vorname Kind;Gruppe;Brief-E-Mail\r\n' +
        ' Müller ; Jörg ;Füchse; Familie.Mueller@Example.org \r\n' +
        '\r\n' +
        '"Groß; von";"Anna";"Eulen";gross@example.org\r\n',
    );
    const gelesen = leseImportDatei(datei);
    expect(gelesen.fehler).toEqual([]);
    expect(gelesen.leerzeilen).toBe(1);
    expect(gelesen.familien).toEqual([
      { zeile: 2, email: 'familie.mueller@example.org', nachname: 'Müller', kinder: ['Jörg'], gruppe: 'Füchse' },
      { zeile: 4, email: 'gross@example.org', nachname: 'Groß; von', kinder: ['Anna'], gruppe: 'Eulen' },
    ]);
  });

  it('given a UTF-8 file with BOM and commas, then the BOM does not end up in the first column name', () => {
    const gelesen = leseImportDatei(mitBom('Nachname,Vorname,Gruppe,E-Mail\nÖzdemir,Elif,Füchse,oez@example.org\n'));
    expect(gelesen.familien[0]).toMatchObject({ nachname: 'Özdemir', gruppe: 'Füchse' });
    expect(dekodiere(mitBom('ä'))).toBe('ä');
  });

  it('given two rows with the same letter e-mail in one group, then they are one family (one login) with two children', () => {
    const gelesen = leseImportDatei(
      utf8('Nachname;Vorname;Gruppe;E-Mail\nFuchs;Mila;Füchse;f@example.org\nFuchs;Jonas;füchse;F@example.org\n'),
    );
    expect(gelesen.familien).toEqual([
      { zeile: 2, email: 'f@example.org', nachname: 'Fuchs', kinder: ['Mila', 'Jonas'], gruppe: 'Füchse' },
    ]);
    expect(gelesen.geschwisterzeilen).toBe(1);
  });

  it('given siblings in two groups, then it is reported with both line numbers', () => {
    const gelesen = leseImportDatei(
      utf8('Nachname;Vorname;Gruppe;E-Mail\nFuchs;Mila;Füchse;f@example.org\nFuchs;Jonas;Eulen;f@example.org\n'),
    );
    expect(gelesen.fehler).toEqual([
      'Zeile 3: f@example.org steht in Zeile 2 schon in der Gruppe Füchse. Eine Familie macht Wasserdienst in einer Gruppe; bitte eine Gruppe wählen.',
    ]);
  });

  it('given 2,000 rows with a bad e-mail on line 37 and a missing group on line 1500, then both are reported with their lines', () => {
    const zeilen = ['Nachname;Vorname;Gruppe;E-Mail'];
    for (let i = 2; i <= 2001; i++) {
      const email = i === 37 ? 'kein-at-zeichen.example.org' : `familie${i}@example.org`;
      zeilen.push(`Familie${i};Kind${i};${i === 1500 ? '' : i % 2 ? 'Füchse' : 'Eulen'};${email}`);
    }
    const gelesen = leseImportDatei(utf8(zeilen.join('\n')));
    expect(gelesen.fehler).toEqual([
      'Zeile 37: "kein-at-zeichen.example.org" ist keine gültige E-Mail-Adresse.',
      'Zeile 1500: Gruppe fehlt.',
    ]);
    expect(gelesen.familien).toHaveLength(1998);
  });

  it('refuses a file without the header row, and an empty file', () => {
    expect(() => leseImportDatei(utf8('Fuchs;Mila;Füchse;f@example.org\n'))).toThrow(new ImportDateiFehler(OHNE_KOPFZEILE));
    expect(() => leseImportDatei(utf8('\n\n'))).toThrow(ImportDateiFehler);
    expect(() => leseImportDatei(utf8('Nachname;Vorname;Gruppe;E-Mail\n"offen;Mila;Füchse;f@example.org\n'))).toThrow(ImportDateiFehler);
  });
});
