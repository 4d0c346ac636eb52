import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LoadingScreen } from '@/components/loading-screen';
import { PageLayout } from '@/components/page-layout';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { DatenschutzText } from '@/features/datenschutz/components/datenschutz-text';

/** /datenschutz: public, signed in or not (docs/api-datenschutz.md); linked from the login and the dashboard. */
export function DatenschutzRoute() {
  const { session } = useAuth();
  const { t } = useTranslation();
  const TITEL = t('meineDaten.datenschutz');
  if (session.status === 'pending') return <LoadingScreen />;
  if (session.status === 'authenticated')
    return (
      <PageLayout title={TITEL} subtitle={t('datenschutz.text.untertitel')} backToDashboard>
        <DatenschutzText angemeldet />
      </PageLayout>
    );
  return (
    <AuthLayout
      title={TITEL}
      action={
        <Link className="btn btn--secondary btn--small" to="/login">
          {t('datenschutz.text.zurAnmeldung')}
        </Link>
      }
    >
      <div className="datenschutz-oeffentlich">
        <h1 className="datenschutz-oeffentlich__titel">{TITEL}</h1>
        <DatenschutzText angemeldet={false} />
      </div>
    </AuthLayout>
  );
}
