import { useState } from 'react';
import { PageLayout } from '@/components/page-layout';
import { darfVerlaufSehen } from '@/features/audit/utils/zugriff';
import { ChangePasswordDialog } from '@/features/auth/components/change-password-dialog';
import { LogoutButton } from '@/features/auth/components/logout-button';
import { useAuthenticatedUser } from '@/features/auth/hooks/use-auth';
import { greetingFor, isAdmin } from '@/features/auth/utils/user';
import { DashboardTiles } from '@/features/dashboard/components/dashboard-tiles';
import { MessagesPanel } from '@/features/dashboard/components/messages-panel';
import { WetterCard } from '@/features/wetter/components/wetter-card';

/** /dashboard (SPEC.md §2 Dashboard). */
export function DashboardRoute() {
  const user = useAuthenticatedUser();
  const [changingPassword, setChangingPassword] = useState(false);
  return (
    <PageLayout
      title="Willkommen im Dashboard"
      subtitle={greetingFor(user)}
      actions={
        <>
          <button type="button" className="btn btn--on-dark" onClick={() => setChangingPassword(true)}>
            Passwort ändern
          </button>
          <LogoutButton />
        </>
      }
    >
      <div className="dashboard">
        <div className="dashboard__info">
          <MessagesPanel isAdmin={isAdmin(user)} />
          <WetterCard />
        </div>
        <DashboardTiles isAdmin={isAdmin(user)} verlauf={darfVerlaufSehen(user)} />
      </div>
      <ChangePasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} />
    </PageLayout>
  );
}
