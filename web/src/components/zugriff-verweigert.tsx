import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageLayout } from '@/components/page-layout';
import { Toast } from '@/components/toast';
import { useToast } from '@/hooks/use-toast';
import { LinienIcon } from './icons';

/** The catalogue keys of one screen's 'Zugriff verweigert' (the Admin Center's, the audit screens'). */
export type VerweigertTexte = {
  /** The page's title. */
  titel: string;
  /** The toast: what the screen needs. */
  hinweis: string;
  ueberschrift: string;
  /** Who may open the screen. */
  text: string;
  weiterleitung: string;
};

/** The toast lasts 5 s; the user is sent back to /dashboard after 2 s (docs/produkt.md §9). */
const TOAST_MS = 5000;
const REDIRECT_MS = 2000;

/**
 * A screen the signed-in user may not open (docs/produkt.md §2, §6; docs/audit.md): 'Zugriff verweigert',
 * a toast, and after 2 s back to /dashboard. Nothing is asked of the server.
 */
export function ZugriffVerweigert({ texte }: { texte: VerweigertTexte }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { toast, showError, dismiss } = useToast();
  const titelId = useId();
  const hinweis = t(texte.hinweis);

  useEffect(() => {
    showError(hinweis);
    const timer = window.setTimeout(() => navigate('/dashboard', { replace: true }), REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, showError, hinweis]);

  return (
    <PageLayout title={t(texte.titel)} backToDashboard>
      <section className="card access-denied" aria-labelledby={titelId}>
        <span className="access-denied__icon" aria-hidden="true">
          <LinienIcon>
            <rect x="5" y="11" width="14" height="10" rx="2" />
            <path d="M8 11V7a4 4 0 0 1 8 0v4" />
          </LinienIcon>
        </span>
        <h2 id={titelId} className="access-denied__title">
          {t(texte.ueberschrift)}
        </h2>
        <p>{t(texte.text)}</p>
        <p className="text-muted">{t(texte.weiterleitung)}</p>
      </section>
      <Toast toast={toast} onDismiss={dismiss} durationMs={TOAST_MS} />
    </PageLayout>
  );
}
