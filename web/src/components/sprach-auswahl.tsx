import { SPRACH_NAMEN, SPRACHEN, type Sprache } from '@waldkita/domain/i18n/sprachen';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

type SprachAuswahlProps = {
  sprache: Sprache;
  onWahl: (sprache: Sprache) => void;
  disabled?: boolean;
  className?: string;
};

/**
 * 'Sprache': a labelled select with each language named in itself (Deutsch, English, Türkçe,
 * Українська, العربية, Polski), so a family finds its own even in a language it cannot read.
 */
export function SprachAuswahl({ sprache, onWahl, disabled = false, className = 'sprach-auswahl' }: SprachAuswahlProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={className}>
      <label className="sprach-auswahl__label" htmlFor={id}>
        <GlobusIcon />
        <span className="sprach-auswahl__text">{t('sprache.label')}</span>
      </label>
      <select
        id={id}
        className="input sprach-auswahl__select"
        value={sprache}
        disabled={disabled}
        onChange={(event) => onWahl(event.target.value as Sprache)}
      >
        {SPRACHEN.map((s) => (
          <option key={s} value={s} lang={s}>
            {SPRACH_NAMEN[s]}
          </option>
        ))}
      </select>
    </div>
  );
}

function GlobusIcon() {
  return (
    <svg className="sprach-auswahl__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path
        d="M3 12h18M12 3c2.5 2.6 3.7 5.6 3.7 9s-1.2 6.4-3.7 9c-2.5-2.6-3.7-5.6-3.7-9S9.5 5.6 12 3Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      />
    </svg>
  );
}
