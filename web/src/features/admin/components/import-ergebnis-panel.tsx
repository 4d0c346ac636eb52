import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { ImportErgebnis } from '../api/types';
import { bereichPfad } from '../utils/bereiche';

/** The result of a CSV import, also of a refused file: the counts, every line's error and the next step. */
export function ImportErgebnisPanel({ ergebnis, erfolgreich }: { ergebnis: ImportErgebnis; erfolgreich: boolean }) {
  const titleId = useId();
  const details = [
    ergebnis.neueFamilien !== undefined && `${ergebnis.neueFamilien} neu`,
    ergebnis.bekannteFamilien !== undefined && `${ergebnis.bekannteFamilien} bereits bekannt`,
    ergebnis.entfernteFamilien !== undefined && `${ergebnis.entfernteFamilien} entfernt`,
  ].filter(Boolean);
  return (
    <section className={`ad-result${erfolgreich ? '' : ' ad-result--error'}`} aria-labelledby={titleId}>
      <h3 id={titleId} className="ad-result__title">
        {erfolgreich ? 'Import abgeschlossen' : 'Import abgelehnt'}
      </h3>
      {ergebnis.message && <p className="ad-result__message">{ergebnis.message}</p>}
      <dl className="ad-counts">
        <div className="ad-counts__item">
          <dt>Importiert</dt>
          <dd>{ergebnis.successCount}</dd>
        </div>
        <div className="ad-counts__item">
          <dt>Übersprungen</dt>
          <dd>{ergebnis.skippedCount}</dd>
        </div>
        <div className={`ad-counts__item${ergebnis.errorCount > 0 ? ' ad-counts__item--error' : ''}`}>
          <dt>Fehler</dt>
          <dd>{ergebnis.errorCount}</dd>
        </div>
      </dl>
      {details.length > 0 && <p className="text-muted">Familien: {details.join(', ')}.</p>}
      {ergebnis.errors.length > 0 && (
        <>
          <p className="ad-result__subtitle">Fehler in der Datei</p>
          <ul className="ad-result__errors">
            {ergebnis.errors.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </>
      )}
      {erfolgreich && (
        <p className="ad-result__next">
          Nächster Schritt: <Link to={bereichPfad('planung')}>Wasserdienste planen</Link>
        </p>
      )}
    </section>
  );
}
