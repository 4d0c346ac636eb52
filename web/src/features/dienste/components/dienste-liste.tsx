import { WASSERDIENST_ID } from '@waldkita/domain/dienste/dienstart';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSprache } from '@/hooks/use-sprache';
import { type MeinDienst, terminVon } from '@/lib/dienste-api';
import type { Art } from '../utils/kalender';

type DiensteListeProps = {
  dienste: readonly MeinDienst[];
  arten: readonly Art[];
  /** Without: read only (an auditor), no buttons that write. */
  onAnbieten?: (dienst: MeinDienst, abgeben: boolean) => void;
  /** The date whose offer is being sent: its buttons wait. */
  beschaeftigt: string | null;
};

/**
 * 'Meine Termine': the family's dates of the kinds shown, oldest first. A date of a kind other than
 * Wasserdienst within the next 12 weeks can be offered for a swap or given away; Wasserdienst is
 * swapped on the Tausch-Börse.
 */
export function DiensteListe({ dienste, arten, onAnbieten, beschaeftigt }: DiensteListeProps) {
  const titelId = useId();
  const { t } = useTranslation();
  const sprache = useSprache();
  const farbe = new Map(arten.map((a) => [a.id, a.farbe]));
  return (
    <section className="card wd-card ds-liste" aria-labelledby={titelId}>
      <h2 id={titelId} className="wd-card__title">
        {t('dienste.liste.titel')}
      </h2>
      {dienste.length === 0 ? (
        <p className="wd-empty">{t('dienste.liste.keine')}</p>
      ) : (
        <ul className="ds-liste__eintraege">
          {dienste.map((d) => {
            const wartet = beschaeftigt === d.id;
            const termin = terminVon(d, sprache);
            return (
              <li key={d.id} className={`ds-termin${d.erledigt ? ' ds-termin--erledigt' : ''}`}>
                <span className="ds-swatch ds-termin__swatch" style={{ background: farbe.get(d.dienstartId) }} aria-hidden="true" />
                <div className="ds-termin__text">
                  <p className="ds-termin__art">{d.dienstart}</p>
                  <p className="ds-termin__datum">{termin}</p>
                </div>
                <div className="ds-termin__status">
                  {d.erledigt && <span className="badge ds-badge--erledigt">{t('dienste.erledigt')}</span>}
                  {d.angeboten && <span className="badge badge--offen">{t('dienste.angeboten')}</span>}
                </div>
                {onAnbieten && d.tauschbar && !d.erledigt && !d.angeboten && (
                  <div className="ds-termin__aktionen">
                    {d.dienstartId === WASSERDIENST_ID ? (
                      <Link to="/tauschboerse" className="btn btn--secondary btn--small">
                        {t('dienste.liste.zurTauschBoerse')}
                      </Link>
                    ) : (
                      <>
                        <button
                          type="button"
                          className="btn btn--secondary btn--small"
                          onClick={() => onAnbieten(d, false)}
                          disabled={beschaeftigt !== null}
                          // the name keeps the visible text (WCAG 2.5.3), also while the request runs
                          aria-label={
                            wartet
                              ? `${t('dienste.wirdGesendet')}: ${t('dienste.liste.anbietenLabel', { dienstart: d.dienstart, termin })}`
                              : t('dienste.liste.anbietenLabel', { dienstart: d.dienstart, termin })
                          }
                        >
                          {wartet ? t('dienste.wirdGesendet') : t('dienste.anbieten.bestaetigen')}
                        </button>
                        <button
                          type="button"
                          className="btn btn--secondary btn--small"
                          onClick={() => onAnbieten(d, true)}
                          disabled={beschaeftigt !== null}
                          aria-label={t('dienste.liste.abgebenLabel', { dienstart: d.dienstart, termin })}
                        >
                          {t('dienste.liste.abgeben')}
                        </button>
                      </>
                    )}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
