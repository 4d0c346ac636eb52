import type { ElternDto } from '@waldkita/domain/auth/login';
import { LOGIN_FEHLGESCHLAGEN, type LoginEingabe, ZU_VIELE_VERSUCHE } from '@/features/auth/utils/login-pruefung';
import { pickUser } from '@/features/auth/utils/user';
import { ApiError, apiRequest } from '@/lib/api-client';

export type LoginResult = { user: ElternDto; token: string | null };

/** POST /api/auth/login, form-encoded (SPEC.md §7). */
export async function loginWithEmailAndPassword(input: LoginEingabe): Promise<LoginResult> {
  const response = await apiRequest<unknown>('/api/auth/login', {
    method: 'POST',
    form: { email: input.email, kennwort: input.kennwort },
    auth: false,
  });
  const user = pickUser(response);
  if (!user) {
    console.error('No user data received from server');
    throw new Error('No user data received from server');
  }
  const jwt = response && typeof response === 'object' && 'jwt' in response ? response.jwt : null;
  const token = typeof jwt === 'string' && jwt ? jwt : null;
  if (!token) console.warn('No token received from server; storing user data only');
  return { user, token };
}

/** The text the login screen shows for a failed attempt (SPEC.md §8): the server's text only for 429. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 429) return error.message || ZU_VIELE_VERSUCHE;
  return LOGIN_FEHLGESCHLAGEN;
}
