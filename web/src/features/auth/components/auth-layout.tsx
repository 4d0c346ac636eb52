import type { ReactNode } from 'react';
import { FoxLogo } from '@/components/fox-logo';
import { useDocumentTitle } from '@/hooks/use-document-title';

type AuthLayoutProps = {
  title: string;
  /** Shown on the right of the top bar. */
  action?: ReactNode;
  children: ReactNode;
};

/** Screens for signed-out visitors: a slim top bar with the app name, the content centred below. */
export function AuthLayout({ title, action, children }: AuthLayoutProps) {
  useDocumentTitle(title);
  return (
    <div className="auth-page">
      <header className="auth-topbar">
        <div className="brand">
          <FoxLogo className="brand__logo" decorative />
          <span className="brand__name">Waldkita Elternportal</span>
        </div>
        {action}
      </header>
      <main className="auth-main">{children}</main>
    </div>
  );
}
