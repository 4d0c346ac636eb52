import { PageLayout } from '@/components/page-layout';
import { MeineDatenAnsicht } from '@/features/datenschutz/components/meine-daten-ansicht';

/** /meine-daten: the family's data in a readable summary ('Meine Daten ansehen' on the dashboard). */
export function MeineDatenRoute() {
  return (
    <PageLayout title="Meine Daten" subtitle="Alles, was das Elternportal über Ihre Familie gespeichert hat" backToDashboard>
      <MeineDatenAnsicht />
    </PageLayout>
  );
}
