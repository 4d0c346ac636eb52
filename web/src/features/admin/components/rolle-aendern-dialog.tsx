import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogAktionen } from '@/components/dialog';
import { ROLLENWAHL, type Rollenwahl, rollenwahlVon } from '../utils/rollen';
import { ElternDialog, type ElternDialogProps, type ElternFormularProps, ElternFuer } from './eltern-dialog';

/**
 * 'Rolle ändern' (PUT /api/admin/eltern/{id}/role): Elternteil, Prüfer (Verlauf) or Admin, each
 * with one sentence of what it means. Nothing changes until 'Rolle speichern'.
 */
export function RolleAendernDialog(props: ElternDialogProps<Rollenwahl>) {
  const { t } = useTranslation();
  // Mounted afresh with every opening: the choice starts at the family's current role.
  return <ElternDialog titel={t('admin.rolle.titel')} Formular={RolleFormular} {...props} />;
}

function RolleFormular({ eltern, onClose, pending, onSubmit, toast }: ElternFormularProps<Rollenwahl>) {
  const { t } = useTranslation();
  const id = useId();
  const bisher = rollenwahlVon(eltern);
  const [rolle, setRolle] = useState<Rollenwahl>(bisher);
  const unveraendert = rolle === bisher;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending || unveraendert) return;
    onSubmit(rolle);
  };

  return (
    <>
      <form className="ad-form" onSubmit={submit} aria-busy={pending}>
        <ElternFuer eltern={eltern} />
        <fieldset className="ad-rollen" disabled={pending}>
          <legend className="field__label">{t('admin.rolle.legende')}</legend>
          {ROLLENWAHL.map((r) => (
            <label key={r.wert} className={`ad-rolle${rolle === r.wert ? ' ad-rolle--gewaehlt' : ''}`}>
              <input
                type="radio"
                name={`${id}-rolle`}
                value={r.wert}
                checked={rolle === r.wert}
                onChange={() => setRolle(r.wert)}
                aria-describedby={`${id}-${r.wert}`}
              />
              <span className="ad-rolle__text">
                <span className="ad-rolle__name">
                  {t(r.name)}
                  {r.wert === bisher && <span className="ad-rolle__bisher"> {t('admin.rolle.bisher')}</span>}
                </span>
                <span id={`${id}-${r.wert}`} className="ad-rolle__bedeutung">
                  {t(r.bedeutung)}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        <DialogAktionen onAbbrechen={onClose} gesperrt={pending || unveraendert} abbrechenGesperrt={pending}>
          {pending ? t('admin.wirdGespeichert') : t('admin.rolle.speichern')}
        </DialogAktionen>
      </form>
      {toast}
    </>
  );
}
