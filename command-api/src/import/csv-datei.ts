import { parse } from 'csv-parse/sync';
import { z } from 'zod';

/**
 * Reads the yearly family list as German spreadsheet programs write it: UTF-8 (with or without
 * BOM) or Windows-1252, comma or semicolon, quoted fields, blank lines, spaces around values.
 * Nothing here touches the event store: the whole file is checked first and every problem is
 * reported with its line number.
 */

export const MAX_BYTES = 2 * 1024 * 1024;
export const KEINE_CSV = 'Bitte wählen Sie eine gültige CSV-Datei aus';
export const ZU_GROSS = 'Die Datei ist zu groß: höchstens 2 MB sind erlaubt.';
export const LEER = 'Die Datei enthält keine Familien.';
export const OHNE_KOPFZEILE = 'Die erste Zeile muss die Spaltennamen enthalten: Nachname Kind, Vorname Kind, Gruppe, Brief-E-Mail.';

export type ImportFamilie = {
  /** Line of the family's first row in the file. */
  zeile: number;
  email: string;
  nachname: string;
  /** First names of the family's children (siblings share one login). */
  kinder: string[];
  gruppe: string;
};

export type GeleseneDatei = {
  familien: ImportFamilie[];
  /** Blank lines and the extra rows of siblings, which add a child to a family instead of a login. */
  leerzeilen: number;
  geschwisterzeilen: number;
  fehler: string[];
};

const SPALTEN = {
  nachname: /nach.?name|familien.?name|^name$|name.?kind/,
  vorname: /vor.?name/,
  gruppe: /gruppe/,
  email: /mail/,
} as const;

const normalisiere = (kopf: string) => kopf.trim().toLowerCase().replace(/[-_]/g, ' ');

/** A file name or type that can be a CSV export (browsers send various types for .csv). */
export const istCsvDatei = (dateiname: string, mimetype: string) =>
  /\.(csv|txt)$/i.test(dateiname) &&
  ['text/csv', 'text/plain', 'application/vnd.ms-excel', 'application/csv', 'application/octet-stream', 'text/x-csv', ''].includes(
    mimetype.toLowerCase(),
  );

/** UTF-8 when the bytes are valid UTF-8 (BOM removed), otherwise Windows-1252 as older Excel writes it. */
export const dekodiere = (bytes: Uint8Array): string => {
  const ohneBom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(ohneBom);
  } catch {
    return new TextDecoder('windows-1252').decode(ohneBom);
  }
};

const trennzeichen = (text: string) => {
  const kopf = text.split(/\r?\n/).find((zeile) => zeile.trim() !== '') ?? '';
  return (kopf.match(/;/g)?.length ?? 0) >= (kopf.match(/,/g)?.length ?? 0) ? ';' : ',';
};

export function leseImportDatei(bytes: Uint8Array): GeleseneDatei {
  const text = dekodiere(bytes);
  let zeilen: { record: string[]; info: { lines: number } }[];
  try {
    zeilen = parse(text, {
      delimiter: trennzeichen(text),
      relax_column_count: true,
      trim: true,
      info: true,
      skip_empty_lines: false,
    }) as unknown as typeof zeilen;
  } catch (error) {
    const zeile = (error as { lines?: number }).lines;
    throw new ImportDateiFehler(
      `Die Datei ist keine lesbare CSV-Datei${zeile ? ` (Zeile ${zeile})` : ''}: bitte prüfen Sie die Anführungszeichen.`,
    );
  }
  const leer = (record: string[]) => record.every((feld) => feld === '');
  const kopfIndex = zeilen.findIndex((z) => !leer(z.record));
  if (kopfIndex < 0) throw new ImportDateiFehler(LEER);
  const kopf = zeilen[kopfIndex]!.record.map(normalisiere);
  const spalte = Object.fromEntries(
    Object.entries(SPALTEN).map(([name, muster]) => [
      name,
      kopf.findIndex((k) => muster.test(k) && !(name === 'nachname' && SPALTEN.vorname.test(k))),
    ]),
  ) as Record<keyof typeof SPALTEN, number>;
  if (Object.values(spalte).some((i) => i < 0)) throw new ImportDateiFehler(OHNE_KOPFZEILE);

  const ergebnis: GeleseneDatei = { familien: [], leerzeilen: 0, geschwisterzeilen: 0, fehler: [] };
  const nachEmail = new Map<string, ImportFamilie>();
  for (const { record, info } of zeilen.slice(kopfIndex + 1)) {
    const zeile = info.lines;
    if (leer(record)) {
      ergebnis.leerzeilen++;
      continue;
    }
    const feld = (name: keyof typeof SPALTEN) => record[spalte[name]]?.trim() ?? '';
    const [nachname, vorname, gruppe, emailRoh] = [feld('nachname'), feld('vorname'), feld('gruppe'), feld('email')];
    const fehlend = [
      [nachname, 'Nachname'],
      [vorname, 'Vorname'],
      [gruppe, 'Gruppe'],
      [emailRoh, 'E-Mail'],
    ]
      .filter(([wert]) => !wert)
      .map(([, name]) => name);
    if (fehlend.length > 0) {
      ergebnis.fehler.push(`Zeile ${zeile}: ${fehlend.join(', ')} fehlt.`);
      continue;
    }
    const email = emailRoh.toLowerCase();
    if (!z.email().safeParse(email).success) {
      ergebnis.fehler.push(`Zeile ${zeile}: "${emailRoh}" ist keine gültige E-Mail-Adresse.`);
      continue;
    }
    const familie = nachEmail.get(email);
    if (!familie) {
      const neu = { zeile, email, nachname, kinder: [vorname], gruppe };
      nachEmail.set(email, neu);
      ergebnis.familien.push(neu);
    } else if (familie.gruppe.toLowerCase() !== gruppe.toLowerCase()) {
      ergebnis.fehler.push(
        `Zeile ${zeile}: ${email} steht in Zeile ${familie.zeile} schon in der Gruppe ${familie.gruppe}. Eine Familie macht Wasserdienst in einer Gruppe; bitte eine Gruppe wählen.`,
      );
    } else {
      familie.kinder.push(vorname);
      ergebnis.geschwisterzeilen++;
    }
  }
  if (ergebnis.familien.length === 0 && ergebnis.fehler.length === 0) throw new ImportDateiFehler(LEER);
  return ergebnis;
}

/** The file as a whole cannot be read (no header, not CSV, empty): nothing is imported. */
export class ImportDateiFehler extends Error {
  override name = 'ImportDateiFehler';
}
