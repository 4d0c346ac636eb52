import { useAuthenticatedUser } from '@/features/auth/hooks/use-auth';
import { TauschBoersePage } from '@/features/tausch/components/tausch-boerse-page';

/** /tauschboerse (SPEC.md §2 Swap exchange). */
export function TauschboerseRoute() {
  const user = useAuthenticatedUser();
  return <TauschBoersePage user={user} />;
}
