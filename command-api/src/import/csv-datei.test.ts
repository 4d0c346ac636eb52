import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dekodiere, ImportDateiFehler, kodierungVon, leseImportDatei, OHNE_KOPFZEILE } from './csv-datei.js';

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

  it('given a surname of 1.9 MB, a long group name and too many siblings, then each row is reported with its line and limit', () => {
    const zeilen = [
      'Nachname;Vorname;Gruppe;E-Mail',
      `${'Ö'.repeat(1_900_000)};Mia;Füchse;riesig@example.org`,
      `Dachs;Ida;${'Gruppe '.repeat(10)};dachs@example.org`,
      ...Array.from({ length: 60 }, (_, i) => `Igel;Kind-Nummer-${i};Füchse;igel@example.org`),
      `Fuchs;${'ß'.repeat(100)};Füchse;fuchs@example.org`,
    ];
    const gelesen = leseImportDatei(utf8(zeilen.join('\n')));
    expect(gelesen.fehler[0]).toBe('Zeile 2: Der Nachname darf höchstens 100 Zeichen lang sein.');
    expect(gelesen.fehler[1]).toBe('Zeile 3: Der Gruppenname darf höchstens 60 Zeichen lang sein.');
    expect(gelesen.fehler.slice(2).every((f) => f.endsWith('Die Namen der Kinder dürfen zusammen höchstens 500 Zeichen lang sein.'))).toBe(
      true,
    );
    // Exactly at the limit is fine.
    expect(gelesen.familien.map((f) => f.nachname)).toEqual(['Igel', 'Fuchs']);
  });

  it('refuses a file without the header row, and an empty file', () => {
    expect(() => leseImportDatei(utf8('Fuchs;Mila;Füchse;f@example.org\n'))).toThrow(new ImportDateiFehler(OHNE_KOPFZEILE));
    expect(() => leseImportDatei(utf8('\n\n'))).toThrow(ImportDateiFehler);
    expect(() => leseImportDatei(utf8('Nachname;Vorname;Gruppe;E-Mail\n"offen;Mila;Füchse;f@example.org\n'))).toThrow(ImportDateiFehler);
  });
});

/** Files LibreOffice wrote (see fixtures/README.md). */
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const ascii = (text: string) => Buffer.from(text, 'ascii');

/** The families of fixtures/README.md, as every encoding of the list must give them back. */
const LIBREOFFICE_FAMILIEN = [
  { zeile: 2, email: 'zukauskas@example.org', nachname: 'Žukauskas', kinder: ['Šarlota'], gruppe: 'Füchse' },
  { zeile: 3, email: 'oehlenschlaeger@example.org', nachname: 'Œhlenschläger', kinder: ['Jörg'], gruppe: 'Eulen' },
  { zeile: 4, email: 'dangelo@example.org', nachname: 'D’Angelo', kinder: ['Luca'], gruppe: 'Dachse' },
  { zeile: 5, email: 'weiss@example.org', nachname: 'Weiß', kinder: ['Björn'], gruppe: 'Füchse' },
  { zeile: 6, email: 'oeztuerk@example.org', nachname: 'Öztürk', kinder: ['Ümit'], gruppe: 'Eulen' },
];

describe('reading the CSV exports of real spreadsheet programs', () => {
  it.each([
    ['Windows-1252', 'familien-windows-1252.csv'],
    ['UTF-8 without BOM', 'familien-utf-8.csv'],
    ['UTF-16LE with BOM', 'familien-utf-16le.csv'],
    ['UTF-16BE with BOM', 'familien-utf-16be.csv'],
  ])('given the family list as LibreOffice saves it in %s, then every letter arrives intact', (_, datei) => {
    const bytes = fixture(datei);
    expect(leseImportDatei(bytes)).toEqual({ familien: LIBREOFFICE_FAMILIEN, leerzeilen: 0, geschwisterzeilen: 0, fehler: [] });
    expect(dekodiere(bytes)).toContain('"Beitrag 12 € bezahlt"');
    expect(dekodiere(bytes)).toContain('"„Abholung“ durch Oma"');
  });

  it('given each of the 27 characters Windows-1252 keeps at bytes 0x80–0x9F, then each is read as that character', () => {
    // biome-ignore format: laid out like the code page table
    const zeichen: [number, string][] = [
      [0x80, '€'], [0x82, '‚'], [0x83, 'ƒ'], [0x84, '„'], [0x85, '…'], [0x86, '†'], [0x87, '‡'], [0x88, 'ˆ'], [0x89, '‰'],
      [0x8a, 'Š'], [0x8b, '‹'], [0x8c, 'Œ'], [0x8e, 'Ž'], [0x91, '‘'], [0x92, '’'], [0x93, '“'], [0x94, '”'], [0x95, '•'],
      [0x96, '–'], [0x97, '—'], [0x98, '˜'], [0x99, '™'], [0x9a, 'š'], [0x9b, '›'], [0x9c, 'œ'], [0x9e, 'ž'], [0x9f, 'Ÿ'],
    ];
    const datei = Buffer.concat([
      ascii('Nachname;Vorname;Gruppe;E-Mail\r\n'),
      ...zeichen.map(([byte], i) => Buffer.concat([ascii('X'), Buffer.from([byte]), ascii(`;Kind;Eulen;f${i}@example.org\r\n`)])),
    ]);
    expect(leseImportDatei(datei).familien.map((f) => f.nachname)).toEqual(zeichen.map(([, z]) => `X${z}`));
  });

  it('given a byte Windows-1252 leaves undefined, then its line is refused instead of storing a stand-in character', () => {
    const datei = Buffer.concat([
      ascii('Nachname;Vorname;Gruppe;E-Mail\nFuchs;Mila;Eulen;f@example.org\nM'),
      Buffer.from([0x81]),
      ascii('ller;Jonas;Eulen;m@example.org\n'),
    ]);
    expect(() => leseImportDatei(datei)).toThrow(
      'Zeile 3 enthält ein unsichtbares Steuerzeichen oder ein unlesbares Zeichen. Bitte prüfen Sie die Zeile in der Tabellenkalkulation und speichern Sie die Datei erneut als „CSV“.',
    );
  });

  it.each(['familien.xlsx', 'familien.ods', 'familien.xls'])(
    'given the spreadsheet %s itself, then it asks for its CSV export',
    (datei) => {
      expect(() => leseImportDatei(fixture(datei))).toThrow(
        new ImportDateiFehler(
          'Die Datei ist eine Tabellen-Datei (Excel/LibreOffice), keine CSV-Datei. Bitte speichern Sie sie in der Tabellenkalkulation als „CSV“ (Text CSV) und wählen Sie diese Datei aus.',
        ),
      );
    },
  );

  it('given a NUL byte or another control character, then the first line holding one is named and nothing is read', () => {
    const mitNul = Buffer.concat([
      ascii('Nachname;Vorname;Gruppe;E-Mail\r\nFuchs;Mila;Eulen;f@example.org\r\nM'),
      Buffer.from([0x00]),
      ascii('ller;Jonas;Eulen;m@example.org\r\n'),
    ]);
    expect(() => leseImportDatei(mitNul)).toThrow(/^Zeile 3 enthält ein unsichtbares Steuerzeichen/);
    const mitSteuerzeichen = ascii(
      'Nachname;Vorname;Gruppe;E-Mail\nFuchs;Mila\u000b;Eulen;f@example.org\nM\u0000ller;Jonas;Eulen;m@example.org\n',
    );
    expect(() => leseImportDatei(mitSteuerzeichen)).toThrow(/^Zeile 2 enthält/);
    const mitStrgZAmEnde = ascii('Nachname;Vorname;Gruppe;E-Mail\nFuchs;Mila;Eulen;f@example.org\n\u001a');
    expect(() => leseImportDatei(mitStrgZAmEnde)).toThrow(/^Zeile 3 enthält/);
  });

  it('given a tab-separated UTF-16LE file with BOM, as Excel saves "Unicode-Text", then every family is read', () => {
    const text = 'Nachname Kind\tVorname Kind\tGruppe\tBrief-E-Mail\r\nŽukauskas\tŠarlota\tFüchse\tzukauskas@example.org\r\n';
    const gelesen = leseImportDatei(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
    expect(gelesen.familien).toEqual([LIBREOFFICE_FAMILIEN[0]]);
  });
});

describe('the encoding an import records (docs/audit.md)', () => {
  it('given the lists LibreOffice saved in each encoding, when asked, then the encoding they were read in', () => {
    expect(kodierungVon(fixture('familien-utf-8.csv'))).toBe('UTF-8');
    expect(kodierungVon(fixture('familien-windows-1252.csv'))).toBe('Windows-1252');
    expect(kodierungVon(fixture('familien-utf-16le.csv'))).toBe('UTF-16');
    expect(kodierungVon(fixture('familien-utf-16be.csv'))).toBe('UTF-16');
  });
});
