import { useId } from 'react';

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
  const laenge = value.length;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        Beschreibung
      </label>
      <textarea
        id={id}
        className="input sz-textarea"
        rows={4}
        maxLength={maxLaenge}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        aria-describedby={`${id}-zaehler`}
        aria-invalid={fehlerId ? true : undefined}
        aria-errormessage={fehlerId}
      />
      <p id={`${id}-zaehler`} className={`sz-zaehler${laenge >= maxLaenge ? ' sz-zaehler--voll' : ''}`}>
        {laenge}/{maxLaenge} Zeichen
      </p>
    </div>
  );
}
