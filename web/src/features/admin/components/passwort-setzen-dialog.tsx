import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog';
import { PasswordField } from '@/components/password-field';
import type { AdminEltern } from '../api/types';
import { pruefeAdminPasswort } from '../utils/validierung';

type PasswortSetzenDialogProps = {
  /** The family whose password is set; the dialog is open while there is one. */
  eltern: AdminEltern | null;
  onClose: () => void;
  pending: boolean;
  onSubmit: (passwort: string) => void;
  /** The screen's toast; shown inside the dialog while it is open (the rest of the page is inert then). */
  toast?: ReactNode;
};

/**
 * 'Passwort setzen' (PUT /api/admin/eltern/{id}/reset-password): the admin gives a family a new
 * password, at least 6 characters, checked here with the server's messages before it is sent.
 */
export function PasswortSetzenDialog({ eltern, ...props }: PasswortSetzenDialogProps) {
  const { t } = useTranslation();
  // Mounted afresh with every opening: the field starts empty.
  return (
    <Dialog open={eltern !== null} onClose={props.onClose} title={t('admin.passwort.titel')}>
      {eltern && <PasswortFormular key={eltern.id} eltern={eltern} {...props} />}
    </Dialog>
  );
}

function PasswortFormular({ eltern, onClose, pending, onSubmit, toast }: PasswortSetzenDialogProps & { eltern: AdminEltern }) {
  const { t } = useTranslation();
  const id = useId();
  const [passwort, setPasswort] = useState('');
  const [fehler, setFehler] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const meldung = pruefeAdminPasswort(passwort, t);
    setFehler(meldung);
    if (meldung) {
      event.currentTarget.querySelector<HTMLInputElement>('input[name="newPassword"]')?.focus();
      return;
    }
    onSubmit(passwort);
  };

  return (
    <>
      <form className="ad-form" onSubmit={submit} noValidate aria-busy={pending}>
        <p className="dialog__text ad-passwort__fuer">
          {t('admin.eltern.familie', { nachname: eltern.nachname || '—' })}{' '}
          <span className="ad-passwort__email">
            (<bdi dir="ltr">{eltern.email}</bdi>)
          </span>
        </p>
        <PasswordField
          id={`${id}-neu`}
          name="newPassword"
          label={t('admin.passwort.neu')}
          autoComplete="new-password"
          value={passwort}
          onChange={(wert) => {
            setPasswort(wert);
            setFehler(null);
          }}
          describedBy={fehler ? `${id}-fehler ${id}-hinweis` : `${id}-hinweis`}
        />
        <p id={`${id}-hinweis`} className="ad-hint">
          {t('admin.passwort.hinweis')}
        </p>
        {fehler && (
          <p id={`${id}-fehler`} className="form-error" role="alert">
            {fehler}
          </p>
        )}
        <div className="dialog__actions">
          <button type="button" className="btn btn--secondary" onClick={onClose} disabled={pending}>
            {t('dialog.abbrechen')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={pending}>
            {pending ? t('admin.wirdGespeichert') : t('admin.speichern')}
          </button>
        </div>
      </form>
      {toast}
    </>
  );
}
