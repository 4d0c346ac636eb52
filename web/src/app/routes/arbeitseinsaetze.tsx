import { PageLayout } from '@/components/page-layout';
import { useAuthenticatedUser } from '@/features/auth/hooks/use-auth';
import { EinsaetzePage } from '@/features/einsaetze/components/einsaetze-page';

/** /arbeitseinsaetze 'Arbeitseinsätze' (docs/produkt.md): work days and fêtes, sign up for a shift. */
export function ArbeitseinsaetzeRoute() {
  const user = useAuthenticatedUser();
  return (
    <PageLayout title="Arbeitseinsätze" subtitle="Arbeitseinsätze und Feste: tragen Sie sich für eine Schicht ein" backToDashboard>
      <EinsaetzePage user={user} />
    </PageLayout>
  );
}
