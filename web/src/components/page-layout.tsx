import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { BackToDashboardButton } from './back-button';
import { FoxLogo } from './fox-logo';

type PageLayoutProps = {
  /** The page's one h1. */
  title: string;
  subtitle?: ReactNode;
  /** Buttons on the right of the header. */
  actions?: ReactNode;
  backToDashboard?: boolean;
  children: ReactNode;
};

/** Signed-in screens: forest-green header (logo, h1, actions) above the main content. */
export function PageLayout({ title, subtitle, actions, backToDashboard = false, children }: PageLayoutProps) {
  useDocumentTitle(title);
  return (
    <div className="page">
      <header className="page-header">
        <div className="page-header__inner">
          {backToDashboard && (
            <div className="page-header__back">
              <BackToDashboardButton />
            </div>
          )}
          <div className="page-header__bar">
            <FoxLogo className="page-header__logo" />
            <div className="page-header__titles">
              <h1 className="page-header__title">{title}</h1>
              {subtitle && <p className="page-header__subtitle">{subtitle}</p>}
            </div>
            {actions && <div className="page-header__actions">{actions}</div>}
          </div>
        </div>
      </header>
      <main className="page-main">{children}</main>
    </div>
  );
}
