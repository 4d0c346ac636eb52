import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSprache } from '@/hooks/use-sprache';
import type { Tausch } from '../api/types';
import { freitagText, kwSlashJahr } from '../utils/texte';
import '../tausch.css';

type TauschAngeboteListProps = {
  angebote: readonly Tausch[];
  /** Absent for a read-only family: the cards have no 'Tausch annehmen' then. */
  onAnnehmen?: (angebot: Tausch) => void;
  /** Takes over a duty given away ('Übernehmen'); absent for a read-only family. */
  onUebernehmen?: (angebot: Tausch) => void;
  /** An acceptance or takeover is on its way: every offer's button waits for its answer. */
  beschaeftigt?: boolean;
};

/**
 * 'Verfügbare Tausch-Angebote': open offers of the other families of the group. A duty given away
 * is marked 'Abzugeben' and is taken over with 'Übernehmen', without a duty in return.
 */
export function TauschAngeboteList({ angebote, onAnnehmen, onUebernehmen, beschaeftigt = false }: TauschAngeboteListProps) {
  const titleId = useId();
  const { t } = useTranslation();
  return (
    <section className="tausch-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="tausch-section__title">
        {t('tausch.angebote.titel')}
      </h2>
      {angebote.length === 0 ? (
        <p className="card tausch-empty">{t('tausch.angebote.keine')}</p>
      ) : (
        <ul className="tausch-list">
          {angebote.map((angebot) => (
            <AngebotCard
              key={angebot.id}
              angebot={angebot}
              onAnnehmen={onAnnehmen}
              onUebernehmen={onUebernehmen}
              beschaeftigt={beschaeftigt}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function AngebotCard({
  angebot,
  onAnnehmen,
  onUebernehmen,
  beschaeftigt,
}: Omit<TauschAngeboteListProps, 'angebote'> & { angebot: Tausch }) {
  const id = useId();
  const { t } = useTranslation();
  const sprache = useSprache();
  const woche = angebot.requestWasserdienst;
  return (
    <li className="card tausch-card">
      <div className="tausch-card__head">
        <h3 id={`${id}-name`} className="tausch-card__title">
          {angebot.requestEltern.nachname}
        </h3>
        {angebot.abgeben ? (
          <span className="badge badge--abzugeben">{t('tausch.badge.abzugeben')}</span>
        ) : (
          <span className="badge badge--offen">{t('tausch.badge.offen')}</span>
        )}
      </div>
      {angebot.requestEltern.nameKind && (
        <p className="tausch-card__meta">{t('tausch.angebote.kind', { name: angebot.requestEltern.nameKind })}</p>
      )}
      <p className="tausch-card__woche">
        <span id={`${id}-woche`}>{kwSlashJahr(t, woche)}</span>
        <span className="tausch-card__datum">{freitagText(woche, sprache)}</span>
      </p>
      {angebot.abgeben && <p className="tausch-card__meta">{t('tausch.angebote.ohneGegendienst')}</p>}
      {angebot.abgeben && onUebernehmen && (
        <div className="tausch-card__actions">
          <button
            type="button"
            className="btn btn--primary btn--small"
            aria-describedby={`${id}-name ${id}-woche`}
            onClick={() => onUebernehmen(angebot)}
            disabled={beschaeftigt}
          >
            {t('tausch.uebernehmen')}
          </button>
        </div>
      )}
      {!angebot.abgeben && onAnnehmen && (
        <div className="tausch-card__actions">
          <button
            type="button"
            className="btn btn--primary btn--small"
            aria-describedby={`${id}-name ${id}-woche`}
            onClick={() => onAnnehmen(angebot)}
            disabled={beschaeftigt}
          >
            {t('tausch.angebote.annehmen')}
          </button>
        </div>
      )}
    </li>
  );
}
