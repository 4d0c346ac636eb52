import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogAktionen } from '@/components/dialog';
import { FormFehler } from '@/components/feld';
import { PasswordField } from '@/components/password-field';
import { pruefeAdminPasswort } from '../utils/validierung';
import { ElternDialog, type ElternDialogProps, type ElternFormularProps, ElternFuer } from './eltern-dialog';

/**
 * 'Passwort setzen' (PUT /api/admin/eltern/{id}/reset-password): the admin gives a family a new
 * password, at least 6 characters, checked here with the server's messages before it is sent.
 */
export function PasswortSetzenDialog(props: ElternDialogProps<string>) {
  const { t } = useTranslation();
  // Mounted afresh with every opening: the field starts empty.
  return <ElternDialog titel={t('admin.passwort.titel')} Formular={PasswortFormular} {...props} />;
}

function PasswortFormular({ eltern, onClose, pending, onSubmit, toast }: ElternFormularProps<string>) {
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
        <ElternFuer eltern={eltern} />
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
        <FormFehler id={`${id}-fehler`}>{fehler}</FormFehler>
        <DialogAktionen onAbbrechen={onClose} gesperrt={pending} abbrechenGesperrt={pending}>
          {pending ? t('admin.wirdGespeichert') : t('admin.speichern')}
        </DialogAktionen>
      </form>
      {toast}
    </>
  );
}
