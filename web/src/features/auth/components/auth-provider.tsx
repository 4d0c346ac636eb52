import type { ElternDto } from '@waldkita/domain/auth/antworten';
import { istSprache } from '@waldkita/domain/i18n/sprachen';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { getCurrentUser } from '@/features/auth/api/get-current-user';
import { AuthContext, type AuthContextValue } from '@/features/auth/utils/auth-context';
import { readSession, readTokenExpiry, type Session } from '@/features/auth/utils/session';
import { wechsleSprache } from '@/lib/i18n';
import { AUTH_TOKEN_KEY, clearStoredSession, storeSession, storeUserData, USER_DATA_KEY } from '@/lib/session-storage';
import { setUnauthorizedHandler } from '@/lib/unauthorized-handler';

/** Longest delay setTimeout accepts (about 24.8 days). */
const MAX_TIMEOUT_MS = 2_147_483_647;

/**
 * Holds the session of docs/produkt.md §4 in React state so that login and logout update the UI. A stored
 * token without user data is resolved through GET /api/auth/current-user; failure logs out. What was
 * read for a session is dropped with it: the query cache lives inside the signed-in screens
 * (app/query-shell.tsx), which the route gate leaves when the session ends.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session>(() => readSession());

  const signOut = useCallback<AuthContextValue['signOut']>((options) => {
    clearStoredSession();
    if (options?.redirectTo) {
      // A full page load ends everything that lives in memory, too.
      window.location.assign(options.redirectTo);
      return;
    }
    setSession({ status: 'anonymous' });
  }, []);

  const signIn = useCallback<AuthContextValue['signIn']>((user: ElternDto, token: string | null) => {
    storeSession(token, JSON.stringify(user));
    setSession(readSession());
  }, []);

  // The gate: cached user data is used as is; otherwise the current user is fetched.
  useEffect(() => {
    if (session.status !== 'pending') return;
    let current = true;
    getCurrentUser().then(
      (user) => {
        if (!current) return;
        storeUserData(JSON.stringify(user));
        setSession(readSession());
      },
      () => {
        if (current) signOut();
      },
    );
    return () => {
      current = false;
    };
  }, [session.status, signOut]);

  // The signed-in family's language (also when it changes in another tab or on another device).
  const spracheDerFamilie = session.status === 'authenticated' ? session.user.sprache : undefined;
  useEffect(() => {
    if (istSprache(spracheDerFamilie)) void wechsleSprache(spracheDerFamilie);
  }, [spracheDerFamilie]);

  // A 401 on any authenticated call ends the session; the route gate then leads to /login.
  useEffect(() => setUnauthorizedHandler(() => signOut()), [signOut]);

  // Log out the moment the token expires.
  const token = session.status === 'anonymous' ? null : session.token;
  useEffect(() => {
    const exp = token ? readTokenExpiry(token) : null;
    if (exp === null) return;
    const timer = window.setTimeout(() => setSession(readSession()), Math.min(Math.max(exp * 1000 - Date.now(), 0), MAX_TIMEOUT_MS));
    return () => window.clearTimeout(timer);
  }, [token]);

  // Follow sign-in and sign-out in other tabs.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === AUTH_TOKEN_KEY || event.key === USER_DATA_KEY) setSession(readSession());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const value = useMemo<AuthContextValue>(() => ({ session, signIn, signOut }), [session, signIn, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
