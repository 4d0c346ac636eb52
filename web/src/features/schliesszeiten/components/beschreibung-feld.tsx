import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TextFeld } from '@/components/feld';

type BeschreibungFeldProps = {
  value: string;
  onChange: (value: string) => void;
  maxLaenge: number;
  disabled?: boolean;
  /** Id of the form's error message while it concerns this field. */
  fehlerId?: string;
};

/** 'Beschreibung' with a character counter ('12/500 Zeichen'). */
export function BeschreibungFeld({ value, onChange, maxLaenge, disabled, fehlerId }: BeschreibungFeldProps) {
  const id = useId();
  const { t } = useTranslation();
  const laenge = value.length;
  return (
    <TextFeld
      label={t('schliesszeiten.beschreibung')}
      hinweis={
        <p id={`${id}-zaehler`} className={`sz-zaehler${laenge >= maxLaenge ? ' sz-zaehler--voll' : ''}`}>
          {t('mitteilungen.zeichen', { anzahl: String(laenge), max: String(maxLaenge) })}
        </p>
      }
      id={id}
      className="sz-textarea"
      rows={4}
      maxLength={maxLaenge}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
      aria-describedby={`${id}-zaehler`}
      aria-invalid={fehlerId ? true : undefined}
      aria-errormessage={fehlerId}
    />
  );
}
