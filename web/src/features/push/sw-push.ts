/**
 * What the service worker does with push messages (docs/push.md). The service worker imports
 * these and registers them: `self.addEventListener('push', onPush)` and
 * `self.addEventListener('notificationclick', onNotificationClick)`.
 *
 * The server sends small JSON: { title, body, url, tag } in German (projector/src/push).
 */

/** The parts of the service worker's events and scope used here (the app compiles against the DOM library, not WebWorker). */
type ExtendableEvent = { waitUntil(promise: Promise<unknown>): void };
export type PushEventLike = ExtendableEvent & { data: { json(): unknown; text(): string } | null };
export type NotificationEventLike = ExtendableEvent & { notification: { data?: unknown; close(): void } };
type WindowClientLike = { url: string; focus(): Promise<unknown>; navigate?(url: string): Promise<unknown> };
type ServiceWorkerScopeLike = {
  registration: { showNotification(title: string, options: Record<string, unknown>): Promise<void> };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  location: { origin: string };
};

export type PushNachricht = { title: string; body: string; url: string; tag?: string };

const STANDARD: PushNachricht = { title: 'Waldkita Elternportal', body: 'Es gibt Neuigkeiten im Elternportal.', url: '/dashboard' };
const ICON = '/fox-logo.svg';
const BADGE = '/favicon.svg';

const text = (wert: unknown, max: number) => (typeof wert === 'string' && wert.trim() ? [...wert].slice(0, max).join('') : null);

/**
 * The message of a push payload; anything unexpected falls back to a neutral German note, and a
 * link leads only to a page of this app (a path starting with a single '/').
 */
export function leseNachricht(daten: PushEventLike['data']): PushNachricht {
  let roh: unknown = null;
  try {
    roh = daten?.json() ?? null;
  } catch {
    roh = null;
  }
  if (!roh || typeof roh !== 'object') return STANDARD;
  const o = roh as Record<string, unknown>;
  const url = typeof o.url === 'string' && /^\/(?!\/)/.test(o.url) && !o.url.includes('\\') ? o.url : STANDARD.url;
  const tag = text(o.tag, 100);
  return {
    title: text(o.title, 100) ?? STANDARD.title,
    body: text(o.body, 300) ?? STANDARD.body,
    url,
    ...(tag ? { tag } : {}),
  };
}

const scope = () => globalThis as unknown as { self: ServiceWorkerScopeLike };

/** Shows the message as a notification (German, the fox as icon); a later one with the same tag replaces it. */
export function onPush(event: PushEventLike, sw: ServiceWorkerScopeLike = scope().self) {
  const nachricht = leseNachricht(event.data);
  event.waitUntil(
    sw.registration.showNotification(nachricht.title, {
      body: nachricht.body,
      ...(nachricht.tag ? { tag: nachricht.tag } : {}),
      data: { url: nachricht.url },
      icon: ICON,
      badge: BADGE,
      lang: 'de',
    }),
  );
}

/** A tap on the notification focuses an open window of the app (on the message's page) or opens one. */
export function onNotificationClick(event: NotificationEventLike, sw: ServiceWorkerScopeLike = scope().self) {
  event.notification.close();
  const daten = event.notification.data as { url?: unknown } | undefined;
  const pfad = typeof daten?.url === 'string' && /^\/(?!\/)/.test(daten.url) ? daten.url : STANDARD.url;
  const ziel = new URL(pfad, sw.location.origin).href;
  event.waitUntil(
    (async () => {
      const fenster = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const offen = fenster.find((f) => f.url.startsWith(sw.location.origin));
      if (!offen) return sw.clients.openWindow(ziel);
      await offen.focus();
      if (offen.url !== ziel && offen.navigate) await offen.navigate(ziel);
    })(),
  );
}
