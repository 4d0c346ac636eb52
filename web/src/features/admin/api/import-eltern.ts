import { useSchreiben } from '@/hooks/use-schreiben';
import { ApiError, apiRequest } from '@/lib/api-client';
import type { ImportAuftrag, ImportErgebnis } from './types';
import { useRefreshAfterWrite } from './use-refresh-after-write';

/** POST /api/admin/import-eltern: multipart `csvFile` and `deadline` (YYYY-MM-DD). */
const importEltern = ({ datei, deadline }: ImportAuftrag) => {
  const formData = new FormData();
  formData.append('csvFile', datei, datei.name);
  formData.append('deadline', deadline);
  return apiRequest<ImportErgebnis>('/api/admin/import-eltern', { method: 'POST', formData });
};

const istZahl = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The import result as the client holds it: read from a refusal's body, its message may be missing. */
export type GelesenesImportErgebnis = Omit<ImportErgebnis, 'message'> & Partial<Pick<ImportErgebnis, 'message'>>;

/**
 * The result inside a refusal: the server answers 400 with the import result's shape (counts and
 * every line's error) when the file has problems. Other refusals carry only a message.
 */
export function importErgebnisAus(error: unknown): GelesenesImportErgebnis | null {
  if (!(error instanceof ApiError)) return null;
  const body = error.body;
  if (!body || typeof body !== 'object') return null;
  const { successCount, skippedCount, errorCount, errors, message } = body as Record<string, unknown>;
  if (!istZahl(successCount) || !istZahl(skippedCount) || !istZahl(errorCount)) return null;
  return {
    successCount,
    skippedCount,
    errorCount,
    errors: Array.isArray(errors) ? errors.filter((e): e is string => typeof e === 'string') : [],
    ...(typeof message === 'string' ? { message } : {}),
  };
}

export function useImportEltern() {
  const refresh = useRefreshAfterWrite();
  return useSchreiben({ mutationFn: importEltern, onSettled: refresh });
}
