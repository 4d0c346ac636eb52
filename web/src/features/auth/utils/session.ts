import type { ElternDto } from '@waldkita/domain/auth/antworten';
import { clearStoredSession, getStoredToken, getStoredUserData } from '@/lib/session-storage';

export type Session =
  | { status: 'authenticated'; token: string; user: ElternDto }
  /** A token without user data: the current user must be fetched first. */
  | { status: 'pending'; token: string }
  | { status: 'anonymous' };

/** `exp` of a JWT in seconds, or null when the token cannot be decoded. */
export function readTokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (claims && typeof claims === 'object' && 'exp' in claims && typeof claims.exp === 'number') return claims.exp;
    return null;
  } catch {
    return null;
  }
}

function parseUser(json: string | null): ElternDto | null {
  if (!json) return null;
  try {
    const user: unknown = JSON.parse(json);
    return user && typeof user === 'object' ? (user as ElternDto) : null;
  } catch {
    return null;
  }
}

/**
 * The session as stored in the browser (docs/produkt.md §4): authenticated only with token and user data and
 * an unexpired token. An expired token removes both. An undecodable token counts when user data exists.
 */
export function readSession(now: number = Date.now()): Session {
  const token = getStoredToken();
  if (!token) return { status: 'anonymous' };
  const exp = readTokenExpiry(token);
  if (exp !== null && exp * 1000 <= now) {
    clearStoredSession();
    return { status: 'anonymous' };
  }
  const user = parseUser(getStoredUserData());
  return user ? { status: 'authenticated', token, user } : { status: 'pending', token };
}
