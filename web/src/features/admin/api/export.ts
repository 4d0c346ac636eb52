import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { csvDatei, exportDateiname } from '../utils/export';
import type { ExportTyp } from './types';

type ExportDatei = { datei: Blob; dateiname: string };

/**
 * GET /api/admin/export/{type}: the CSV file, read through the API client (bearer token, and the
 * position of the admin's latest write, so the file contains it). The name comes from the
 * answer's Content-Disposition, with today's date.
 */
async function ladeExport(typ: ExportTyp): Promise<ExportDatei> {
  let contentDisposition: string | null = null;
  const text = await apiRequest<unknown>(`/api/admin/export/${encodeURIComponent(typ)}`, {
    onHeaders: (headers) => {
      contentDisposition = headers.get('Content-Disposition');
    },
  });
  return { datei: csvDatei(typeof text === 'string' ? text : ''), dateiname: exportDateiname(typ, contentDisposition, new Date()) };
}

/** A read, not a write: nothing is read again afterwards. */
export const useExport = () => useMutation({ mutationFn: ladeExport });
