import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TrashIcon } from '@/components/icons';
import { useSprache } from '@/hooks/use-sprache';
import type { Abwesenheit } from '../api/types';
import type { Jahresgruppe } from '../utils/nach-jahr';
import { jahrUeberschrift, kwText } from '../utils/texte';
import { wochenZeitraum } from '../utils/wochen-zeitraum';

type AbwesenheitListProps = {
  gruppen: readonly Jahresgruppe[];
  /** Id of the absence being deleted right now, if any. */
  loeschend: string | null;
  /** Absent for a read-only family: the entries have no delete button then. */
  onLoeschen?: (abwesenheit: Abwesenheit) => void;
};

/** The family's absences by year, newest first; within a year the weeks descending. */
export function AbwesenheitList({ gruppen, loeschend, onLoeschen }: AbwesenheitListProps) {
  return (
    <div className="aw-years">
      {gruppen.map((gruppe) => (
        <JahrSection key={gruppe.jahr} gruppe={gruppe} loeschend={loeschend} onLoeschen={onLoeschen} />
      ))}
    </div>
  );
}

function JahrSection({ gruppe, loeschend, onLoeschen }: { gruppe: Jahresgruppe } & Omit<AbwesenheitListProps, 'gruppen'>) {
  const titleId = useId();
  const { t } = useTranslation();
  const sprache = useSprache();
  return (
    <section className="aw-year" aria-labelledby={titleId}>
      <h2 id={titleId} className="aw-year__title">
        {jahrUeberschrift(t, gruppe.jahr, gruppe.abwesenheiten.length)}
      </h2>
      <ul className="aw-list">
        {gruppe.abwesenheiten.map((abwesenheit) => {
          const zeitraum = wochenZeitraum(abwesenheit, sprache);
          const id = abwesenheit.abwesenheitID ?? abwesenheit.id;
          return (
            <li key={id} className="card aw-item">
              <div className="aw-item__text">
                <p className="aw-item__week">{kwText(t, abwesenheit)}</p>
                {zeitraum && <p className="aw-item__dates">{zeitraum}</p>}
              </div>
              {onLoeschen && (
                <button
                  type="button"
                  className="btn btn--secondary btn--small aw-item__delete"
                  aria-label={t('abwesenheit.loeschenLabel', { woche: kwText(t, abwesenheit) })}
                  disabled={loeschend === id}
                  onClick={() => onLoeschen(abwesenheit)}
                >
                  <TrashIcon />
                  {t('abwesenheit.loeschen')}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
