import { useQuery } from '@tanstack/react-query';
import { zahl } from '@waldkita/domain/i18n/datum';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSprache } from '@/hooks/use-sprache';
import { meineSchichtenQueryOptions, tagText } from '@/lib/einsatz-api';

/**
 * 'Meine Arbeitseinsätze' on 'Meine Dienste': the shifts of work days the family signed up for (or
 * waits for) in this kindergarten year, oldest first; signing up and withdrawing happen on
 * /arbeitseinsaetze.
 */
export function MeineSchichten() {
  const titelId = useId();
  const { t } = useTranslation();
  const sprache = useSprache();
  const schichten = useQuery(meineSchichtenQueryOptions());
  if (!schichten.data) return null;
  return (
    <section className="card wd-card ds-liste" aria-labelledby={titelId}>
      <h2 id={titelId} className="wd-card__title">
        {t('dienste.schichten.titel')}
      </h2>
      {schichten.data.length === 0 ? (
        <p className="wd-empty">
          {t('dienste.schichten.keine')} <Link to="/arbeitseinsaetze">{t('dienste.schichten.link')}</Link>
        </p>
      ) : (
        <ul className="ds-liste__eintraege">
          {schichten.data.map((s) => (
            <li key={s.id} className={`ds-termin${s.erledigt ? ' ds-termin--erledigt' : ''}`}>
              <div className="ds-termin__text">
                <p className="ds-termin__art">
                  {s.titel}: {s.aufgabe}
                </p>
                <p className="ds-termin__datum">
                  {tagText(s.datum, sprache)}, {t('einsaetze.zeit', { beginn: s.beginn, ende: s.ende })} ·{' '}
                  {t('einsaetze.stunden', { anzahl: s.stunden, stunden: zahl(s.stunden, sprache, { maximumFractionDigits: 2 }) })}
                </p>
              </div>
              <div className="ds-termin__status">
                {s.erledigt && <span className="badge ds-badge--erledigt">{t('dienste.erledigt')}</span>}
                {s.status === 'warteliste' && <span className="badge badge--wartend">{t('dienste.schichten.warteliste')}</span>}
              </div>
              {!s.erledigt && (
                <div className="ds-termin__aktionen">
                  <Link
                    to="/arbeitseinsaetze"
                    className="btn btn--secondary btn--small"
                    aria-label={`${t('dienste.schichten.link')}: ${s.titel}, ${s.aufgabe}`}
                  >
                    {t('dienste.schichten.link')}
                  </Link>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
