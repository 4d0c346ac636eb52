import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** Shown when a screen cannot be loaded or crashes. */
export function RouteError() {
  const { t } = useTranslation();
  useDocumentTitle(t('allgemein.fehler.titel'));
  return (
    <main className="loading-screen">
      <div className="card error-card">
        <h1>{t('allgemein.fehler.ueberschrift')}</h1>
        <p>{t('allgemein.fehler.text')}</p>
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          {t('allgemein.fehler.neuLaden')}
        </button>
      </div>
    </main>
  );
}
