import { useAuthenticatedUser } from '@/features/auth/hooks/use-auth';
import { SchliesszeitenPage } from '@/features/schliesszeiten/components/schliesszeiten-page';

/** /schliesszeiten (SPEC.md §2 Closing times and events). */
export function SchliesszeitenRoute() {
  const user = useAuthenticatedUser();
  return <SchliesszeitenPage user={user} />;
}
