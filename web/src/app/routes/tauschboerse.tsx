import { useAuthenticatedUser } from '@/features/auth/hooks/use-auth';
import { TauschBoersePage } from '@/features/tausch/components/tausch-boerse-page';

/** /tauschboerse (docs/produkt.md §2 Tausch-Börse). */
export function TauschboerseRoute() {
  const user = useAuthenticatedUser();
  return <TauschBoersePage user={user} />;
}
