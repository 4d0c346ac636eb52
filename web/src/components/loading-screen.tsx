import { useTranslation } from 'react-i18next';

/** Shown while the authentication status is unknown (docs/produkt.md §2: 'Lade...'). */
export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <main className="loading-screen">
      <h1 className="visually-hidden">Waldkita Elternportal</h1>
      <div className="loading-screen__content" role="status">
        <span className="spinner" aria-hidden="true" />
        <p>{t('app.laden')}</p>
      </div>
    </main>
  );
}
