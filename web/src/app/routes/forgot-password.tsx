import { useTranslation } from 'react-i18next';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { PasswortCard } from '@/features/auth/components/passwort-card';

/** /forgot-password (docs/produkt.md §2 Forgot password). Signed-in users are sent on by the GuestRoute gate. */
export function ForgotPasswordRoute() {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('vergessen.seitentitel')} sprachwahl>
      <PasswortCard title={t('login.passwortVergessen')} intro={t('vergessen.intro')} backLabel={t('vergessen.zurueckZumLogin')}>
        <ForgotPasswordForm />
      </PasswortCard>
    </AuthLayout>
  );
}
