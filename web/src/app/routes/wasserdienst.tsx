import { PageLayout } from '@/components/page-layout';
import { useAuthenticatedUser } from '@/features/auth/hooks/use-auth';
import { WasserdienstView } from '@/features/wasserdienst/components/wasserdienst-view';

/** /wasserdienst (SPEC.md §2 Wasserdienst calendar). */
export function WasserdienstRoute() {
  const user = useAuthenticatedUser();
  return (
    <PageLayout title="Wasserdienst" backToDashboard>
      <WasserdienstView user={user} />
    </PageLayout>
  );
}
