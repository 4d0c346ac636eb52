import './styles.css';

/**
 * The entry: small on purpose. The page arrives with the screen's first frame in #root
 * (src/rahmen, cli/src/screen-preload.ts) and is drawn before any other script is asked for. Then
 * the chunks the page names in `<template id="vorladen">` (the app's, and the screen's) load side
 * by side, and the app's chunk (app-start.tsx) runs. A hidden tab draws no frames: there it all
 * starts at once.
 */
const starte = () => {
  const vorladen = document.getElementById('vorladen');
  if (vorladen instanceof HTMLTemplateElement) document.head.append(vorladen.content);
  void import('./app-start');
};
if (document.visibilityState === 'hidden') starte();
else requestAnimationFrame(() => setTimeout(starte, 0));

// The service worker (src/sw.ts) is registered once the page has loaded, from a chunk of its own.
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  const register = () => void import('./sw-registrierung').then((m) => m.registriereServiceWorker()).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
