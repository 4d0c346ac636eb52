import { useContext } from 'react';
import { AuthContext, type AuthContextValue } from '@/features/auth/utils/auth-context';

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

/** The signed-in user; only for screens behind the ProtectedRoute gate. */
export function useAuthenticatedUser() {
  const { session } = useAuth();
  if (session.status !== 'authenticated') throw new Error('useAuthenticatedUser needs a signed-in user');
  return session.user;
}
