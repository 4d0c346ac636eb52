import { useTranslation } from 'react-i18next';
import { FoxLogo } from '@/components/fox-logo';

export function WelcomePanel() {
  const { t } = useTranslation();
  return (
    <section className="welcome-panel" aria-labelledby="welcome-title">
      <FoxLogo className="welcome-panel__logo" />
      <h1 id="welcome-title" className="welcome-panel__title">
        {t('login.willkommen')}
      </h1>
      <p className="welcome-panel__text">{t('login.willkommenText')}</p>
      <svg className="welcome-panel__trees" viewBox="0 0 320 60" preserveAspectRatio="none" aria-hidden="true" focusable="false">
        <path
          d="M0 60 L0 44 L14 20 L28 44 L22 44 L40 8 L58 44 L50 44 L64 24 L78 44 L96 14 L114 44 L104 44 L122 28 L140 50 L160 16 L180 50 L172 50 L190 22 L208 50 L226 30 L244 50 L236 50 L256 12 L276 50 L290 32 L304 50 L312 40 L320 48 L320 60 Z"
          fill="currentColor"
        />
      </svg>
    </section>
  );
}
