import { LINK_UNGUELTIG, RESET_FEHLER } from '@waldkita/domain/auth/passwort';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useResetPassword } from '@/features/auth/api/reset-password';
import type { PasswortGesetztState } from '@/features/auth/utils/passwort-gesetzt';
import { pruefeNeuesPasswort } from '@/features/auth/utils/passwort-pruefung';
import { textAntwortFehler } from '@/features/auth/utils/text-antwort';
import { ApiError } from '@/lib/api-client';
import { passwortMeldung } from '../utils/passwort-meldung';
import { NeuesPasswortFelder } from './neues-passwort-felder';

type ResetPasswordFormProps = {
  token: string;
  /** The server refused the link while the form was open (used meanwhile, expired). */
  onLinkInvalid: () => void;
};

/**
 * New password and confirmation (docs/produkt.md §2 Reset password, §5). On success the user goes to
 * /login, which shows 'Passwort erfolgreich zurückgesetzt!' as an alert above the sign-in form.
 */
export function ResetPasswordForm({ token, onLinkInvalid }: ResetPasswordFormProps) {
  const id = useId();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [passwort, setPasswort] = useState('');
  const [bestaetigung, setBestaetigung] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reset = useResetPassword();
  const formRef = useRef<HTMLFormElement>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending) return;
    const meldung = pruefeNeuesPasswort({ passwort, bestaetigung });
    setError(meldung && passwortMeldung(meldung, t));
    if (meldung) {
      formRef.current?.querySelector<HTMLInputElement>('input[name="newPassword"]')?.focus();
      return;
    }
    reset.mutate(
      { token, newPassword: passwort },
      {
        onSuccess: () => {
          const state: PasswortGesetztState = { passwortGesetzt: true };
          navigate('/login', { replace: true, state });
        },
        onError: (failure) => {
          const text = textAntwortFehler(failure, RESET_FEHLER);
          const gezeigt = text === RESET_FEHLER ? t('passwort.resetFehler') : text;
          // The server names the refusal by its key too: its text comes in the screen's language.
          if (text === LINK_UNGUELTIG || (failure instanceof ApiError && failure.schluessel === 'server.passwort.link-ungueltig'))
            onLinkInvalid();
          else setError(gezeigt);
        },
      },
    );
  };

  return (
    <form ref={formRef} className="pw-form" onSubmit={onSubmit} noValidate>
      <NeuesPasswortFelder
        id={id}
        neu={passwort}
        onNeuChange={setPasswort}
        bestaetigung={bestaetigung}
        onBestaetigungChange={setBestaetigung}
        bestaetigungLabel={t('passwort.bestaetigen')}
        error={error}
        fehlerOben
      />
      <button type="submit" className="btn btn--primary btn--block" disabled={reset.isPending}>
        {reset.isPending ? t('passwort.wirdGespeichert') : t('passwort.speichern')}
      </button>
    </form>
  );
}
