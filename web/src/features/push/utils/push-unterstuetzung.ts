import { datumKurz } from '@waldkita/domain/i18n/datum';
import type { Sprache } from '@waldkita/domain/i18n/sprachen';
import { heuteInBerlin } from '@waldkita/domain/kalender/iso-woche';

/** What this browser allows for push messages, as the card shows it. */
export type PushZustand =
  /** No service worker (an old browser, or a page not served over https). */
  | 'kein-service-worker'
  /** A service worker, but no Push API (e.g. Safari on an iPhone before the app was added to the home screen). */
  | 'kein-push'
  /** The family blocked notifications for this site. */
  | 'blockiert'
  | 'moeglich';

export type PushUmgebung = {
  serviceWorker: boolean;
  pushManager: boolean;
  notification: boolean;
  berechtigung: 'default' | 'granted' | 'denied' | null;
};

export function pushZustand(u: PushUmgebung): PushZustand {
  if (!u.serviceWorker) return 'kein-service-worker';
  if (!u.pushManager || !u.notification) return 'kein-push';
  if (u.berechtigung === 'denied') return 'blockiert';
  return 'moeglich';
}

/** The browser this code runs in. */
export function dieseUmgebung(): PushUmgebung {
  const w = globalThis as unknown as {
    navigator?: Navigator;
    PushManager?: unknown;
    Notification?: { permission: NotificationPermission };
  };
  return {
    serviceWorker: !!w.navigator && 'serviceWorker' in w.navigator,
    pushManager: typeof w.PushManager !== 'undefined',
    notification: typeof w.Notification !== 'undefined',
    berechtigung: w.Notification?.permission ?? null,
  };
}

export const HINWEISE: Record<Exclude<PushZustand, 'moeglich'>, string> = {
  'kein-service-worker':
    'Dieser Browser kann keine Benachrichtigungen vom Elternportal empfangen. Bitte öffnen Sie das Portal in einem aktuellen Browser (Chrome, Edge, Firefox oder Safari).',
  'kein-push':
    'Benachrichtigungen sind in diesem Browser nicht verfügbar. Auf dem iPhone und iPad: Fügen Sie das Elternportal zuerst über „Teilen“ → „Zum Home-Bildschirm“ hinzu und öffnen Sie es von dort.',
  blockiert:
    'Benachrichtigungen für das Elternportal sind in diesem Browser blockiert. Sie können sie in den Website-Einstellungen des Browsers wieder erlauben.',
};

/** The VAPID public key (base64url, as the server gives it) as the bytes `applicationServerKey` takes. */
export function schluesselBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const roh = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(roh.length));
  for (let i = 0; i < roh.length; i++) bytes[i] = roh.charCodeAt(i);
  return bytes;
}

/** '20.11.2026' for a device's ISO date (Europe/Berlin); in another language its own form ('20/11/2026'). */
export const seitDatum = (iso: string, sprache: Sprache = 'de') =>
  sprache === 'de'
    ? new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Berlin' }).format(
        new Date(iso),
      )
    : datumKurz(heuteInBerlin(new Date(iso)), sprache);
