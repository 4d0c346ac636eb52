import { datumDeutsch, heuteInBerlin } from '@waldkita/domain/kalender/iso-woche';
import { useId } from 'react';
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
  return (
    <section className="tausch-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="tausch-section__title">
        Meine Tausch-Anfragen
      </h2>
      {anfragen.length === 0 ? (
        <p className="card tausch-empty">Sie haben noch keine Tausch-Anfragen erstellt</p>
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

const angebotenAm = (timestamp: string): string | null => {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? null : datumDeutsch(heuteInBerlin(date));
};

function AnfrageCard({ anfrage, busy, onZurueckziehen }: { anfrage: Tausch; busy: boolean; onZurueckziehen?: (anfrage: Tausch) => void }) {
  const id = useId();
  const woche = anfrage.requestWasserdienst;
  const datum = angebotenAm(anfrage.angebotenAm);
  return (
    <li className={`card tausch-card tausch-card--eigen${anfrage.bestaetigt ? ' tausch-card--done' : ''}`}>
      <div className="tausch-card__head">
        <h3 id={`${id}-woche`} className="tausch-card__title">
          {kwSlashJahr(woche)}
        </h3>
        {anfrage.bestaetigt ? (
          <span className="badge badge--angenommen">{anfrage.abgeben && !anfrage.resolveWasserdienst ? 'Übernommen' : 'Angenommen'}</span>
        ) : anfrage.abgeben ? (
          <span className="badge badge--abzugeben">Abgegeben</span>
        ) : (
          <span className="badge badge--wartend">Wartend</span>
        )}
      </div>
      <p className="tausch-card__meta">{freitagText(woche)}</p>
      {datum && <p className="tausch-card__meta">Angeboten am {datum}</p>}
      {anfrage.abgeben && !anfrage.bestaetigt && (
        <p className="tausch-card__meta">Ohne Gegendienst: wartet auf eine Familie, die übernimmt.</p>
      )}
      {anfrage.bestaetigt && anfrage.resolveEltern && (
        <p className="tausch-card__result">
          {anfrage.abgeben && !anfrage.resolveWasserdienst ? 'Übernommen von' : 'Angenommen von'}: {anfrage.resolveEltern.nachname}
        </p>
      )}
      {anfrage.bestaetigt && anfrage.resolveWasserdienst && (
        <p className="tausch-card__meta">Ihre Woche stattdessen: {kwSlashJahr(anfrage.resolveWasserdienst)}</p>
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
            Anfrage zurückziehen
          </button>
        </div>
      )}
    </li>
  );
}
