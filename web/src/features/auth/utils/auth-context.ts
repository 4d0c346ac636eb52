import type { ElternDto } from '@waldkita/domain/auth/antworten';
import { createContext } from 'react';
import type { Session } from './session';

export type AuthContextValue = {
  session: Session;
  /** Stores a fresh login (docs/produkt.md §5: user data is stored even without a token). */
  signIn: (user: ElternDto, token: string | null) => void;
  /** Ends the session: removes authToken and userData. With `redirectTo`, loads that page afresh. */
  signOut: (options?: { redirectTo?: string }) => void;
};

export const AuthContext = createContext<AuthContextValue | null>(null);
