import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSprache } from '@/hooks/use-sprache';
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
  const { t } = useTranslation();
  const sprache = useSprache();
  const fremdeId = useId();
  const eigeneId = useId();
  const fremde = angebote.filter((a) => !a.eigenes);
  const eigene = angebote.filter((a) => a.eigenes);
  return (
    <>
      <section className="card wd-card ds-angebote" aria-labelledby={fremdeId}>
        <h2 id={fremdeId} className="wd-card__title">
          {t('dienste.angebote.fremde')}
        </h2>
        {fremde.length === 0 ? (
          <p className="wd-empty">{t('dienste.angebote.keineFremden')}</p>
        ) : (
          <ul className="ds-liste__eintraege">
            {fremde.map((a) => (
              <li key={a.id} className="ds-termin">
                <div className="ds-termin__text">
                  <p className="ds-termin__art">
                    {a.dienstart} – {t('dienste.familie', { nachname: a.eltern.nachname })}
                  </p>
                  <p className="ds-termin__datum">{terminVon(a, sprache)}</p>
                  {a.nachricht && <p className="ds-termin__nachricht">„{a.nachricht}“</p>}
                </div>
                <div className="ds-termin__status">
                  <span className={`badge ${a.abgeben ? 'badge--wartend' : 'badge--offen'}`}>
                    {a.abgeben ? t('dienste.angebote.abzugeben') : t('dienste.angebote.zumTausch')}
                  </span>
                </div>
                {onAnnehmen && (
                  <div className="ds-termin__aktionen">
                    <button
                      type="button"
                      className="btn btn--primary btn--small"
                      onClick={() => onAnnehmen(a)}
                      disabled={beschaeftigt !== null}
                      aria-label={`${beschaeftigt === a.id ? t('dienste.wirdGesendet') : a.abgeben ? t('dienste.uebernehmen.bestaetigen') : t('dienste.angebote.annehmen')}: ${t('dienste.angebote.vonFamilie', { dienstart: a.dienstart, termin: terminVon(a, sprache), nachname: a.eltern.nachname })}`}
                    >
                      {beschaeftigt === a.id
                        ? t('dienste.wirdGesendet')
                        : a.abgeben
                          ? t('dienste.uebernehmen.bestaetigen')
                          : t('dienste.angebote.annehmen')}
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
          {t('dienste.angebote.eigene')}
        </h2>
        {eigene.length === 0 ? (
          <p className="wd-empty">{t('dienste.angebote.keineEigenen')}</p>
        ) : (
          <ul className="ds-liste__eintraege">
            {eigene.map((a) => (
              <li key={a.id} className="ds-termin">
                <div className="ds-termin__text">
                  <p className="ds-termin__art">{a.dienstart}</p>
                  <p className="ds-termin__datum">{terminVon(a, sprache)}</p>
                </div>
                <div className="ds-termin__status">
                  <span className="badge badge--wartend">
                    {a.abgeben ? t('dienste.angebote.abgegeben') : t('dienste.angebote.wartend')}
                  </span>
                </div>
                {onZurueckziehen && (
                  <div className="ds-termin__aktionen">
                    <button
                      type="button"
                      className="btn btn--danger btn--small"
                      onClick={() => onZurueckziehen(a)}
                      disabled={beschaeftigt !== null}
                      aria-label={`${beschaeftigt === a.id ? t('dienste.zurueckziehen.laeuft') : t('dienste.zurueckziehen.bestaetigen')}: ${a.dienstart} ${terminVon(a, sprache)}`}
                    >
                      {beschaeftigt === a.id ? t('dienste.zurueckziehen.laeuft') : t('dienste.zurueckziehen.bestaetigen')}
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
