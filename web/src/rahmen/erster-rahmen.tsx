import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useSprache } from '@/hooks/use-sprache';

/** The frame the server sent in #root (rahmen.tsx, cli/src/screen-preload.ts), kept for the first render. */
type Rahmen = { pfad: string; sprache: string; html: string };

let ersterRahmen: Rahmen | null = null;

/**
 * Takes over the frame in `root` before the app renders into it: the screen's path and language it
 * was built for, and its HTML. A page without one (the service worker's copy of index.html, the
 * screens without a frame) leaves nothing.
 */
export function nimmRahmen(root: HTMLElement) {
  const element = root.firstElementChild;
  if (!(element instanceof HTMLElement) || !element.dataset.rahmen) return;
  ersterRahmen = { pfad: element.dataset.rahmen, sprache: element.dataset.sprache ?? '', html: element.innerHTML };
}

/** The frame's path of a screen's path: '/' is the login's. */
const rahmenPfad = (pathname: string) => (pathname === '/' ? '/login' : pathname.replace(/\/$/, ''));

/**
 * While the first screen loads (its chunk, the query cache's, or the signed-in user): the frame the
 * page came with, the same HTML in the same place, so nothing moves and the first paint stays until
 * the screen draws itself. Anywhere else, or in another language than the frame's, `sonst`.
 */
export function ErsterRahmen({ sonst }: { sonst: ReactNode }) {
  const { pathname } = useLocation();
  const sprache = useSprache();
  const rahmen = ersterRahmen;
  if (!rahmen || rahmen.pfad !== rahmenPfad(pathname) || rahmen.sprache !== sprache) return sonst;
  return (
    <div
      className="erster-rahmen"
      data-rahmen={rahmen.pfad}
      data-sprache={rahmen.sprache}
      inert
      aria-hidden="true"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the page's own HTML as the server sent it, built from our components
      dangerouslySetInnerHTML={{ __html: rahmen.html }}
    />
  );
}
