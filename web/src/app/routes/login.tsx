import { AuthLayout } from '@/features/auth/components/auth-layout';
import { BackToWebsiteButton } from '@/features/auth/components/back-to-website-button';
import { LoginForm } from '@/features/auth/components/login-form';
import { WelcomePanel } from '@/features/auth/components/welcome-panel';

/** / and /login (SPEC.md §2 Login screen). */
export function LoginRoute() {
  return (
    <AuthLayout title="Anmelden" action={<BackToWebsiteButton />}>
      <div className="login-card">
        <WelcomePanel />
        <LoginForm />
      </div>
    </AuthLayout>
  );
}
