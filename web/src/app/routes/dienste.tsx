import { PageLayout } from '@/components/page-layout';
import { useAuthenticatedUser } from '@/features/auth/hooks/use-auth';
import { DienstePage } from '@/features/dienste/components/dienste-page';

/** /dienste 'Meine Dienste' (docs/produkt.md §2): every duty of the family, of every kind. */
export function DiensteRoute() {
  const user = useAuthenticatedUser();
  return (
    <PageLayout title="Meine Dienste" subtitle="Alle Dienste Ihrer Familie im Kalender" backToDashboard>
      <DienstePage user={user} />
    </PageLayout>
  );
}
