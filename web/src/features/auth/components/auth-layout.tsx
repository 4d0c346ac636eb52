import type { ReactNode } from 'react';
import { FoxLogo } from '@/components/fox-logo';
import { SprachAuswahl } from '@/components/sprach-auswahl';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSprache } from '@/hooks/use-sprache';
import { wechsleSprache } from '@/lib/i18n';

type AuthLayoutProps = {
  title: string;
  /** Shown on the right of the top bar. */
  action?: ReactNode;
  /** The language switch in the top bar (screens before sign-in that are translated, docs/i18n.md). */
  sprachwahl?: boolean;
  children: ReactNode;
};

/** Screens for signed-out visitors: a slim top bar with the app name, the content centred below. */
export function AuthLayout({ title, action, sprachwahl = false, children }: AuthLayoutProps) {
  useDocumentTitle(title);
  const sprache = useSprache();
  return (
    <div className="auth-page">
      <header className="auth-topbar">
        <div className="brand">
          <FoxLogo className="brand__logo" decorative />
          <span className="brand__name">Waldkita Elternportal</span>
        </div>
        {sprachwahl || action ? (
          <div className="auth-topbar__actions">
            {sprachwahl && <SprachAuswahl sprache={sprache} onWahl={(s) => void wechsleSprache(s)} />}
            {action}
          </div>
        ) : null}
      </header>
      <main className="auth-main">{children}</main>
    </div>
  );
}
