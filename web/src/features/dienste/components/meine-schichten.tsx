import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { meineSchichtenQueryOptions, stundenText, tagText, zeitText } from '@/lib/einsatz-api';

/**
 * 'Meine Arbeitseinsätze' on 'Meine Dienste': the shifts of work days the family signed up for (or
 * waits for) in this kindergarten year, oldest first; signing up and withdrawing happen on
 * /arbeitseinsaetze.
 */
export function MeineSchichten() {
  const titelId = useId();
  const schichten = useQuery(meineSchichtenQueryOptions());
  if (!schichten.data) return null;
  return (
    <section className="card wd-card ds-liste" aria-labelledby={titelId}>
      <h2 id={titelId} className="wd-card__title">
        Meine Arbeitseinsätze
      </h2>
      {schichten.data.length === 0 ? (
        <p className="wd-empty">
          Sie sind für keine Schicht eingetragen. <Link to="/arbeitseinsaetze">Zu den Arbeitseinsätzen</Link>
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
                  {tagText(s.datum)}, {zeitText(s)} · {stundenText(s.stunden)}
                </p>
              </div>
              <div className="ds-termin__status">
                {s.erledigt && <span className="badge ds-badge--erledigt">erledigt</span>}
                {s.status === 'warteliste' && <span className="badge badge--wartend">Warteliste</span>}
              </div>
              {!s.erledigt && (
                <div className="ds-termin__aktionen">
                  <Link
                    to="/arbeitseinsaetze"
                    className="btn btn--secondary btn--small"
                    aria-label={`Zu den Arbeitseinsätzen: ${s.titel}, ${s.aufgabe}`}
                  >
                    Zu den Arbeitseinsätzen
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
