import { describe, expect, it } from 'vitest';
import { csvDatei, csvZelle } from './csv-export.js';

describe('CSV export', () => {
  it('neutralises cells a spreadsheet would run as formulas', () => {
    for (const gefaehrlich of ['=HYPERLINK("http://x")', '+49 831', '-2+3', '@SUM(A1)', '\tx', '\rx'])
      expect(csvZelle(gefaehrlich).startsWith(`"'`)).toBe(true);
    expect(csvZelle('Fuchs')).toBe('"Fuchs"');
    expect(csvZelle('Sag "Hallo"; tschüss')).toBe('"Sag ""Hallo""; tschüss"');
    expect(csvZelle(null)).toBe('""');
  });

  it('neutralises the full-width formula starters as well', () => {
    expect(csvZelle('＝HYPERLINK("http://x")')).toBe(`"'＝HYPERLINK(""http://x"")"`);
    expect(csvZelle('＋49 831')).toBe(`"'＋49 831"`);
    expect(csvZelle('－2＋3')).toBe(`"'－2＋3"`);
    expect(csvZelle('＠SUM(A1)')).toBe(`"'＠SUM(A1)"`);
    expect(csvZelle('Fuchs＝Wolf')).toBe('"Fuchs＝Wolf"');
  });

  it('writes a BOM, semicolons and CRLF so German Excel opens it with umlauts intact', () => {
    expect(csvDatei(['Nachname', 'Gruppe'], [['Müller', 'Füchse']])).toBe('\uFEFF"Nachname";"Gruppe"\r\n"Müller";"Füchse"\r\n');
  });
});
