import type { ReactNode } from 'react';
import { AuthProvider } from '@/features/auth/components/auth-provider';

/** What every screen shares: the session. The query cache lives below the route gates (app/query-shell.tsx). */
export function AppProvider({ children }: { children: ReactNode }) {
  return <AuthProvider>{children}</AuthProvider>;
}
