import { istAdmin } from '@waldkita/domain/eltern/eltern';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '@/components/page-layout';
import { darfVerlaufSehen } from '@/features/audit/utils/zugriff';
import { LogoutButton } from '@/features/auth/components/logout-button';
import { useAuthenticatedUser } from '@/features/auth/hooks/use-auth';
import { greetingFor } from '@/features/auth/utils/user';
import { DashboardTiles } from '@/features/dashboard/components/dashboard-tiles';
import { MessagesPanel } from '@/features/dashboard/components/messages-panel';
import { MeineDatenCard } from '@/features/datenschutz/components/meine-daten-card';
import { MeineDiensteCard } from '@/features/dienste/components/meine-dienste-card';
import { KalenderAboCard } from '@/features/kalender-abo/components/kalender-abo-card';
import { PushCard } from '@/features/push/components/push-card';
import { WetterCard } from '@/features/wetter/components/wetter-card';
import { rollenVon } from '@/lib/roles';

// 'Meine Daten ansehen' (/meine-daten) shares this screen's chunk (app/router.tsx).
export { MeineDatenRoute } from './meine-daten';

// The dialog and its password rules load on the way to the first opening, not with the dashboard.
const ladeChangePasswordDialog = () => import('@/features/auth/components/change-password-dialog');
const ChangePasswordDialog = lazy(() => ladeChangePasswordDialog().then((m) => ({ default: m.ChangePasswordDialog })));

/** /dashboard (docs/produkt.md §2 Dashboard). */
export function DashboardRoute() {
  const user = useAuthenticatedUser();
  const { t } = useTranslation();
  const [changingPassword, setChangingPassword] = useState(false);
  const [dialogGeladen, setDialogGeladen] = useState(false);
  const oeffneDialog = () => {
    setDialogGeladen(true);
    setChangingPassword(true);
  };
  return (
    <PageLayout
      title={t('dashboard.titel')}
      subtitle={greetingFor(user, (nachname) => t('dashboard.familie', { nachname }))}
      actions={
        <>
          <button
            type="button"
            className="btn btn--on-dark"
            onPointerEnter={ladeChangePasswordDialog}
            onFocus={ladeChangePasswordDialog}
            onClick={oeffneDialog}
          >
            {t('shell.passwortAendern')}
          </button>
          <LogoutButton />
        </>
      }
    >
      <div className="dashboard">
        <div className="dashboard__info">
          <MessagesPanel isAdmin={istAdmin(rollenVon(user))} />
          <WetterCard />
        </div>
        <DashboardTiles isAdmin={istAdmin(rollenVon(user))} verlauf={darfVerlaufSehen(user)} />
        <MeineDiensteCard />
        <KalenderAboCard />
        <PushCard />
        <MeineDatenCard />
      </div>
      {dialogGeladen && (
        <Suspense fallback={null}>
          <ChangePasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} />
        </Suspense>
      )}
    </PageLayout>
  );
}
