import { AuthLayout } from '@/features/auth/components/auth-layout';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { PasswortCard } from '@/features/auth/components/passwort-card';

/** /forgot-password (SPEC.md §2 Forgot password). Signed-in users are sent on by the GuestRoute gate. */
export function ForgotPasswordRoute() {
  return (
    <AuthLayout title="Passwort vergessen">
      <PasswortCard
        title="Passwort vergessen?"
        intro="Geben Sie die E-Mail-Adresse ein, mit der Sie sich anmelden. Wir senden Ihnen einen Link, mit dem Sie ein neues Passwort festlegen."
      >
        <ForgotPasswordForm />
      </PasswortCard>
    </AuthLayout>
  );
}
