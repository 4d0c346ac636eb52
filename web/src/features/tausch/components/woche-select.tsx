import { useTranslation } from 'react-i18next';
import { AuswahlFeld } from '@/components/feld';
import type { Zuweisung } from '@/lib/wasserdienst-api';

type WocheSelectProps = {
  id: string;
  label: string;
  zuweisungen: readonly Zuweisung[];
  value: string;
  onChange: (wasserdienstId: string) => void;
  disabled?: boolean;
};

/** A labelled select of the family's own weeks, each shown as 'KW n (year)'. */
export function WocheSelect({ id, label, zuweisungen, value, onChange, disabled }: WocheSelectProps) {
  const { t } = useTranslation();
  return (
    <AuswahlFeld label={label} id={id} value={value} onChange={(event) => onChange(event.target.value)} disabled={disabled}>
      <option value="">{t('tausch.bitteWaehlen')}</option>
      {zuweisungen.map((zuweisung) => (
        <option key={zuweisung.id} value={zuweisung.id}>
          {t('wasserdienst.kwMitJahr', { kw: String(zuweisung.kalenderwoche), jahr: String(zuweisung.jahr) })}
        </option>
      ))}
    </AuswahlFeld>
  );
}
