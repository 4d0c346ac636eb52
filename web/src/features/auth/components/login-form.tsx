import { istSprache } from '@waldkita/domain/i18n/sprachen';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { FormFehler } from '@/components/feld';
import { PasswordField } from '@/components/password-field';
import { loginErrorMessage, loginWithEmailAndPassword } from '@/features/auth/api/login';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { loginFehlerText, pruefeLogin } from '@/features/auth/utils/login-pruefung';
import { istPasswortGesetzt } from '@/features/auth/utils/passwort-gesetzt';
import { wechsleSprache } from '@/lib/i18n';
import { EmailFeld } from './email-feld';
import { PasswortGesetztHinweis } from './passwort-gesetzt-hinweis';

/**
 * E-mail and password, checked as the server's schema does before anything is sent. A successful login
 * stores the session; the GuestRoute gate then leads on to the remembered page or /dashboard.
 */
export function LoginForm() {
  const { signIn } = useAuth();
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [kennwort, setKennwort] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Coming from a successful password reset: say so until the first attempt to sign in.
  const location = useLocation();
  const [passwortGesetzt, setPasswortGesetzt] = useState(() => istPasswortGesetzt(location.state));
  const [pending, setPending] = useState(false);
  const id = useId();
  const errorId = `${id}-error`;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setPasswortGesetzt(false);
    const geprueft = pruefeLogin({ email, kennwort });
    if (!geprueft.ok) {
      setError(loginFehlerText(geprueft.meldung, t));
      return;
    }
    setError(null);
    setPending(true);
    loginWithEmailAndPassword(geprueft.daten)
      .then(
        async ({ user, token }) => {
          // The family's own language from the first screen on, not only after the dashboard has rendered.
          if (istSprache(user.sprache)) await wechsleSprache(user.sprache);
          signIn(user, token);
        },
        (failure: unknown) => setError(loginFehlerText(loginErrorMessage(failure), t)),
      )
      .finally(() => setPending(false));
  };

  const describedBy = error ? errorId : undefined;
  return (
    <form className="login-form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="login-form__title">
        {t('login.titel')}
      </h2>
      <p className="login-form__hint">{t('login.hinweis')}</p>

      {passwortGesetzt && <PasswortGesetztHinweis />}
      <FormFehler id={errorId}>{error}</FormFehler>

      <EmailFeld id={`${id}-email`} value={email} onChange={(event) => setEmail(event.target.value)} aria-describedby={describedBy} />

      <PasswordField
        id={`${id}-password`}
        name="kennwort"
        label={t('login.passwort')}
        autoComplete="current-password"
        value={kennwort}
        onChange={setKennwort}
        describedBy={describedBy}
        toggleLabels={{ anzeigen: t('passwortFeld.anzeigen'), verbergen: t('passwortFeld.verbergen') }}
      />

      <div className="login-form__links">
        <Link to="/forgot-password">{t('login.passwortVergessen')}</Link>
      </div>

      <button type="submit" className="btn btn--primary btn--block" disabled={pending}>
        {pending ? t('login.laeuft') : t('login.einloggen')}
      </button>

      <p className="login-form__datenschutz">
        <Link to="/datenschutz">{t('login.datenschutz')}</Link>
      </p>
    </form>
  );
}
