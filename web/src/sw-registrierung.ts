/// <reference types="vite-plugin-pwa/client" />
import { registerSW } from 'virtual:pwa-register';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (src/sw.ts, docs/pwa.md); main.tsx loads this chunk after the page's
 * load event, so nothing of it is on the first paint's path. A new deploy is found on every visit
 * (sw.js is never cached) and, while the app stays open, every hour; it takes over at once and the
 * page reloads itself (registerType 'autoUpdate').
 */
export function registriereServiceWorker() {
  registerSW({
    immediate: true,
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      window.setInterval(() => {
        if (navigator.onLine) registration.update().catch(() => undefined);
      }, HOUR_MS);
    },
  });
}
