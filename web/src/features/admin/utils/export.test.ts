import { describe, expect, it } from 'vitest';
import { csvDatei, EXPORTE, exportDateiname } from './export';

// 21 Nov 2026, 23:30 UTC: already the 22nd in Berlin.
const SPAET = new Date('2026-11-21T23:30:00Z');
const MITTAG = new Date('2026-11-21T12:00:00Z');

describe('file name of a CSV export', () => {
  it('is the one the server gives', () => {
    expect(exportDateiname('eltern', 'attachment; filename="eltern-2026-11-21.csv"', MITTAG)).toBe('eltern-2026-11-21.csv');
  });

  it('falls back to the export’s type and today’s date in Berlin, and never takes a folder from the header', () => {
    expect(exportDateiname('abwesenheiten', null, MITTAG)).toBe('abwesenheiten-2026-11-21.csv');
    expect(exportDateiname('wasserdienste', 'attachment', SPAET)).toBe('wasserdienste-2026-11-22.csv');
    expect(exportDateiname('eltern', 'attachment; filename="../../etc/passwd"', MITTAG)).toBe('eltern-2026-11-21.csv');
  });
});

describe('the exports offered', () => {
  it('are the four types of the server, with German labels', () => {
    expect(EXPORTE.map((e) => e.typ)).toEqual(['eltern', 'wasserdienste', 'abwesenheiten', 'schliesszeiten']);
    expect(EXPORTE.map((e) => e.label)).toEqual([
      'Eltern exportieren',
      'Wasserdienste exportieren',
      'Abwesenheiten exportieren',
      'Schließzeiten exportieren',
    ]);
  });
});

describe('the saved CSV file', () => {
  it('starts with the UTF-8 byte order mark exactly once, so Excel reads the umlauts', async () => {
    const bytes = new Uint8Array(await csvDatei('Nachname;Gruppe\nMüller;Füchse\n').arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.slice(3))).toBe('Nachname;Gruppe\nMüller;Füchse\n');
    const schonMitBom = new Uint8Array(await csvDatei('\uFEFFa;b').arrayBuffer());
    expect([...schonMitBom.slice(3, 6)]).toEqual([0x61, 0x3b, 0x62]);
    expect(csvDatei('a').type).toBe('text/csv;charset=utf-8');
  });
});
