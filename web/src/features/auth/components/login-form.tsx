import { FELDER_FEHLEN, loginSchema } from '@waldkita/domain/auth/login';
import { type FormEvent, useId, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { loginErrorMessage, useLogin } from '@/features/auth/api/login';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { istPasswortGesetzt } from '@/features/auth/utils/passwort-gesetzt';
import { PasswordField } from './password-field';
import { PasswortGesetztHinweis } from './passwort-gesetzt-hinweis';

/**
 * E-mail and password, validated with the shared schema before anything is sent. A successful login
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
  const login = useLogin({ onSuccess: ({ user, token }) => signIn(user, token) });
  const id = useId();
  const errorId = `${id}-error`;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    setPasswortGesetzt(false);
    const parsed = loginSchema.safeParse({ email, kennwort });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? FELDER_FEHLEN);
      return;
    }
    setError(null);
    login.mutate(parsed.data, { onError: (failure) => setError(loginErrorMessage(failure)) });
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

      <button type="submit" className="btn btn--primary btn--block" disabled={login.isPending}>
        {login.isPending ? 'Anmeldung läuft...' : 'Einloggen'}
      </button>
    </form>
  );
}
