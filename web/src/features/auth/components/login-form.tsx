import { type FormEvent, useId, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { PasswordField } from '@/components/password-field';
import { loginErrorMessage, loginWithEmailAndPassword } from '@/features/auth/api/login';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { pruefeLogin } from '@/features/auth/utils/login-pruefung';
import { istPasswortGesetzt } from '@/features/auth/utils/passwort-gesetzt';
import { PasswortGesetztHinweis } from './passwort-gesetzt-hinweis';

/**
 * E-mail and password, checked as the server's schema does before anything is sent. A successful login
 * stores the session; the GuestRoute gate then leads on to the remembered page or /dashboard.
 */
export function LoginForm() {
  const { signIn } = useAuth();
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
      setError(geprueft.meldung);
      return;
    }
    setError(null);
    setPending(true);
    loginWithEmailAndPassword(geprueft.daten)
      .then(
        ({ user, token }) => signIn(user, token),
        (failure: unknown) => setError(loginErrorMessage(failure)),
      )
      .finally(() => setPending(false));
  };

  const describedBy = error ? errorId : undefined;
  return (
    <form className="login-form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="login-form__title">
        Anmelden
      </h2>
      <p className="login-form__hint">Mit der E-Mail-Adresse, die der Kita vorliegt.</p>

      {passwortGesetzt && <PasswortGesetztHinweis />}
      {error && (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      )}

      <div className="field">
        <label className="field__label" htmlFor={`${id}-email`}>
          E-Mail
        </label>
        <input
          id={`${id}-email`}
          name="email"
          className="input"
          type="email"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-describedby={describedBy}
        />
      </div>

      <PasswordField
        id={`${id}-password`}
        name="kennwort"
        label="Passwort"
        autoComplete="current-password"
        value={kennwort}
        onChange={setKennwort}
        describedBy={describedBy}
      />

      <div className="login-form__links">
        <Link to="/forgot-password">Passwort vergessen?</Link>
      </div>

      <button type="submit" className="btn btn--primary btn--block" disabled={pending}>
        {pending ? 'Anmeldung läuft...' : 'Einloggen'}
      </button>

      <p className="login-form__datenschutz">
        <Link to="/datenschutz">Datenschutz</Link>
      </p>
    </form>
  );
}
