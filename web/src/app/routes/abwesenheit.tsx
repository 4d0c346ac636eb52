import { AbwesenheitPage } from '@/features/abwesenheit/components/abwesenheit-page';
import { useAuthenticatedUser } from '@/features/auth/hooks/use-auth';

/** /abwesenheit (SPEC.md §2 Absences). */
export function AbwesenheitRoute() {
  const user = useAuthenticatedUser();
  return <AbwesenheitPage user={user} />;
}
