import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

/** '← Zurück zum Dashboard' of every feature screen. */
export function BackToDashboardButton() {
  const navigate = useNavigate();
  const { t } = useTranslation();
  return (
    <button type="button" className="btn btn--on-dark btn--small" onClick={() => navigate('/dashboard')}>
      {t('allgemein.zurueckZumDashboard')}
    </button>
  );
}
