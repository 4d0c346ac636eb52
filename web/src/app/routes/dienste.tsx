import { useTranslation } from 'react-i18next';
import { PageLayout } from '@/components/page-layout';
import { useAuthenticatedUser } from '@/features/auth/hooks/use-auth';
import { DienstePage } from '@/features/dienste/components/dienste-page';

/** /dienste 'Meine Dienste' (docs/produkt.md §2): every duty of the family, of every kind. */
export function DiensteRoute() {
  const user = useAuthenticatedUser();
  const { t } = useTranslation();
  return (
    <PageLayout title={t('dienste.seite.titel')} subtitle={t('dienste.seite.untertitel')} backToDashboard>
      <DienstePage user={user} />
    </PageLayout>
  );
}
