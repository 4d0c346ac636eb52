import { InPreparation } from '@/components/in-preparation';
import { PageLayout } from '@/components/page-layout';

/** /abwesenheit — built in a later issue. */
export function AbwesenheitRoute() {
  return (
    <PageLayout title="Abwesenheiten" backToDashboard>
      <InPreparation />
    </PageLayout>
  );
}
