import { Link } from 'react-router-dom';
import { InPreparation } from '@/components/in-preparation';
import { AuthLayout } from '@/features/auth/components/auth-layout';

/** /forgot-password — built in a later issue. */
export function ForgotPasswordRoute() {
  return (
    <AuthLayout title="Passwort vergessen">
      <div className="auth-card">
        <h1 className="auth-card__title">Passwort vergessen</h1>
        <InPreparation>
          <p className="in-preparation__text">
            <Link to="/login">Zurück zum Login</Link>
          </p>
        </InPreparation>
      </div>
    </AuthLayout>
  );
}
