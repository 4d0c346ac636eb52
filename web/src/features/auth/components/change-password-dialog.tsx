import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogAktionen } from '@/components/dialog';
import { PasswordField } from '@/components/password-field';
import { useChangePassword } from '@/features/auth/api/change-password';
import { useAuthenticatedUser } from '@/features/auth/hooks/use-auth';
import { pruefePasswortAenderung } from '@/features/auth/utils/passwort-pruefung';
import { textAntwortFehler } from '@/features/auth/utils/text-antwort';
import { passwortMeldung } from '../utils/passwort-meldung';
import { NeuesPasswortFelder, passwortFehlerId } from './neues-passwort-felder';
import '../passwort.css';

/** docs/produkt.md §9: the success panel closes the dialog after 2000 ms. */
export const ERFOLG_SCHLIESSEN_MS = 2000;

type ChangePasswordDialogProps = { open: boolean; onClose: () => void };

/**
 * 'Passwort ändern' (docs/produkt.md §2 Change-password dialog, §4, §5): editing → submitting → success,
 * which closes the dialog after 2 s. The fresh session token of the answer is stored at once, so
 * the user stays signed in while every other session of the family ends.
 */
export function ChangePasswordDialog({ open, onClose }: ChangePasswordDialogProps) {
  const user = useAuthenticatedUser();
  const { t } = useTranslation();
  const change = useChangePassword(user);
  const pending = change.isPending;
  const { reset } = change;

  // While the change is on its way the dialog stays (a backdrop click does nothing, Escape is held
  // back below): the answer decides whether the old password still holds.
  const close = () => {
    if (pending) return;
    onClose();
  };

  // Every opening starts in the editing state.
  useEffect(() => {
    if (!open) reset();
  }, [open, reset]);

  return (
    <Dialog open={open} onClose={close} title={t('shell.passwortAendern')}>
      {open &&
        (change.isSuccess ? (
          <ErfolgPanel onClose={close} />
        ) : (
          <PasswortFormular
            pending={pending}
            onCancel={close}
            onSubmit={(input, onError) =>
              change.mutate(input, { onError: (failure) => onError(textAntwortFehler(failure, t('passwort.aendernFehler'))) })
            }
          />
        ))}
      {open && (
        <button type="button" className="pw-dialog__close" aria-label={t('mitteilungen.schliessen')} onClick={close} disabled={pending}>
          <span aria-hidden="true">×</span>
        </button>
      )}
    </Dialog>
  );
}

type PasswortFormularProps = {
  pending: boolean;
  onCancel: () => void;
  onSubmit: (input: { oldPassword: string; newPassword: string }, onError: (message: string) => void) => void;
};

function PasswortFormular({ pending, onCancel, onSubmit }: PasswortFormularProps) {
  const id = useId();
  const { t } = useTranslation();
  const [aktuell, setAktuell] = useState('');
  const [neu, setNeu] = useState('');
  const [bestaetigung, setBestaetigung] = useState('');
  const [error, setError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const pendingRef = useRef(pending);
  pendingRef.current = pending;

  // Escape closes a native <dialog> by itself; while sending, its cancel event is refused.
  useEffect(() => {
    const dialog = formRef.current?.closest('dialog');
    if (!dialog) return;
    const onCancelEvent = (event: Event) => {
      if (pendingRef.current) event.preventDefault();
    };
    dialog.addEventListener('cancel', onCancelEvent);
    return () => dialog.removeEventListener('cancel', onCancelEvent);
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const meldung = pruefePasswortAenderung({ aktuell, neu, bestaetigung });
    setError(meldung && passwortMeldung(meldung, t));
    if (meldung) return;
    onSubmit({ oldPassword: aktuell, newPassword: neu }, (text) => {
      setError(text);
      // A wrong current password is the usual refusal: ready to type it again.
      formRef.current?.querySelector<HTMLInputElement>('input[name="oldPassword"]')?.select();
    });
  };

  const describedBy = error ? passwortFehlerId(id) : undefined;
  return (
    <form ref={formRef} className="pw-dialog__form" onSubmit={submit} noValidate aria-busy={pending}>
      <PasswordField
        id={`${id}-aktuell`}
        name="oldPassword"
        label={t('passwort.aktuell')}
        autoComplete="current-password"
        value={aktuell}
        onChange={setAktuell}
        describedBy={describedBy}
      />
      <NeuesPasswortFelder
        id={id}
        neu={neu}
        onNeuChange={setNeu}
        bestaetigung={bestaetigung}
        onBestaetigungChange={setBestaetigung}
        bestaetigungLabel={t('passwort.neuBestaetigen')}
        error={error}
      />
      <DialogAktionen onAbbrechen={onCancel} gesperrt={pending} abbrechenGesperrt={pending}>
        {pending ? t('passwort.wirdGeaendert') : t('passwort.aendern')}
      </DialogAktionen>
    </form>
  );
}

/** 'Erfolgreich!' with the server's confirmation; closes the dialog after 2 s. */
function ErfolgPanel({ onClose }: { onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const { t } = useTranslation();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    // The form under the keyboard focus is gone; the panel takes it, so it is read out.
    ref.current?.focus();
    const timer = window.setTimeout(() => onCloseRef.current(), ERFOLG_SCHLIESSEN_MS);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <div ref={ref} className="pw-done" tabIndex={-1} role="status">
      <span className="pw-done__icon">
        <CheckIcon />
      </span>
      <h3 className="pw-done__title">{t('passwort.erfolgreich')}</h3>
      <p className="pw-done__text">{t('passwort.geaendert')}</p>
    </div>
  );
}

function CheckIcon() {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      <path d="m5 12.5 4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
