import { useId } from 'react';
import { terminVon } from '@/lib/dienste-api';
import type { DienstTauschAngebot } from '../api/types';

type TauschAngeboteProps = {
  angebote: readonly DienstTauschAngebot[];
  /** Without: read only. */
  onAnnehmen?: (angebot: DienstTauschAngebot) => void;
  onZurueckziehen?: (angebot: DienstTauschAngebot) => void;
  /** The offer a request is running for: every button waits meanwhile. */
  beschaeftigt: string | null;
};

/**
 * The offers of the kinds other than Wasserdienst: other families' ('Tausch annehmen', or
 * 'Übernehmen' for a date given away) and the family's own ('Angebot zurückziehen').
 */
export function TauschAngebote({ angebote, onAnnehmen, onZurueckziehen, beschaeftigt }: TauschAngeboteProps) {
  const fremdeId = useId();
  const eigeneId = useId();
  const fremde = angebote.filter((a) => !a.eigenes);
  const eigene = angebote.filter((a) => a.eigenes);
  return (
    <>
      <section className="card wd-card ds-angebote" aria-labelledby={fremdeId}>
        <h2 id={fremdeId} className="wd-card__title">
          Angebote anderer Familien
        </h2>
        {fremde.length === 0 ? (
          <p className="wd-empty">Derzeit keine Angebote anderer Familien.</p>
        ) : (
          <ul className="ds-liste__eintraege">
            {fremde.map((a) => (
              <li key={a.id} className="ds-termin">
                <div className="ds-termin__text">
                  <p className="ds-termin__art">
                    {a.dienstart} – Familie {a.eltern.nachname}
                  </p>
                  <p className="ds-termin__datum">{terminVon(a)}</p>
                  {a.nachricht && <p className="ds-termin__nachricht">„{a.nachricht}“</p>}
                </div>
                <div className="ds-termin__status">
                  <span className={`badge ${a.abgeben ? 'badge--wartend' : 'badge--offen'}`}>{a.abgeben ? 'Abzugeben' : 'Zum Tausch'}</span>
                </div>
                {onAnnehmen && (
                  <div className="ds-termin__aktionen">
                    <button
                      type="button"
                      className="btn btn--primary btn--small"
                      onClick={() => onAnnehmen(a)}
                      disabled={beschaeftigt !== null}
                      aria-label={`${beschaeftigt === a.id ? 'Wird gesendet...' : a.abgeben ? 'Übernehmen' : 'Tausch annehmen'}: ${a.dienstart} ${terminVon(a)} von Familie ${a.eltern.nachname}`}
                    >
                      {beschaeftigt === a.id ? 'Wird gesendet...' : a.abgeben ? 'Übernehmen' : 'Tausch annehmen'}
                    </button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card wd-card ds-angebote" aria-labelledby={eigeneId}>
        <h2 id={eigeneId} className="wd-card__title">
          Meine Angebote
        </h2>
        {eigene.length === 0 ? (
          <p className="wd-empty">Sie bieten derzeit keinen Dienst an.</p>
        ) : (
          <ul className="ds-liste__eintraege">
            {eigene.map((a) => (
              <li key={a.id} className="ds-termin">
                <div className="ds-termin__text">
                  <p className="ds-termin__art">{a.dienstart}</p>
                  <p className="ds-termin__datum">{terminVon(a)}</p>
                </div>
                <div className="ds-termin__status">
                  <span className="badge badge--wartend">{a.abgeben ? 'Abgegeben' : 'Wartend'}</span>
                </div>
                {onZurueckziehen && (
                  <div className="ds-termin__aktionen">
                    <button
                      type="button"
                      className="btn btn--danger btn--small"
                      onClick={() => onZurueckziehen(a)}
                      disabled={beschaeftigt !== null}
                      aria-label={`${beschaeftigt === a.id ? 'Wird zurückgezogen...' : 'Angebot zurückziehen'}: ${a.dienstart} ${terminVon(a)}`}
                    >
                      {beschaeftigt === a.id ? 'Wird zurückgezogen...' : 'Angebot zurückziehen'}
                    </button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
