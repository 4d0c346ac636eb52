import type { AuditEintrag } from '@waldkita/domain/audit/antworten';
import { zeitDeutsch } from '@waldkita/domain/audit/zeit';
import { HttpError } from '@waldkita/platform/http/errors';
import type { FastifyReply } from 'fastify';
import { csvDatei } from '../admin/csv-export.js';

const FORMAT_UNBEKANNT = 'Unbekanntes Format. Möglich sind csv und json.';

const KOPF = ['Position', 'Zeit', 'Verlauf', 'Ereignis', 'Kategorie', 'Wer', 'Beschreibung', 'Familien', 'Tausch', 'Import', 'Gruppe'];

const zeile = (e: AuditEintrag) => [
  e.position,
  e.zeit,
  e.streamName,
  e.type,
  e.kategorie,
  e.akteur,
  e.beschreibung,
  e.familien.join(', '),
  e.tauschId,
  e.importId,
  e.gruppeId,
];

export const leseFormat = (format: unknown): 'csv' | 'json' => {
  if (format === undefined || format === '' || format === 'csv') return 'csv';
  if (format === 'json') return 'json';
  throw new HttpError(400, FORMAT_UNBEKANNT);
};

/** A file name that any browser and file system accepts. */
const dateiname = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 120);

/**
 * Sends entries as a download for the parents' council: CSV for spreadsheets (UTF-8 with BOM,
 * semicolons, cells that look like formulas defused — csvZelle) or JSON with what was asked.
 */
export function sendeExport(
  reply: FastifyReply,
  format: 'csv' | 'json',
  name: string,
  eintraege: AuditEintrag[],
  angefragt: Record<string, unknown>,
  jetzt: Date,
) {
  reply.header('cache-control', 'no-store');
  if (format === 'json') {
    reply.type('application/json; charset=utf-8').header('content-disposition', `attachment; filename="${dateiname(name)}.json"`);
    return { erstelltAm: jetzt.toISOString(), erstellt: zeitDeutsch(jetzt), ...angefragt, anzahl: eintraege.length, eintraege };
  }
  reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${dateiname(name)}.csv"`);
  return csvDatei(KOPF, eintraege.map(zeile));
}
