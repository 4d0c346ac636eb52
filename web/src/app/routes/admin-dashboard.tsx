import { AdminDashboardPage } from '@/features/admin/components/admin-dashboard-page';
import { useAuthenticatedUser } from '@/features/auth/hooks/use-auth';

/** /admin-dashboard (SPEC.md §2 Admin dashboard). */
export function AdminDashboardRoute() {
  const user = useAuthenticatedUser();
  return <AdminDashboardPage user={user} />;
}
