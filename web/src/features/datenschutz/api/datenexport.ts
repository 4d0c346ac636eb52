import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { BenachrichtigungsWahl } from '@waldkita/domain/push/benachrichtigungen';
import { apiRequest } from '@/lib/api-client';

/** A week as the export writes it (docs/api-datenschutz.md). */
export type ExportWoche = { jahr: number; kalenderwoche: number; kw: string; freitag: string; freitagText: string };

/** GET /api/eltern/ich/export, format 'waldkita-datenexport/1' (docs/api-datenschutz.md). */
export type Datenexport = {
  format: string;
  erstelltAm: string;
  erstellt: string;
  konto: {
    elternId: string;
    nachname: string;
    email: string;
    rollen: string[];
    registriertAm: string;
    anteil?: { anteil: number; grund: string; gesetztAm: string };
  };
  kind: { name: string | null };
  gruppe: { gruppeId: string; name: string } | null;
  wasserdienste: (ExportWoche & { wasserdienstId: string; gruppe: string | null })[];
  wasserdiensteFrueher: { gruppe: string | null; geleistet: number; anteil: number; bis: ExportWoche }[];
  tausch: {
    angebote: {
      tauschId: string;
      woche: ExportWoche;
      abgeben: boolean;
      nachricht: string | null;
      status: string;
      statusText: string;
      angebotenAm: string;
      entschiedenAm: string | null;
      gegenWoche: ExportWoche | null;
    }[];
    angenommen: { tauschId: string; woche: ExportWoche; gegenWoche: ExportWoche | null; abgeben: boolean; angenommenAm: string | null }[];
  };
  abwesenheiten: (ExportWoche & { abwesenheitId: string; gemeldetAm: string })[];
  pushGeraete: { geraetId: string; bezeichnung: string; seit: string }[];
  benachrichtigungen: { wahl: BenachrichtigungsWahl; gewaehlt: boolean };
  kalenderAbo: { aktiv: boolean; seit: string | null };
  verlauf: { occurredAt: string; zeit: string; akteur: string; text: string }[];
  mails: { art: string; bezeichnung: string; gesendetAm: string }[];
};

const EXPORT_PFAD = '/api/eltern/ich/export';

export const datenexportKeys = { all: ['datenexport'] as const };

/** The readable summary ('Meine Daten ansehen') reads the same export as the download. */
export const datenexportQueryOptions = () =>
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

/**
 * Saves a file the page holds (the export is read with the bearer token, which a plain link cannot
 * send): a link to an object URL with the download attribute, clicked once.
 */
function speichere(datei: Blob, dateiname: string) {
  const url = URL.createObjectURL(datei);
  const link = document.createElement('a');
  link.href = url;
  link.download = dateiname;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** 'Meine Daten herunterladen': the export as a JSON file, named as the server names it. Resolves with the file name. */
export async function ladeDatenHerunter(): Promise<string> {
  let dateiname = 'waldkita-meine-daten.json';
  const daten = await apiRequest<Datenexport>(EXPORT_PFAD, {
    onHeaders: (headers) => {
      dateiname = dateinameAus(headers.get('Content-Disposition'));
    },
  });
  speichere(new Blob([`${JSON.stringify(daten, null, 2)}\n`], { type: 'application/json' }), dateiname);
  return dateiname;
}

export const useDatenHerunterladen = () => useMutation({ mutationFn: ladeDatenHerunter });
