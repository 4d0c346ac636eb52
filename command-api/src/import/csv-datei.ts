import {
  EMAIL_ZU_LANG,
  GRUPPENNAME_ZU_LANG,
  MAX_EMAIL,
  MAX_GRUPPENNAME,
  MAX_NACHNAME,
  MAX_NAME_KIND,
  MAX_VORNAME_KIND,
  NACHNAME_ZU_LANG,
  NAME_KIND_ZU_LANG,
  VORNAME_KIND_ZU_LANG,
  zeichenzahl,
} from '@waldkita/domain/shared/eingabe';
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { z } from 'zod';

/**
 * Reads the yearly family list as German spreadsheet programs write it: UTF-8 (with or without
 * BOM), UTF-16 with BOM or Windows-1252; semicolon, comma or tab; quoted fields, blank lines,
 * spaces around values. Nothing here touches the event store: the whole file is checked first
 * and every problem is reported with its line number.
 */

export const MAX_BYTES = 2 * 1024 * 1024;
export const KEINE_CSV = 'Bitte wählen Sie eine gültige CSV-Datei aus';
export const ZU_GROSS = 'Die Datei ist zu groß: höchstens 2 MB sind erlaubt.';
const LEER = 'Die Datei enthält keine Familien.';
export const OHNE_KOPFZEILE = 'Die erste Zeile muss die Spaltennamen enthalten: Nachname Kind, Vorname Kind, Gruppe, Brief-E-Mail.';
const TABELLEN_DATEI =
  'Die Datei ist eine Tabellen-Datei (Excel/LibreOffice), keine CSV-Datei. Bitte speichern Sie sie in der Tabellenkalkulation als „CSV“ (Text CSV) und wählen Sie diese Datei aus.';
const steuerzeichenIn = (zeile: number) =>
  `Zeile ${zeile} enthält ein unsichtbares Steuerzeichen oder ein unlesbares Zeichen. Bitte prüfen Sie die Zeile in der Tabellenkalkulation und speichern Sie die Datei erneut als „CSV“.`;

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

const beginntMit = (bytes: Uint8Array, anfang: number[]) => anfang.every((byte, i) => bytes[i] === byte);
/** .xlsx and .ods are zip archives; .xls (Excel 97–2003) is an OLE compound file. */
const TABELLEN_ANFAENGE = [
  [0x50, 0x4b, 0x03, 0x04],
  [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1],
];

/**
 * UTF-16 when the file starts with its byte order mark (LibreOffice's and Excel's "Unicode"),
 * UTF-8 when the bytes are valid UTF-8 (BOM removed), otherwise Windows-1252 as German Excel and
 * LibreOffice write it by default. A spreadsheet file instead of its CSV export is refused.
 */
/** The encoding `dekodiere` reads a file in, as the import's record names it (docs/audit.md). */
export const kodierungVon = (bytes: Uint8Array): 'UTF-16' | 'UTF-8' | 'Windows-1252' => {
  if (beginntMit(bytes, [0xff, 0xfe]) || beginntMit(bytes, [0xfe, 0xff])) return 'UTF-16';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return 'UTF-8';
  } catch {
    return 'Windows-1252';
  }
};

export const dekodiere = (bytes: Uint8Array): string => {
  if (TABELLEN_ANFAENGE.some((anfang) => beginntMit(bytes, anfang))) throw new ImportDateiFehler(TABELLEN_DATEI);
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (beginntMit(bytes, [0xff, 0xfe]) || beginntMit(bytes, [0xfe, 0xff])) return iconv.decode(buffer, 'utf-16');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return iconv.decode(buffer, 'windows-1252');
  }
};

/**
 * Control characters other than tab and line breaks (C0, DEL, C1) and U+FFFD, which stands in
 * for bytes that belong to no character: none of them belongs in a name or an e-mail address.
 */
const UNZULAESSIG = /(?![\t\r\n])[\p{Cc}\uFFFD]/u;

const pruefeZeichen = (text: string) => {
  const treffer = UNZULAESSIG.exec(text);
  if (treffer) throw new ImportDateiFehler(steuerzeichenIn(text.slice(0, treffer.index).split(/\r\n|\r|\n/).length));
};

const trennzeichen = (text: string) => {
  const kopf = text.split(/\r?\n/).find((zeile) => zeile.trim() !== '') ?? '';
  const anzahl = (zeichen: string) => kopf.split(zeichen).length - 1;
  return [';', ',', '\t'].reduce((bestes, zeichen) => (anzahl(zeichen) > anzahl(bestes) ? zeichen : bestes));
};

export function leseImportDatei(bytes: Uint8Array): GeleseneDatei {
  const text = dekodiere(bytes);
  pruefeZeichen(text);
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
    const zuLang = (
      [
        [nachname, MAX_NACHNAME, NACHNAME_ZU_LANG],
        [vorname, MAX_VORNAME_KIND, VORNAME_KIND_ZU_LANG],
        [gruppe, MAX_GRUPPENNAME, GRUPPENNAME_ZU_LANG],
        [emailRoh, MAX_EMAIL, EMAIL_ZU_LANG],
      ] as const
    ).find(([wert, max]) => zeichenzahl(wert) > max);
    if (zuLang) {
      ergebnis.fehler.push(`Zeile ${zeile}: ${zuLang[2]}`);
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
    } else if (zeichenzahl([...familie.kinder, vorname].join(', ')) > MAX_NAME_KIND) {
      ergebnis.fehler.push(`Zeile ${zeile}: ${NAME_KIND_ZU_LANG}`);
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
