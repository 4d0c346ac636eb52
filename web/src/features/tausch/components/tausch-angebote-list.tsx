import { useId } from 'react';
import type { Tausch } from '../api/types';
import { freitagText, kwSlashJahr } from '../utils/texte';

type TauschAngeboteListProps = {
  angebote: readonly Tausch[];
  onAnnehmen: (angebot: Tausch) => void;
};

/** 'Verfügbare Tausch-Angebote': open offers of the other families of the group. */
export function TauschAngeboteList({ angebote, onAnnehmen }: TauschAngeboteListProps) {
  const titleId = useId();
  return (
    <section className="tausch-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="tausch-section__title">
        Verfügbare Tausch-Angebote
      </h2>
      {angebote.length === 0 ? (
        <p className="card tausch-empty">Derzeit keine Tausch-Angebote verfügbar</p>
      ) : (
        <ul className="tausch-list">
          {angebote.map((angebot) => (
            <AngebotCard key={angebot.id} angebot={angebot} onAnnehmen={onAnnehmen} />
          ))}
        </ul>
      )}
    </section>
  );
}

function AngebotCard({ angebot, onAnnehmen }: { angebot: Tausch; onAnnehmen: (angebot: Tausch) => void }) {
  const id = useId();
  const woche = angebot.requestWasserdienst;
  return (
    <li className="card tausch-card">
      <div className="tausch-card__head">
        <h3 id={`${id}-name`} className="tausch-card__title">
          {angebot.requestEltern.nachname}
        </h3>
        <span className="badge badge--offen">Offen</span>
      </div>
      {angebot.requestEltern.nameKind && <p className="tausch-card__meta">Kind: {angebot.requestEltern.nameKind}</p>}
      <p className="tausch-card__woche">
        <span id={`${id}-woche`}>{kwSlashJahr(woche)}</span>
        <span className="tausch-card__datum">{freitagText(woche)}</span>
      </p>
      <div className="tausch-card__actions">
        <button
          type="button"
          className="btn btn--primary btn--small"
          aria-describedby={`${id}-name ${id}-woche`}
          onClick={() => onAnnehmen(angebot)}
        >
          Tausch annehmen
        </button>
      </div>
    </li>
  );
}
