import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  AbrechnungsZeile,
  EntscheidungAntwort,
  FamilieAntwort,
  KorrekturAntwort,
  RegelnAntwort,
  StundenEinerFamilie,
  StundenjahrAntwort,
  StundenUebersicht,
  WartenderEintrag,
} from '@waldkita/domain/stunden/antworten';
import type { StundenRegeln } from '@waldkita/domain/stunden/rechnen';
import { useSchreiben } from '@/hooks/use-schreiben';
import { apiRequest } from '@/lib/api-client';
import { csvDatei } from '../utils/export';
import { adminKeys } from './query-keys';
import { useRefreshAfterWrite } from './use-refresh-after-write';

const mitJahr = (pfad: string, jahr: number | null, format?: 'csv') => {
  const query = new URLSearchParams();
  if (jahr !== null) query.set('jahr', String(jahr));
  if (format) query.set('format', format);
  const text = query.toString();
  return text ? `${pfad}?${text}` : pfad;
};

/** GET /api/admin/stunden?jahr=: every family's due, done, pending and open hours. */
export const useStundenUebersicht = (jahr: number | null) =>
  useQuery(
    queryOptions({
      queryKey: adminKeys.stunden(jahr),
      queryFn: ({ signal }) => apiRequest<StundenUebersicht>(mitJahr('/api/admin/stunden', jahr), { signal }),
    }),
  );

/** GET /api/admin/stunden/abrechnung?jahr=: the families with open hours, in euros. */
export const useStundenAbrechnung = (jahr: number | null) =>
  useQuery(
    queryOptions({
      queryKey: adminKeys.stundenAbrechnung(jahr),
      queryFn: ({ signal }) => apiRequest<AbrechnungsZeile[]>(mitJahr('/api/admin/stunden/abrechnung', jahr), { signal }),
    }),
  );

/** GET /api/admin/stunden/familien/{elternId}?jahr=: one family's entries of the year (while `elternId` is set). */
export const useStundenEinerFamilie = (jahr: number | null, elternId: string | null) =>
  useQuery(
    queryOptions({
      queryKey: adminKeys.stundenFamilie(jahr, elternId ?? ''),
      queryFn: ({ signal }) =>
        apiRequest<StundenEinerFamilie>(mitJahr(`/api/admin/stunden/familien/${elternId}`, jahr), {
          signal,
        }),
      enabled: elternId !== null,
    }),
  );

/** GET /api/admin/stunden/offen: own entries waiting for a decision, of every year. */
export const useWartendeStunden = () =>
  useQuery(
    queryOptions({
      queryKey: adminKeys.stundenOffen(),
      queryFn: ({ signal }) => apiRequest<WartenderEintrag[]>('/api/admin/stunden/offen', { signal }),
    }),
  );

/** A CSV download (`?format=csv`), with the name the server gives. */
export async function ladeStundenCsv(art: 'uebersicht' | 'abrechnung', jahr: number | null) {
  let contentDisposition: string | null = null;
  const pfad = art === 'uebersicht' ? '/api/admin/stunden' : '/api/admin/stunden/abrechnung';
  const text = await apiRequest<unknown>(mitJahr(pfad, jahr, 'csv'), {
    onHeaders: (headers) => {
      contentDisposition = headers.get('Content-Disposition');
    },
  });
  const dateiname = /filename="([\w.-]+)"/.exec(contentDisposition ?? '')?.[1] ?? `${art}-${jahr ?? 'aktuell'}.csv`;
  return { datei: csvDatei(typeof text === 'string' ? text : ''), dateiname };
}

/** One write of the ledger; afterwards the Admin Center's lists are read again (also after a refusal). */
function useStundenSchreiben<V, A>(mutationFn: (v: V) => Promise<A>) {
  const refresh = useRefreshAfterWrite();
  return useSchreiben({ mutationFn, onSettled: refresh });
}

export const useEntscheideStunden = () =>
  useStundenSchreiben(({ id, status, grund }: { id: string; status: 'bestaetigt' | 'abgelehnt'; grund?: string }) =>
    apiRequest<EntscheidungAntwort>(`/api/admin/stunden/${encodeURIComponent(id)}`, {
      method: 'PUT',
      json: { status, ...(grund ? { grund } : {}) },
    }),
  );

export const useSetzeStundenRegeln = () =>
  useStundenSchreiben((regeln: StundenRegeln & { jahr: number }) =>
    apiRequest<RegelnAntwort>('/api/admin/stunden/regeln', { method: 'PUT', json: regeln }),
  );

export const useKorrigiereStunden = () =>
  useStundenSchreiben((korrektur: { elternId: string; datum: string; stunden: number; grund: string }) =>
    apiRequest<KorrekturAntwort>('/api/admin/stunden/korrektur', { method: 'POST', json: korrektur }),
  );

export const useSetzeStundenFamilie = () =>
  useStundenSchreiben(({ elternId, ...angaben }: { elternId: string; jahr: number; kinder: number; befreit: boolean; grund: string }) =>
    apiRequest<FamilieAntwort>(`/api/admin/stunden/familien/${encodeURIComponent(elternId)}`, { method: 'PUT', json: angaben }),
  );

export const useSchliesseStundenjahr = () =>
  useStundenSchreiben((jahr: number) => apiRequest<StundenjahrAntwort>(`/api/admin/stunden/jahr/${jahr}/abschliessen`, { method: 'POST' }));

export const useOeffneStundenjahr = () =>
  useStundenSchreiben(({ jahr, grund }: { jahr: number; grund: string }) =>
    apiRequest<StundenjahrAntwort>(`/api/admin/stunden/jahr/${jahr}/wiedereroeffnen`, { method: 'POST', json: { grund } }),
  );
