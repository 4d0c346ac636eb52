import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageLayout } from '@/components/page-layout';
import { Toast } from '@/components/toast';
import { useToast } from '@/hooks/use-toast';
import { MELDUNG, REDIRECT_MS, TOAST_MS } from '../utils/texte';
import { LockIcon } from './icons';

/**
 * A non-admin on /admin-dashboard (SPEC.md §2, §6): 'Zugriff verweigert', and after 2 s back to
 * /dashboard. Nothing is asked of the server.
 */
export function ZugriffVerweigert() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { toast, showError, dismiss } = useToast();

  useEffect(() => {
    showError(t(MELDUNG.adminErforderlich));
    const timer = window.setTimeout(() => navigate('/dashboard', { replace: true }), REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, showError, t]);

  return (
    <PageLayout title={t('admin.center.titel')} backToDashboard>
      <section className="card access-denied" aria-labelledby="ad-denied-title">
        <span className="access-denied__icon" aria-hidden="true">
          <LockIcon />
        </span>
        <h2 id="ad-denied-title" className="access-denied__title">
          {t(MELDUNG.zugriffVerweigert)}
        </h2>
        <p>{t(MELDUNG.keineBerechtigung)}</p>
        <p className="text-muted">{t('admin.zugriff.weiterleitung')}</p>
      </section>
      <Toast toast={toast} onDismiss={dismiss} durationMs={TOAST_MS} />
    </PageLayout>
  );
}
