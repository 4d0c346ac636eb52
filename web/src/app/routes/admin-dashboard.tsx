import { InPreparation } from '@/components/in-preparation';
import { PageLayout } from '@/components/page-layout';

/** /admin-dashboard — built in a later issue. */
export function AdminDashboardRoute() {
  return (
    <PageLayout title="Admin Center" backToDashboard>
      <InPreparation />
    </PageLayout>
  );
}
