import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog';
import type { AdminEltern } from '../api/types';
import { ROLLENWAHL, type Rollenwahl, rollenwahlVon } from '../utils/rollen';

type RolleAendernDialogProps = {
  /** The family whose role is changed; the dialog is open while there is one. */
  eltern: AdminEltern | null;
  onClose: () => void;
  pending: boolean;
  onSubmit: (rolle: Rollenwahl) => void;
  /** The screen's toast; shown inside the dialog while it is open (the rest of the page is inert then). */
  toast?: ReactNode;
};

/**
 * 'Rolle ändern' (PUT /api/admin/eltern/{id}/role): Elternteil, Prüfer (Verlauf) or Admin, each
 * with one sentence of what it means. Nothing changes until 'Rolle speichern'.
 */
export function RolleAendernDialog({ eltern, ...props }: RolleAendernDialogProps) {
  const { t } = useTranslation();
  // Mounted afresh with every opening: the choice starts at the family's current role.
  return (
    <Dialog open={eltern !== null} onClose={props.onClose} title={t('admin.rolle.titel')}>
      {eltern && <RolleFormular key={eltern.id} eltern={eltern} {...props} />}
    </Dialog>
  );
}

function RolleFormular({ eltern, onClose, pending, onSubmit, toast }: RolleAendernDialogProps & { eltern: AdminEltern }) {
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
        <p className="dialog__text ad-passwort__fuer">
          {t('admin.eltern.familie', { nachname: eltern.nachname || '—' })}{' '}
          <span className="ad-passwort__email">
            (<bdi dir="ltr">{eltern.email}</bdi>)
          </span>
        </p>
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
        <div className="dialog__actions">
          <button type="button" className="btn btn--secondary" onClick={onClose} disabled={pending}>
            {t('dialog.abbrechen')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={pending || unveraendert}>
            {pending ? t('admin.wirdGespeichert') : t('admin.rolle.speichern')}
          </button>
        </div>
      </form>
      {toast}
    </>
  );
}
