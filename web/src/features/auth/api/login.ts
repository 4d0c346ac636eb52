import type { ElternDto, LoginAntwort } from '@waldkita/domain/auth/antworten';
import { LOGIN_FEHLGESCHLAGEN, type LoginEingabe, ZU_VIELE_VERSUCHE } from '@/features/auth/utils/login-pruefung';
import { pickUser } from '@/features/auth/utils/user';
import { ApiError, apiRequest } from '@/lib/api-client';

/** What the sign-in gives the web: the family (from the answer's `eltern`) and its token (the answer's `jwt`). */
export type LoginResult = { user: ElternDto; token: string | null };

/** POST /api/auth/login, form-encoded (docs/produkt.md §7). */
export async function loginWithEmailAndPassword(input: LoginEingabe): Promise<LoginResult> {
  const response = await apiRequest<LoginAntwort | null>('/api/auth/login', {
    method: 'POST',
    form: { email: input.email, kennwort: input.kennwort },
    auth: false,
  });
  const user = pickUser(response);
  if (!user) {
    console.error('No user data received from server');
    throw new Error('No user data received from server');
  }
  const jwt = response?.jwt;
  const token = typeof jwt === 'string' && jwt ? jwt : null;
  if (!token) console.warn('No token received from server; storing user data only');
  return { user, token };
}

/** The text the login screen shows for a failed attempt (docs/produkt.md §8): the server's text only for 429. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 429) return error.message || ZU_VIELE_VERSUCHE;
  return LOGIN_FEHLGESCHLAGEN;
}
