import { InPreparation } from '@/components/in-preparation';
import { PageLayout } from '@/components/page-layout';

/** /schliesszeiten — built in a later issue. */
export function SchliesszeitenRoute() {
  return (
    <PageLayout title="Schließzeiten & Events" backToDashboard>
      <InPreparation />
    </PageLayout>
  );
}
