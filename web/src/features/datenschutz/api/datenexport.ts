import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Datenexport } from '@waldkita/domain/datenschutz/antworten';
import { useSchreiben } from '@/hooks/use-schreiben';
import { apiRequest } from '@/lib/api-client';
import { speichereDatei } from '@/lib/datei-speichern';

export type { Datenexport, ExportWoche } from '@waldkita/domain/datenschutz/antworten';

const EXPORT_PFAD = '/api/eltern/ich/export';

const datenexportKeys = { all: ['datenexport'] as const };

/** The readable summary ('Meine Daten ansehen') reads the same export as the download. */
const datenexportQueryOptions = () =>
  queryOptions({
    queryKey: datenexportKeys.all,
    queryFn: ({ signal }) => apiRequest<Datenexport>(EXPORT_PFAD, { signal }),
    // Always as the server has it now: it is read when the screen opens, never kept.
    staleTime: 0,
    gcTime: 0,
  });

export function useDatenexport() {
  return useQuery(datenexportQueryOptions());
}

const dateinameAus = (header: string | null) => /filename="([^"]+)"/.exec(header ?? '')?.[1] ?? 'waldkita-meine-daten.json';

/** 'Meine Daten herunterladen': the export as a JSON file, named as the server names it. Resolves with the file name. */
async function ladeDatenHerunter(): Promise<string> {
  let dateiname = 'waldkita-meine-daten.json';
  const daten = await apiRequest<Datenexport>(EXPORT_PFAD, {
    onHeaders: (headers) => {
      dateiname = dateinameAus(headers.get('Content-Disposition'));
    },
  });
  speichereDatei(new Blob([`${JSON.stringify(daten, null, 2)}\n`], { type: 'application/json' }), dateiname);
  return dateiname;
}

export const useDatenHerunterladen = () => useSchreiben({ mutationFn: ladeDatenHerunter });
