import { useTranslation } from 'react-i18next';
import { EingabeFeld } from '@/components/feld';
import type { AuditGruppe } from '../api/types';

/** The moment of an as-of view, to the second ('Zeitpunkt'); `ungueltig` points the field at the form's error (`{id}-fehler`). */
export function ZeitpunktFeld({
  id,
  wert,
  onWert,
  ungueltig,
}: {
  id: string;
  wert: string;
  onWert: (wert: string) => void;
  ungueltig: boolean;
}) {
  const { t } = useTranslation();
  return (
    <EingabeFeld
      label={t('audit.plan.zeitpunkt')}
      id={`${id}-zeit`}
      type="datetime-local"
      step={1}
      value={wert}
      onChange={(event) => onWert(event.target.value)}
      {...(ungueltig ? { 'aria-invalid': true, 'aria-errormessage': `${id}-fehler` } : {})}
    />
  );
}

/** The groups as options of a select, removed ones marked. */
export function GruppenOptionen({ gruppen }: { gruppen: readonly AuditGruppe[] }) {
  const { t } = useTranslation();
  return gruppen.map((g) => (
    <option key={g.gruppeId} value={g.gruppeId}>
      {g.gruppenName}
      {g.entfernt ? t('audit.gruppeEntfernt') : ''}
    </option>
  ));
}
