import { useTranslation } from 'react-i18next';
import { PageLayout } from '@/components/page-layout';
import { useAuth, useAuthenticatedUser } from '@/features/auth/hooks/use-auth';
import { MeineDatenAnsicht } from '@/features/datenschutz/components/meine-daten-ansicht';
import { SpracheKarte } from '@/features/sprache/components/sprache-karte';

/** /meine-daten: the family's profile ('Sprache', docs/i18n.md) and its data in a readable summary ('Meine Daten ansehen' on the dashboard). */
export function MeineDatenRoute() {
  const user = useAuthenticatedUser();
  const { t } = useTranslation();
  const { session, signIn } = useAuth();
  const token = session.status === 'authenticated' ? session.token : null;
  return (
    <PageLayout title={t('meineDaten.seite.titel')} subtitle={t('meineDaten.seite.untertitel')} backToDashboard>
      <MeineDatenAnsicht zusatz={<SpracheKarte onGewaehlt={(sprache) => signIn({ ...user, sprache }, token)} />} />
    </PageLayout>
  );
}
