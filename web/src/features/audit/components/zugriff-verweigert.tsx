import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageLayout } from '@/components/page-layout';
import { Toast } from '@/components/toast';
import { useToast } from '@/hooks/use-toast';
import { meldungen, REDIRECT_MS, TOAST_MS } from '../utils/texte';

/** Someone without the auditor or admin role on an audit screen: a German notice, then back to /dashboard after 2 s. */
export function ZugriffVerweigert() {
  const { t } = useTranslation();
  const MELDUNG = meldungen(t);
  const navigate = useNavigate();
  const { toast, showError, dismiss } = useToast();

  useEffect(() => {
    showError(MELDUNG.pruefErforderlich);
    const timer = window.setTimeout(() => navigate('/dashboard', { replace: true }), REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, showError, MELDUNG.pruefErforderlich]);

  return (
    <PageLayout title={t('audit.titel')} backToDashboard>
      <section className="card access-denied" aria-labelledby="vl-denied-title">
        <span className="access-denied__icon" aria-hidden="true">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
            focusable="false"
          >
            <rect x="5" y="11" width="14" height="10" rx="2" />
            <path d="M8 11V8a4 4 0 0 1 8 0v3" />
          </svg>
        </span>
        <h2 id="vl-denied-title" className="access-denied__title">
          {MELDUNG.zugriffVerweigert}
        </h2>
        <p>{MELDUNG.keineBerechtigung}</p>
        <p className="text-muted">{t('audit.weiterleitung')}</p>
      </section>
      <Toast toast={toast} onDismiss={dismiss} durationMs={TOAST_MS} />
    </PageLayout>
  );
}
