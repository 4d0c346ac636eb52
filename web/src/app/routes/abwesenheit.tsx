import { AbwesenheitPage } from '@/features/abwesenheit/components/abwesenheit-page';
import { useAuthenticatedUser } from '@/features/auth/hooks/use-auth';

/** /abwesenheit (docs/produkt.md §2 Abwesenheiten). */
export function AbwesenheitRoute() {
  const user = useAuthenticatedUser();
  return <AbwesenheitPage user={user} />;
}
