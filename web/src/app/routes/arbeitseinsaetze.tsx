import { useTranslation } from 'react-i18next';
import { PageLayout } from '@/components/page-layout';
import { useAuthenticatedUser } from '@/features/auth/hooks/use-auth';
import { EinsaetzePage } from '@/features/einsaetze/components/einsaetze-page';

/** /arbeitseinsaetze 'Arbeitseinsätze' (docs/produkt.md): work days and fêtes, sign up for a shift. */
export function ArbeitseinsaetzeRoute() {
  const user = useAuthenticatedUser();
  const { t } = useTranslation();
  return (
    <PageLayout title={t('einsaetze.seite.titel')} subtitle={t('einsaetze.seite.untertitel')} backToDashboard>
      <EinsaetzePage user={user} />
    </PageLayout>
  );
}
