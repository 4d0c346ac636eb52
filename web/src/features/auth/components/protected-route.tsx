import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { LoadingScreen } from '@/components/loading-screen';
import { useAuth } from '@/features/auth/hooks/use-auth';
import type { LoginRedirectState } from '@/features/auth/utils/redirect';
import { ErsterRahmen } from '@/rahmen/erster-rahmen';

/** Lets only signed-in users through; others go to /login, which brings them back afterwards. */
export function ProtectedRoute() {
  const { session } = useAuth();
  const location = useLocation();
  // The screen's frame (header, heading) while `current-user` is asked, where the page brought one.
  if (session.status === 'pending') return <ErsterRahmen sonst={<LoadingScreen />} />;
  if (session.status === 'anonymous') {
    const state: LoginRedirectState = { from: `${location.pathname}${location.search}` };
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}
