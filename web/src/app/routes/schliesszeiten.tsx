import { useAuthenticatedUser } from '@/features/auth/hooks/use-auth';
import { SchliesszeitenPage } from '@/features/schliesszeiten/components/schliesszeiten-page';

/** /schliesszeiten (docs/produkt.md §2 Schließzeiten & Events). */
export function SchliesszeitenRoute() {
  const user = useAuthenticatedUser();
  return <SchliesszeitenPage user={user} />;
}
