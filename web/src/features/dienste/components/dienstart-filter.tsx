import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Art } from '../utils/kalender';

type DienstartFilterProps = {
  arten: readonly Art[];
  /** Dates per kind, for the label. */
  anzahl: ReadonlyMap<string, number>;
  ausgeblendet: ReadonlySet<string>;
  onChange: (dienstartId: string, sichtbar: boolean) => void;
};

/** 'Dienstarten anzeigen': one checkbox per kind (Space toggles it); the calendar and the list follow. */
export function DienstartFilter({ arten, anzahl, ausgeblendet, onChange }: DienstartFilterProps) {
  const id = useId();
  const { t } = useTranslation();
  return (
    <fieldset className="card ds-filter">
      <legend className="ds-filter__legende">{t('dienste.filter.titel')}</legend>
      <ul className="ds-filter__liste">
        {arten.map((art) => (
          <li key={art.id}>
            <input
              id={`${id}-${art.id}`}
              type="checkbox"
              className="ds-filter__box"
              checked={!ausgeblendet.has(art.id)}
              onChange={(event) => onChange(art.id, event.target.checked)}
            />
            <label htmlFor={`${id}-${art.id}`} className="ds-filter__label">
              <span className="ds-swatch" style={{ background: art.farbe }} aria-hidden="true" />
              {art.name}
              <span className="ds-filter__anzahl"> ({t('dienste.filter.termine', { anzahl: anzahl.get(art.id) ?? 0 })})</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
