import { InPreparation } from '@/components/in-preparation';
import { PageLayout } from '@/components/page-layout';

/** /tauschboerse — built in a later issue. */
export function TauschboerseRoute() {
  return (
    <PageLayout title="Tausch-Börse" backToDashboard>
      <InPreparation />
    </PageLayout>
  );
}
