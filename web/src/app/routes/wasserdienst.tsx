import { InPreparation } from '@/components/in-preparation';
import { PageLayout } from '@/components/page-layout';

/** /wasserdienst — built in a later issue. */
export function WasserdienstRoute() {
  return (
    <PageLayout title="Wasserdienst" backToDashboard>
      <InPreparation />
    </PageLayout>
  );
}
