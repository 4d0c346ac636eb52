import { useId } from 'react';
import { Link } from 'react-router-dom';
import { Toast } from '@/components/toast';
import { useToast } from '@/hooks/use-toast';
import { withServerMessage } from '@/lib/error-message';
import { useDatenHerunterladen } from '../api/datenexport';
import '../datenschutz.css';
import { useTranslation } from 'react-i18next';

const TOAST_MS = 5000;

/**
 * 'Meine Daten' on the dashboard (docs/api-datenschutz.md): everything the portal holds about the
 * family as a JSON file, a readable summary of it, and the data protection page.
 */
export function MeineDatenCard() {
  const titelId = useId();
  const { t } = useTranslation();
  const herunterladen = useDatenHerunterladen();
  const { toast, showSuccess, showError, dismiss } = useToast();

  const lade = () =>
    herunterladen.mutate(undefined, {
      onSuccess: () => showSuccess(t('meineDaten.heruntergeladen')),
      onError: (error) => showError(withServerMessage(t('meineDaten.fehler'), error)),
    });

  return (
    <section className="card meine-daten" aria-labelledby={titelId}>
      <h2 id={titelId} className="meine-daten__titel">
        {t('meineDaten.titel')}
      </h2>
      <p className="meine-daten__text">{t('meineDaten.text')}</p>
      <div className="meine-daten__aktionen">
        <button type="button" className="btn btn--primary btn--small" onClick={lade} disabled={herunterladen.isPending}>
          {herunterladen.isPending ? t('meineDaten.wirdVorbereitet') : t('meineDaten.herunterladen')}
        </button>
        <Link className="btn btn--secondary btn--small" to="/meine-daten">
          {t('meineDaten.ansehen')}
        </Link>
      </div>
      <p className="meine-daten__hinweis">
        {t('meineDaten.hinweis')} <Link to="/datenschutz">{t('meineDaten.datenschutz')}</Link>
      </p>
      <Toast toast={toast} onDismiss={dismiss} durationMs={TOAST_MS} />
    </section>
  );
}
