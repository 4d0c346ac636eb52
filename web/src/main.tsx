import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from '@/app/provider';
import { AppRouter } from '@/app/router';
import { startSprache, wechsleSprache } from '@/lib/i18n';
import { nimmRahmen } from '@/rahmen/erster-rahmen';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('Root element #root is missing in index.html');
// The screen's frame the server drew into #root stays until the screen is ready (rahmen/erster-rahmen.tsx).
nimmRahmen(root);

const render = () =>
  createRoot(root).render(
    <StrictMode>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  );

// German is in the entry and switches at once; another language's catalogue arrives first, so the
// first paint is already in it (docs/i18n.md). A catalogue that fails to load leaves German.
wechsleSprache(startSprache()).then(render, render);

// The service worker (src/sw.ts) is registered once the page has loaded, from a chunk of its own.
if ('serviceWorker' in navigator && import.meta.env.PROD) {
  const register = () => void import('./sw-registrierung').then((m) => m.registriereServiceWorker()).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
