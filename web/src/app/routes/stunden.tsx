import { useTranslation } from 'react-i18next';
import { PageLayout } from '@/components/page-layout';
import { useAuthenticatedUser } from '@/features/auth/hooks/use-auth';
import { StundenPage } from '@/features/stunden/components/stunden-page';

/** /stunden 'Meine Stunden' (docs/stunden.md): the family's parents' hours of the kindergarten year. */
export function StundenRoute() {
  const user = useAuthenticatedUser();
  const { t } = useTranslation();
  return (
    <PageLayout title={t('stunden.seite.titel')} subtitle={t('stunden.seite.untertitel')} backToDashboard>
      <StundenPage user={user} />
    </PageLayout>
  );
}
