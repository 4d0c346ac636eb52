import { useTranslation } from 'react-i18next';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { BackToWebsiteButton } from '@/features/auth/components/back-to-website-button';
import { LoginForm } from '@/features/auth/components/login-form';
import { WelcomePanel } from '@/features/auth/components/welcome-panel';

/** / and /login (docs/produkt.md §2 Login screen). */
export function LoginRoute() {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('login.titel')} action={<BackToWebsiteButton />} sprachwahl>
      <div className="login-card">
        <WelcomePanel />
        <LoginForm />
      </div>
    </AuthLayout>
  );
}
