import { useSchreiben } from '@/hooks/use-schreiben';
import { ApiError, NETZWERKFEHLER } from '@/lib/api-client';
import { getStoredToken } from '@/lib/session-storage';
import { sucheAusFilter } from '../utils/filter';
import type { VerlaufFilter } from './types';

export type ExportAuftrag = { format: 'csv' | 'json'; filter: VerlaufFilter };

const dateinameAus = (header: string | null, fallback: string) => /filename="([^"]+)"/.exec(header ?? '')?.[1] ?? fallback;

/**
 * GET /api/audit/events/export?format=csv|json with the list's filter, saved as a file. Read as
 * bytes, not text: the CSV's byte order mark tells spreadsheet programs that it is UTF-8.
 */
export async function exportVerlauf({ format, filter }: ExportAuftrag): Promise<string> {
  const suche = sucheAusFilter(filter, false);
  suche.set('format', format);
  const token = getStoredToken();
  let response: Response;
  try {
    response = await fetch(`/api/audit/events/export?${suche}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError(0, NETZWERKFEHLER);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(response.status, body?.message ?? `Fehler ${response.status}`, body);
  }
  const name = dateinameAus(response.headers.get('Content-Disposition'), `verlauf.${format}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

export const useExportVerlauf = () => useSchreiben({ mutationFn: exportVerlauf });
