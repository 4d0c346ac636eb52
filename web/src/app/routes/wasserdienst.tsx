import { useTranslation } from 'react-i18next';
import { PageLayout } from '@/components/page-layout';
import { useAuthenticatedUser } from '@/features/auth/hooks/use-auth';
import { WasserdienstView } from '@/features/wasserdienst/components/wasserdienst-view';

/** /wasserdienst (docs/produkt.md §2 Wasserdienst). */
export function WasserdienstRoute() {
  const user = useAuthenticatedUser();
  const { t } = useTranslation();
  return (
    <PageLayout title={t('wasserdienst.titel')} backToDashboard>
      <WasserdienstView user={user} />
    </PageLayout>
  );
}
