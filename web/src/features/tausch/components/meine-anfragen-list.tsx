import { datumKurz } from '@waldkita/domain/i18n/datum';
import type { Sprache } from '@waldkita/domain/i18n/sprachen';
import { heuteInBerlin } from '@waldkita/domain/kalender/iso-woche';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSprache } from '@/hooks/use-sprache';
import type { Tausch } from '../api/types';
import { freitagText, kwSlashJahr } from '../utils/texte';
import '../tausch.css';

type MeineAnfragenListProps = {
  anfragen: readonly Tausch[];
  /** Id of the offer being withdrawn right now, if any. */
  zurueckziehend: string | null;
  /** Absent for a read-only family: the cards have no 'Anfrage zurückziehen' then. */
  onZurueckziehen?: (anfrage: Tausch) => void;
};

/** 'Meine Tausch-Anfragen': the family's own offers and duties given away, waiting, accepted or taken over. */
export function MeineAnfragenList({ anfragen, zurueckziehend, onZurueckziehen }: MeineAnfragenListProps) {
  const titleId = useId();
  const { t } = useTranslation();
  return (
    <section className="tausch-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="tausch-section__title">
        {t('tausch.anfragen.titel')}
      </h2>
      {anfragen.length === 0 ? (
        <p className="card tausch-empty">{t('tausch.anfragen.keine')}</p>
      ) : (
        <ul className="tausch-list">
          {anfragen.map((anfrage) => (
            <AnfrageCard key={anfrage.id} anfrage={anfrage} busy={zurueckziehend === anfrage.id} onZurueckziehen={onZurueckziehen} />
          ))}
        </ul>
      )}
    </section>
  );
}

const angebotenAm = (timestamp: string, sprache: Sprache): string | null => {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? null : datumKurz(heuteInBerlin(date), sprache);
};

function AnfrageCard({ anfrage, busy, onZurueckziehen }: { anfrage: Tausch; busy: boolean; onZurueckziehen?: (anfrage: Tausch) => void }) {
  const id = useId();
  const { t } = useTranslation();
  const sprache = useSprache();
  const woche = anfrage.requestWasserdienst;
  const datum = angebotenAm(anfrage.angebotenAm, sprache);
  const uebernommen = anfrage.abgeben && !anfrage.resolveWasserdienst;
  return (
    <li className={`card tausch-card tausch-card--eigen${anfrage.bestaetigt ? ' tausch-card--done' : ''}`}>
      <div className="tausch-card__head">
        <h3 id={`${id}-woche`} className="tausch-card__title">
          {kwSlashJahr(t, woche)}
        </h3>
        {anfrage.bestaetigt ? (
          <span className="badge badge--angenommen">{uebernommen ? t('tausch.badge.uebernommen') : t('tausch.badge.angenommen')}</span>
        ) : anfrage.abgeben ? (
          <span className="badge badge--abzugeben">{t('tausch.badge.abgegeben')}</span>
        ) : (
          <span className="badge badge--wartend">{t('tausch.badge.wartend')}</span>
        )}
      </div>
      <p className="tausch-card__meta">{freitagText(woche, sprache)}</p>
      {datum && <p className="tausch-card__meta">{t('tausch.anfragen.angebotenAm', { datum })}</p>}
      {anfrage.abgeben && !anfrage.bestaetigt && <p className="tausch-card__meta">{t('tausch.anfragen.ohneGegendienst')}</p>}
      {anfrage.bestaetigt && anfrage.resolveEltern && (
        <p className="tausch-card__result">
          {uebernommen
            ? t('tausch.anfragen.uebernommenVon', { nachname: anfrage.resolveEltern.nachname })
            : t('tausch.anfragen.angenommenVon', { nachname: anfrage.resolveEltern.nachname })}
        </p>
      )}
      {anfrage.bestaetigt && anfrage.resolveWasserdienst && (
        <p className="tausch-card__meta">{t('tausch.anfragen.stattdessen', { woche: kwSlashJahr(t, anfrage.resolveWasserdienst) })}</p>
      )}
      {!anfrage.bestaetigt && onZurueckziehen && (
        <div className="tausch-card__actions">
          <button
            type="button"
            className="btn btn--secondary btn--small"
            aria-describedby={`${id}-woche`}
            disabled={busy}
            onClick={() => onZurueckziehen(anfrage)}
          >
            {t('tausch.anfrageZurueckziehen')}
          </button>
        </div>
      )}
    </li>
  );
}
