import { useEffect } from 'react';

const APP_NAME = 'Waldkita Elternportal';

/** Names the browser tab after the screen, so screen-reader users hear where a navigation led. */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} – ${APP_NAME}` : APP_NAME;
  }, [title]);
}
