import { heuteInBerlin } from '@waldkita/domain/kalender/iso-woche';
import type { ExportTyp } from '../api/types';

/** The four CSV exports of GET /api/admin/export/{type}, in the order they are offered. */
export const EXPORTE: readonly { typ: ExportTyp; label: string; inhalt: string }[] = [
  { typ: 'eltern', label: 'Eltern exportieren', inhalt: 'Nachname, Kind, E-Mail, Gruppe und Rollen aller Familien' },
  { typ: 'wasserdienste', label: 'Wasserdienste exportieren', inhalt: 'Alle geplanten Wasserdienste nach Gruppe und Woche' },
  { typ: 'abwesenheiten', label: 'Abwesenheiten exportieren', inhalt: 'Alle gemeldeten Abwesenheiten nach Familie und Woche' },
  { typ: 'schliesszeiten', label: 'Schließzeiten exportieren', inhalt: 'Alle Schließwochen mit Beschreibung' },
];

const BOM = '\uFEFF';

/**
 * The name the export is saved under: the one the server gives (`eltern-2026-11-21.csv`, dated in
 * Berlin), or the export's type with today's Berlin date when the header is missing.
 */
export function exportDateiname(typ: ExportTyp, contentDisposition: string | null | undefined, jetzt: Date): string {
  const vomServer = /filename="([\w.-]+)"/.exec(contentDisposition ?? '')?.[1];
  return vomServer ?? `${typ}-${heuteInBerlin(jetzt)}.csv`;
}

/**
 * The CSV text as a file. The server sends UTF-8 with a byte order mark (so Excel reads the
 * umlauts); reading the answer as text drops it, so it is put back.
 */
export const csvDatei = (text: string): Blob =>
  new Blob([text.startsWith(BOM) ? text : `${BOM}${text}`], { type: 'text/csv;charset=utf-8' });
