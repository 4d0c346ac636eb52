import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { GelesenesImportErgebnis } from '../api/import-eltern';
import { bereichPfad } from '../utils/bereiche';

/** The result of a CSV import, also of a refused file: the counts, every line's error and the next step. */
export function ImportErgebnisPanel({ ergebnis, erfolgreich }: { ergebnis: GelesenesImportErgebnis; erfolgreich: boolean }) {
  const { t } = useTranslation();
  const titleId = useId();
  const details = [
    ergebnis.neueFamilien !== undefined && t('admin.import.neu', { anzahl: ergebnis.neueFamilien }),
    ergebnis.bekannteFamilien !== undefined && t('admin.import.bekannt', { anzahl: ergebnis.bekannteFamilien }),
    ergebnis.entfernteFamilien !== undefined && t('admin.import.entfernt', { anzahl: ergebnis.entfernteFamilien }),
  ].filter(Boolean);
  return (
    <section className={`ad-result${erfolgreich ? '' : ' ad-result--error'}`} aria-labelledby={titleId}>
      <h3 id={titleId} className="ad-result__title">
        {erfolgreich ? t('admin.import.abgeschlossen') : t('admin.import.abgelehnt')}
      </h3>
      {ergebnis.message && <p className="ad-result__message">{ergebnis.message}</p>}
      <dl className="ad-counts">
        <div className="ad-counts__item">
          <dt>{t('admin.import.importiert')}</dt>
          <dd>{ergebnis.successCount}</dd>
        </div>
        <div className="ad-counts__item">
          <dt>{t('admin.import.uebersprungen')}</dt>
          <dd>{ergebnis.skippedCount}</dd>
        </div>
        <div className={`ad-counts__item${ergebnis.errorCount > 0 ? ' ad-counts__item--error' : ''}`}>
          <dt>{t('admin.import.fehler')}</dt>
          <dd>{ergebnis.errorCount}</dd>
        </div>
      </dl>
      {details.length > 0 && <p className="text-muted">{t('admin.import.familien', { details: details.join(', ') })}</p>}
      {ergebnis.errors.length > 0 && (
        <>
          <p className="ad-result__subtitle">{t('admin.import.fehlerInDatei')}</p>
          <ul className="ad-result__errors">
            {ergebnis.errors.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </>
      )}
      {erfolgreich && (
        <p className="ad-result__next">
          {t('admin.import.naechsterSchritt')} <Link to={bereichPfad('planung')}>{t('admin.bereich.planung')}</Link>
        </p>
      )}
    </section>
  );
}
