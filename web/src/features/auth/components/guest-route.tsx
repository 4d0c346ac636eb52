import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { LoadingScreen } from '@/components/loading-screen';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { redirectTargetFrom } from '@/features/auth/utils/redirect';

/**
 * Screens for signed-out visitors (login, forgot and reset password). A signed-in user goes on to
 * the remembered origin or /dashboard — this is also how a successful login leaves the login screen.
 */
export function GuestRoute() {
  const { session } = useAuth();
  const location = useLocation();
  if (session.status === 'pending') return <LoadingScreen />;
  if (session.status === 'authenticated') return <Navigate to={redirectTargetFrom(location.state)} replace />;
  return <Outlet />;
}
