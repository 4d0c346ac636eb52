import { EMAIL_FEHLT, forgotPasswordSchema, RESET_LINK_FEHLER } from '@waldkita/domain/auth/passwort';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFehler } from '@/components/feld';
import { useRequestResetLink } from '@/features/auth/api/forgot-password';
import { textAntwortFehler } from '@/features/auth/utils/text-antwort';
import { EmailFeld } from './email-feld';

/**
 * 'Reset-Link senden' (docs/produkt.md §2 Forgot password): an empty address is refused before anything is
 * sent; afterwards the form gives way to the one answer the server gives for every address.
 */
export function ForgotPasswordForm() {
  const id = useId();
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useRequestResetLink();
  const doneRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  // The form disappears under the keyboard focus; the answer takes it, so it is read out.
  useEffect(() => {
    if (sentTo !== null) doneRef.current?.focus();
  }, [sentTo]);

  // The server's own texts stay German for now (docs/i18n.md); the ones this screen knows are shown translated.
  const uebersetzt = (text: string) =>
    text === RESET_LINK_FEHLER ? t('vergessen.fehler') : text === EMAIL_FEHLT ? t('vergessen.emailFehlt') : text;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (request.isPending) return;
    const parsed = forgotPasswordSchema.safeParse({ email });
    if (!parsed.success) {
      setError(uebersetzt(parsed.error.issues[0]?.message ?? EMAIL_FEHLT));
      inputRef.current?.focus();
      return;
    }
    setError(null);
    request.mutate(parsed.data.email, {
      onSuccess: () => setSentTo(parsed.data.email),
      onError: (failure) => setError(uebersetzt(textAntwortFehler(failure, RESET_LINK_FEHLER))),
    });
  };

  if (sentTo !== null) {
    return (
      <div ref={doneRef} className="pw-done" tabIndex={-1} role="status">
        <span className="pw-done__icon">
          <MailIcon />
        </span>
        <p className="pw-done__text">{t('vergessen.gesendet')}</p>
        <p className="pw-done__muted">{t('vergessen.postfach')}</p>
      </div>
    );
  }

  const errorId = `${id}-error`;
  return (
    <form className="pw-form" onSubmit={onSubmit} noValidate>
      <FormFehler id={errorId}>{error}</FormFehler>
      <EmailFeld
        ref={inputRef}
        id={`${id}-email`}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      <button type="submit" className="btn btn--primary btn--block" disabled={request.isPending}>
        {request.isPending ? t('vergessen.wirdGesendet') : t('vergessen.senden')}
      </button>
    </form>
  );
}

function MailIcon() {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      <rect x="3" y="5.5" width="18" height="13" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="m3.5 7 8.5 6.5L20.5 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}
