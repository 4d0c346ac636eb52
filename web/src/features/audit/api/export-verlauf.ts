import { useSchreiben } from '@/hooks/use-schreiben';
import { sucheAusFilter } from '../utils/filter';
import { ladeHerunter } from './integritaet';
import type { VerlaufFilter } from './types';

type ExportAuftrag = { format: 'csv' | 'json'; filter: VerlaufFilter };

/**
 * GET /api/audit/events/export?format=csv|json with the list's filter, saved as a file (with the
 * token alone, no language). Read as bytes, not text: the CSV's byte order mark tells spreadsheet
 * programs that it is UTF-8.
 */
async function exportVerlauf({ format, filter }: ExportAuftrag): Promise<string> {
  const suche = sucheAusFilter(filter, false);
  suche.set('format', format);
  return ladeHerunter(`/api/audit/events/export?${suche}`, `verlauf.${format}`, {});
}

export const useExportVerlauf = () => useSchreiben({ mutationFn: exportVerlauf });
