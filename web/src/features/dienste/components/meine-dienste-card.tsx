import { type ReactNode, useId, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '@/lib/api-client';
import { dienstartFarbe, terminVon } from '@/lib/dienste-api';
import { useDienstarten, useMeineDienste } from '../api/get-meine-dienste';
import { naechsteJeArt } from '../utils/kalender';
import '../dienste.css';
import { useTranslation } from 'react-i18next';
import { useSprache } from '@/hooks/use-sprache';

/**
 * 'Meine Dienste' on the dashboard: the next date of each kind the family has ('Putzdienst: Sa
 * 05.12.–So 06.12.2026'); a kind whose dates have all passed shows its last one as 'erledigt'. The
 * link leads to the combined calendar (/dienste).
 */
export function MeineDiensteCard() {
  const titelId = useId();
  const { t } = useTranslation();
  const sprache = useSprache();
  const dienste = useMeineDienste();
  const arten = useDienstarten();
  const reihenfolge = useMemo(() => (arten.data ?? []).map((a) => a.id), [arten.data]);
  const zeilen = useMemo(() => {
    const naechste = naechsteJeArt(dienste.data ?? []);
    // Open dates first, by date; then the kinds that are done.
    return naechste.sort((a, b) => Number(a.erledigt) - Number(b.erledigt) || a.von.localeCompare(b.von));
  }, [dienste.data]);

  let inhalt: ReactNode;
  if (dienste.data) {
    inhalt =
      zeilen.length === 0 ? (
        <p className="ds-karte__text">{t('dienste.keine')}</p>
      ) : (
        <ul className="ds-karte__liste">
          {zeilen.map((d) => (
            <li key={d.dienstartId} className="ds-karte__zeile">
              <span className="ds-swatch" style={{ background: dienstartFarbe(d.dienstartId, reihenfolge) }} aria-hidden="true" />
              <span className="ds-karte__termin">
                <strong>{d.dienstart}:</strong> {terminVon(d, sprache)}
              </span>
              {d.erledigt && <span className="badge ds-badge--erledigt">{t('dienste.erledigt')}</span>}
              {!d.erledigt && d.angeboten && <span className="badge badge--offen">{t('dienste.angeboten')}</span>}
            </li>
          ))}
        </ul>
      );
  } else if (dienste.error && !(dienste.error instanceof ApiError && dienste.error.status === 401)) {
    inhalt = <p className="ds-karte__text">{t('dienste.ladeFehler')}</p>;
  } else {
    inhalt = (
      <p className="ds-karte__text ds-karte__laden" role="status">
        {t('dienste.laden')}
      </p>
    );
  }

  return (
    <section className="card ds-karte" aria-labelledby={titelId} aria-busy={dienste.isPending}>
      <div className="ds-karte__kopf">
        <h2 id={titelId} className="ds-karte__titel">
          {t('dienste.titel')}
        </h2>
        <Link to="/dienste" className="btn btn--secondary btn--small">
          {t('dienste.alle')}
        </Link>
      </div>
      <p className="ds-karte__hinweis">{t('dienste.hinweis')}</p>
      {inhalt}
    </section>
  );
}
