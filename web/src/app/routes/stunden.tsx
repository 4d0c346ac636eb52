import { PageLayout } from '@/components/page-layout';
import { useAuthenticatedUser } from '@/features/auth/hooks/use-auth';
import { StundenPage } from '@/features/stunden/components/stunden-page';

/** /stunden 'Meine Stunden' (docs/stunden.md): the family's parents' hours of the kindergarten year. */
export function StundenRoute() {
  const user = useAuthenticatedUser();
  return (
    <PageLayout title="Meine Stunden" subtitle="Elternstunden im laufenden Kita-Jahr" backToDashboard>
      <StundenPage user={user} />
    </PageLayout>
  );
}
