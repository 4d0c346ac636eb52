/// <reference lib="webworker" />
/**
 * The service worker of the installable app (docs/pwa.md), built by vite-plugin-pwa
 * (injectManifest) into dist/sw.js.
 *
 * - Precaches the built client (index.html, every script and stylesheet chunk, the logos) with
 *   Workbox, so every screen opens without a network once the app was visited.
 * - Page loads of the app's screens go to the server; without a network they get the precached
 *   index.html (the app routes on the client). /api is never touched: API answers go to the network as they are and
 *   nothing of them is kept here (what /wasserdienst shows offline is kept by the page, see
 *   docs/decisions.md).
 * - A new deploy is a new sw.js: it installs beside the old one, takes over at once (skipWaiting,
 *   clientsClaim), drops the old precache, and the open pages reload (main.tsx, autoUpdate).
 * - Push messages and taps on their notifications: features/push/sw-push.ts.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { onNotificationClick, onPush } from './features/push/sw-push';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<string | { url: string; revision: string | null }> };

self.addEventListener('install', () => {
  void self.skipWaiting();
});
clientsClaim();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/**
 * The paths of the app's screens (web/src/app/router.tsx). Page loads of any other path (an API
 * address opened in the browser, a page the server serves itself) are left to the network as if
 * there were no worker.
 */
const SCREENS = [
  /^\/$/,
  /^\/(login|forgot-password|password-reset|dashboard|wasserdienst|tauschboerse|abwesenheit|schliesszeiten|admin-dashboard|meine-daten|datenschutz)\/?$/,
  /^\/audit(\/|$)/,
];

/**
 * Page loads ask the server first: its index.html preloads the chunks of the screen asked for
 * (cli/src/screen-preload.ts) and is the newest deploy's. Without an answer within a few seconds
 * (offline, or a connection that hangs) the precached index.html starts the app instead.
 */
const NAVIGATION_TIMEOUT_MS = 4000;
const appShell = createHandlerBoundToURL('index.html');
registerRoute(
  new NavigationRoute(
    async (options) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timeout = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), NAVIGATION_TIMEOUT_MS);
      });
      try {
        return await Promise.race([fetch(options.request), timeout]);
      } catch {
        return appShell(options);
      } finally {
        clearTimeout(timer);
      }
    },
    { allowlist: SCREENS },
  ),
);

self.addEventListener('push', (event) => onPush(event));
self.addEventListener('notificationclick', (event) => onNotificationClick(event));
