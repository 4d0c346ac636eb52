import { heuteInBerlin } from '@waldkita/domain/kalender/iso-woche';
import type { ExportTyp } from '../api/types';

/** The four CSV exports of GET /api/admin/export/{type}, in the order they are offered. */
export const EXPORTE: readonly { typ: ExportTyp; label: string; labelKey: string; inhaltKey: string }[] = [
  { typ: 'eltern', label: 'Eltern exportieren', labelKey: 'admin.export.eltern', inhaltKey: 'admin.export.elternInhalt' },
  {
    typ: 'wasserdienste',
    label: 'Wasserdienste exportieren',
    labelKey: 'admin.export.wasserdienste',
    inhaltKey: 'admin.export.wasserdiensteInhalt',
  },
  {
    typ: 'abwesenheiten',
    label: 'Abwesenheiten exportieren',
    labelKey: 'admin.export.abwesenheiten',
    inhaltKey: 'admin.export.abwesenheitenInhalt',
  },
  {
    typ: 'schliesszeiten',
    label: 'Schließzeiten exportieren',
    labelKey: 'admin.export.schliesszeiten',
    inhaltKey: 'admin.export.schliesszeitenInhalt',
  },
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
