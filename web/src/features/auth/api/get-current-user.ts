import type { AktuelleEltern, ElternDto } from '@waldkita/domain/auth/antworten';
import { pickUser } from '@/features/auth/utils/user';
import { ApiError, apiRequest } from '@/lib/api-client';
import { getStoredToken } from '@/lib/session-storage';

/** GET /api/auth/current-user with the bearer token; the user may sit under eltern, user or be the bare object. */
export async function getCurrentUser(): Promise<ElternDto> {
  if (!getStoredToken()) throw new Error('No token found');
  let response: AktuelleEltern | null;
  try {
    response = await apiRequest<AktuelleEltern | null>('/api/auth/current-user');
  } catch (error) {
    if (error instanceof ApiError) throw new Error('Failed to get current user', { cause: error });
    throw error;
  }
  const user = pickUser(response);
  if (!user) throw new Error('Failed to get current user');
  return user;
}
