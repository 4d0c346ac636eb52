import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BenachrichtigungsEinstellungen,
  PushGeraet,
  PushGeraetAngemeldet,
  PushGeraetEntfernt,
  VapidPublicKey,
  WahlGespeichert,
} from '@waldkita/domain/push/antworten';
import type { BenachrichtigungsWahl } from '@waldkita/domain/push/benachrichtigungen';
import { useSchreiben } from '@/hooks/use-schreiben';
import { apiRequest } from '@/lib/api-client';

/** A device in GET /api/push/abos (docs/push.md): never its endpoint or keys. */
export type { PushGeraet };

const pushKeys = {
  all: ['push'] as const,
  geraete: ['push', 'geraete'] as const,
  einstellungen: ['push', 'einstellungen'] as const,
  schluessel: ['push', 'vapid-public-key'] as const,
};

export const usePushGeraete = () =>
  useQuery({ queryKey: pushKeys.geraete, queryFn: ({ signal }) => apiRequest<PushGeraet[]>('/api/push/abos', { signal }) });

export const usePushEinstellungen = () =>
  useQuery({
    queryKey: pushKeys.einstellungen,
    queryFn: ({ signal }) => apiRequest<BenachrichtigungsEinstellungen>('/api/push/einstellungen', { signal }),
  });

/** The server's VAPID public key, for `pushManager.subscribe`. */
export const holeVapidSchluessel = () => apiRequest<VapidPublicKey>('/api/push/vapid-public-key', { auth: false }).then((a) => a.publicKey);

/** POST /api/push/abos with the browser's subscription as `JSON.stringify` gives it. */
export const meldeGeraetAn = (abo: PushSubscriptionJSON) =>
  apiRequest<PushGeraetAngemeldet>('/api/push/abos', { method: 'POST', json: abo });

/** This browser unsubscribing itself: by its endpoint. */
export const meldeGeraetAb = (endpoint: string) =>
  apiRequest<PushGeraetEntfernt>('/api/push/abos', { method: 'DELETE', json: { endpoint } });

export const entferneGeraet = (id: string) =>
  apiRequest<PushGeraetEntfernt>(`/api/push/abos/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const speichereWahl = (wahl: BenachrichtigungsWahl) =>
  apiRequest<WahlGespeichert>('/api/push/einstellungen', { method: 'PUT', json: wahl });

/** After any write the card's lists are read again (the write's position goes along as X-Min-Position). */
export function usePushSchreiben<T, A>(schreibe: (a: A) => Promise<T>) {
  const queryClient = useQueryClient();
  return useSchreiben({ mutationFn: schreibe, onSettled: () => queryClient.invalidateQueries({ queryKey: pushKeys.all }) });
}
