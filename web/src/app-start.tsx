import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from '@/app/provider';
import { AppRouter } from '@/app/router';
import { startSprache, wechsleSprache } from '@/lib/i18n';
import { nimmRahmen } from '@/rahmen/erster-rahmen';

/**
 * The app itself: React, the router, the texts. main.tsx loads this chunk once the page's first
 * frame is on screen.
 */
const root = document.getElementById('root');
if (!root) throw new Error('Root element #root is missing in index.html');
// The screen's frame the server drew into #root stays until the screen is ready (rahmen/erster-rahmen.tsx).
nimmRahmen(root);

// The first render as a transition: React yields to the browser every few milliseconds instead of
// holding the main thread for the whole tree (on a phone, long tasks are what keep a tap waiting).
// The server's frame stays on screen meanwhile, so nothing shows later than before.
const render = () =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <AppProvider>
          <AppRouter />
        </AppProvider>
      </StrictMode>,
    ),
  );

// German is in the chunk and switches at once; another language's catalogue arrives first, so the
// app's first render is already in it (docs/i18n.md). A catalogue that fails to load leaves German.
wechsleSprache(startSprache()).then(render, render);
