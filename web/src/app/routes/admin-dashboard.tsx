import { Navigate, useParams } from 'react-router-dom';
import { AdminDashboardPage } from '@/features/admin/components/admin-dashboard-page';
import { ADMIN_CENTER, bereichAus } from '@/features/admin/utils/bereiche';
import { useAuthenticatedUser } from '@/features/auth/hooks/use-auth';

/** /admin-dashboard and /admin-dashboard/{section} (docs/produkt.md, Admin Center): /admin-dashboard opens the first section. */
export function AdminDashboardRoute() {
  const user = useAuthenticatedUser();
  const { bereich: pfad } = useParams();
  const bereich = bereichAus(pfad);
  if (!bereich) return <Navigate to={ADMIN_CENTER} replace />;
  return <AdminDashboardPage user={user} bereich={bereich} />;
}
