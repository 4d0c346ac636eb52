import { useTranslation } from 'react-i18next';
import { useKitaWebsiteUrl } from '@/features/auth/api/get-public-config';

/** '← Zurück': leaves the app for the kindergarten's public website (a full page navigation). */
export function BackToWebsiteButton() {
  const url = useKitaWebsiteUrl();
  const { t } = useTranslation();
  return (
    <button type="button" className="btn btn--secondary btn--small" onClick={() => window.location.assign(url)}>
      {t('login.zurueck')}
    </button>
  );
}
